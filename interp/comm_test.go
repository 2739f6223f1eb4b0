package interp

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/gohooks/gohooks/backend"
)

// commRecorder is a recorder that also keeps the comm messages the session
// sends.
type commRecorder struct {
	recorder
	cmu   sync.Mutex
	comms []backend.CommMessage
}

func (r *commRecorder) Comm(m backend.CommMessage) {
	r.cmu.Lock()
	r.comms = append(r.comms, m)
	r.cmu.Unlock()
}

// TestWidgetRoundTrip makes a slider in a cell through a real worker, then
// moves it as the front end would: the session opens its comms, asks the
// front end to display it, and runs the cell's callback with the new value
// when the comm message arrives; a bad message is refused and the slider
// keeps working.
func TestWidgetRoundTrip(t *testing.T) {
	c := newTestClient(t)
	r := &commRecorder{}
	rep := c.Execute(context.Background(), ExecuteRequest{Code: `s := widgets.IntSlider(0, 5).Describe("n")
s.OnChange(func(w *widgets.Widget) { fmt.Println("moved to", w.Int()) })
s`, MsgID: "cell-1"}, r)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	var slider string
	var opens, displays int
	for _, m := range r.comms {
		switch {
		case m.Kind == "open" && m.TargetName == "jupyter.widget":
			opens++
			if m.Data["_model_name"] == "IntSliderModel" {
				slider = m.CommID
			}
		case m.Kind == "msg" && m.Data["method"] == "display":
			displays++
		}
	}
	if slider == "" || opens != 3 || displays != 1 {
		t.Fatalf("comms: slider %q, %d opens (want 3: layout, style, slider), %d display messages: %+v", slider, opens, displays, r.comms)
	}
	if rep.Result == nil || rep.Result.Data["application/vnd.jupyter.widget-view+json"] == nil {
		t.Fatalf("result %+v has no widget view", rep.Result)
	}
	if !strings.HasPrefix(rep.Result.Data["text/plain"].(string), "IntSlider(value=0, min=0, max=5") {
		t.Errorf("text/plain %q", rep.Result.Data["text/plain"])
	}

	move := func(v any) (*commRecorder, error) {
		r := &commRecorder{}
		err := c.Comm(context.Background(), backend.CommMessage{Kind: "msg", CommID: slider,
			Data: map[string]any{"method": "backbone", "sync_data": map[string]any{"value": v}}}, r)
		return r, err
	}
	out, err := move(3.0)
	if err != nil || out.stdout.String() != "moved to 3\n" {
		t.Fatalf("moving to 3: err %v, printed %q", err, out.stdout.String())
	}
	out, err = move(9.0)
	if err != nil || !strings.Contains(out.stderr.String(), "outside [0, 5]") {
		t.Fatalf("moving to 9: err %v, stderr %q", err, out.stderr.String())
	}
	err = c.Comm(context.Background(), backend.CommMessage{Kind: "msg", CommID: "nosuch", Data: map[string]any{}}, &commRecorder{})
	if err == nil || !strings.Contains(err.Error(), "not open") {
		t.Fatalf("a message for an unknown comm: %v", err)
	}
	check := &commRecorder{}
	rep = c.Execute(context.Background(), ExecuteRequest{Code: "s.Int()"}, check)
	if rep.Err != nil || rep.Result.Data["text/plain"] != "3" {
		t.Fatalf("after the moves the slider holds %+v (%v)", rep.Result, rep.Err)
	}
	if info := c.CommInfo("jupyter.widget"); len(info) != 3 {
		t.Errorf("comm_info lists %d widget comms, want 3: %v", len(info), info)
	}
}
