// Package widgets makes interactive controls that a notebook shows under a
// cell and that call back into the session when the user moves them:
// sliders, dropdowns, check boxes, buttons, text fields, output areas and
// boxes, compatible with Jupyter's ipywidgets front end.
//
//	s := widgets.IntSlider(0, 15).Describe("channel")
//	s.OnChange(func(w *widgets.Widget) { fmt.Println("channel", w.Int()) })
//	s // the last expression shows the slider
//
// Interact wires controls to a function and redraws its result in place:
//
//	widgets.Interact(func(layer string, channel int) viz.Figure {
//		return viz.Heatmap(acts[layer].Select(1, channel))
//	}, widgets.Dropdown(names), widgets.IntSlider(0, 15))
//
// Rules:
//   - Every widget is one compiled type, *Widget, as every module is one
//     *nnlib.Module: a constructor per control (IntSlider, Dropdown, ...)
//     sets its kind. Methods that do not apply to a kind panic with a
//     message naming the method and the kind.
//   - A widget lives as a Jupyter comm (package comm) opened when it is
//     made; its state is a map of ipywidgets' trait names to JSON values.
//     Set sends a change to the front end; the front end's changes update
//     the state and then call the OnChange callbacks, on the session's
//     cell goroutine between cells, never beside a running cell.
//   - A callback that panics prints the panic under the widget's cell and
//     leaves the widget working.
//   - The protocol is ipywidgets 6 (jupyter-js-widgets 2.1), what Debian's
//     Jupyter Notebook runs; it is kept in one place (protocol.go).
//   - Outside a kernel (a program, a test) widgets work without a front
//     end: Set and the callbacks behave the same, nothing is sent.
package widgets

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/gohooks/gohooks/comm"
	"github.com/gohooks/gohooks/display"
)

// Widget is one control, box or output area.
type Widget struct {
	kind string // the ipywidgets class name: "IntSlider", "VBox", ...
	comm *comm.Comm

	mu       sync.Mutex
	state    map[string]any
	onChange []func(*Widget)
	onClick  []func(*Widget)
	parts    []*Widget // layout, style and children: opened before w
}

// registry keeps every open widget reachable by id, as the front end can
// name any of them.
var registry = struct {
	sync.Mutex
	byID map[string]*Widget
}{byID: map[string]*Widget{}}

func init() {
	comm.RegisterTarget(current.versionTarget, func(c *comm.Comm, _ comm.Message) {
		// The front end checks that it can speak our version and answers
		// {"validated": bool}; nothing here depends on the answer.
		c.Send(comm.Message{Data: map[string]any{"version": current.frontendVersion}})
	})
}

// baseState is the state every model has.
func baseState(model, view string) map[string]any {
	return map[string]any{
		"_model_module":         current.module,
		"_model_module_version": current.moduleVersion,
		"_model_name":           model,
		"_view_module":          current.module,
		"_view_module_version":  current.moduleVersion,
		"_view_name":            view,
		"msg_throttle":          1,
	}
}

// open makes a widget of kind with the given state and opens its comm.
func open(kind string, state map[string]any, parts ...*Widget) *Widget {
	w := &Widget{kind: kind, state: state, parts: parts}
	w.comm = comm.Open(current.target, "", comm.Message{Data: openData(w.stateCopy())})
	w.comm.OnMsg(w.receive)
	w.comm.OnClose(func(comm.Message) { forget(w) })
	registry.Lock()
	registry.byID[w.comm.ID()] = w
	registry.Unlock()
	return w
}

func forget(w *Widget) {
	registry.Lock()
	delete(registry.byID, w.comm.ID())
	registry.Unlock()
}

// domWidget opens a control with its own Layout model, as ipywidgets' DOM
// widgets have, plus the fields every control has.
func domWidget(kind, model, view string, fields map[string]any, parts ...*Widget) *Widget {
	layout := open("Layout", layoutState())
	state := baseState(model, view)
	state["_dom_classes"] = []any{}
	state["layout"] = ref(layout)
	for k, v := range fields {
		state[k] = v
	}
	return open(kind, state, append([]*Widget{layout}, parts...)...)
}

func layoutState() map[string]any {
	s := baseState("LayoutModel", "LayoutView")
	for _, k := range []string{"align_content", "align_items", "align_self", "border", "bottom",
		"display", "flex", "flex_flow", "height", "justify_content", "left", "margin", "max_height",
		"max_width", "min_height", "min_width", "order", "overflow", "overflow_x", "overflow_y",
		"padding", "right", "top", "visibility", "width"} {
		s[k] = nil
	}
	return s
}

// openData is the data of a widget's comm_open.
func openData(state map[string]any) map[string]any {
	if !current.nestedState {
		return state
	}
	data := map[string]any{"state": state, "buffer_paths": []any{}}
	for k, v := range state {
		data[k] = v
	}
	return data
}

// ref is how a state names another widget.
func ref(w *Widget) string { return "IPY_MODEL_" + w.ID() }

// ID returns the widget's model id (its comm id).
func (w *Widget) ID() string { return w.comm.ID() }

// Kind returns the ipywidgets class name of w ("IntSlider", "VBox", ...).
func (w *Widget) Kind() string { return w.kind }

// Get returns the value of one field of w's state (an ipywidgets trait
// name, such as "value", "max" or "description"), as JSON decodes it.
func (w *Widget) Get(name string) any {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.state[name]
}

// State returns a copy of w's whole state.
func (w *Widget) State() map[string]any {
	return w.stateCopy()
}

func (w *Widget) stateCopy() map[string]any {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make(map[string]any, len(w.state))
	for k, v := range w.state {
		out[k] = v
	}
	return out
}

// Set changes one field of w's state and sends it to the front end. A
// change of "value" calls the OnChange callbacks, as a change from the
// front end does. It returns w.
func (w *Widget) Set(name string, v any) *Widget {
	w.mu.Lock()
	old, had := w.state[name]
	w.state[name] = v
	w.mu.Unlock()
	w.comm.Send(comm.Message{Data: map[string]any{"method": "update", "state": map[string]any{name: v}}})
	if name == "value" && (!had || !sameJSON(old, v)) {
		w.changed()
	}
	return w
}

// Describe sets w's description (the label shown beside a control) and
// returns w.
func (w *Widget) Describe(text string) *Widget { return w.Set("description", text) }

// OnChange adds f to the functions called, in order, after w's value
// changes. It returns w.
func (w *Widget) OnChange(f func(w *Widget)) *Widget {
	w.mu.Lock()
	w.onChange = append(w.onChange, f)
	w.mu.Unlock()
	return w
}

// OnClick adds f to the functions called when the button w is clicked.
// It panics if w is not a Button.
func (w *Widget) OnClick(f func(w *Widget)) *Widget {
	w.must("OnClick", "Button")
	w.mu.Lock()
	w.onClick = append(w.onClick, f)
	w.mu.Unlock()
	return w
}

// Click calls w's OnClick callbacks, as a click in the front end does.
func (w *Widget) Click() {
	w.must("Click", "Button")
	w.mu.Lock()
	fs := append([]func(*Widget){}, w.onClick...)
	w.mu.Unlock()
	for _, f := range fs {
		f(w)
	}
}

// Close closes w's comm (the front end removes its views) and those of the
// layout and style models w made. Boxes do not close their children.
func (w *Widget) Close() {
	for _, p := range w.parts {
		if p.kind == "Layout" || strings.HasSuffix(p.kind, "Style") {
			p.Close()
		}
	}
	forget(w)
	w.comm.Close(comm.Message{})
}

func (w *Widget) must(method string, kinds ...string) {
	for _, k := range kinds {
		if w.kind == k {
			return
		}
	}
	panic(fmt.Sprintf("widgets: %s: a %s has no %s (only %s)", method, w.kind, method, strings.Join(kinds, ", ")))
}

// receive handles a message from the front end.
func (w *Widget) receive(m comm.Message) {
	switch m.Data["method"] {
	case current.syncMethod:
		changes, ok := m.Data["sync_data"].(map[string]any)
		if !ok {
			panic(fmt.Sprintf("widgets: %s %s: a %s message without sync_data", w.kind, w.ID(), current.syncMethod))
		}
		w.update(changes)
	case "request_state":
		w.comm.Send(comm.Message{Data: map[string]any{"method": "update", "state": w.stateCopy()}})
	case "custom":
		content, _ := m.Data["content"].(map[string]any)
		if content["event"] == "click" && w.kind == "Button" {
			w.Click()
		}
	default:
		panic(fmt.Sprintf("widgets: %s %s: unknown method %v", w.kind, w.ID(), m.Data["method"]))
	}
}

// update applies the front end's changes. A change that does not fit the
// widget (a value of the wrong type, an option that does not exist) is
// refused whole with a panic that the session shows, and the state stays.
func (w *Widget) update(changes map[string]any) {
	if v, ok := changes["value"]; ok {
		checked, err := w.checkValue(v)
		if err != nil {
			panic(fmt.Sprintf("widgets: %s %s: %v", w.kind, w.ID(), err))
		}
		changes["value"] = checked
	}
	w.mu.Lock()
	old, had := w.state["value"]
	for k, v := range changes {
		w.state[k] = v
	}
	now := w.state["value"]
	w.mu.Unlock()
	if _, ok := changes["value"]; ok && (!had || !sameJSON(old, now)) {
		w.changed()
	}
}

func (w *Widget) changed() {
	w.mu.Lock()
	fs := append([]func(*Widget){}, w.onChange...)
	w.mu.Unlock()
	for _, f := range fs {
		f(w)
	}
}

// checkValue checks a value from the front end against w's kind and
// bounds, and returns it in the state's form.
func (w *Widget) checkValue(v any) (any, error) {
	switch w.kind {
	case "IntSlider":
		f, ok := v.(float64)
		if !ok || f != math.Trunc(f) {
			return nil, fmt.Errorf("value %v is not an integer", v)
		}
		lo, hi := toFloat(w.Get("min")), toFloat(w.Get("max"))
		if f < lo || f > hi {
			return nil, fmt.Errorf("value %v is outside [%v, %v]", v, lo, hi)
		}
		return int(f), nil
	case "FloatSlider":
		f, ok := v.(float64)
		if !ok {
			return nil, fmt.Errorf("value %v is not a number", v)
		}
		lo, hi := toFloat(w.Get("min")), toFloat(w.Get("max"))
		if f < lo || f > hi || math.IsNaN(f) {
			return nil, fmt.Errorf("value %v is outside [%v, %v]", v, lo, hi)
		}
		return f, nil
	case "Checkbox":
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("value %v is not a bool", v)
		}
		return b, nil
	case "Dropdown":
		s, ok := v.(string)
		if !ok || !contains(w.Options(), s) {
			return nil, fmt.Errorf("value %v is not one of the options %q", v, w.Options())
		}
		return s, nil
	case "Text":
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("value %v is not a string", v)
		}
		return s, nil
	}
	return nil, fmt.Errorf("a %s has no value", w.kind)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func toFloat(v any) float64 {
	switch v := v.(type) {
	case float64:
		return v
	case int:
		return float64(v)
	}
	return math.NaN()
}

// sameJSON compares two state values as JSON would (an int and a float64
// of the same number are the same).
func sameJSON(a, b any) bool {
	fa, aNum := numeric(a)
	fb, bNum := numeric(b)
	if aNum || bNum {
		return aNum && bNum && fa == fb
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func numeric(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case int:
		return float64(v), true
	}
	return 0, false
}

// Bundle shows w: the front end draws a view of its model. Under the
// ipywidgets 6 Notebook extension a view is drawn on a "display" comm
// message, so Bundle sends one; the display data is what a saved notebook
// keeps to draw the view again.
func (w *Widget) Bundle() display.Bundle {
	if current.displayMessage {
		w.comm.Send(comm.Message{Data: map[string]any{"method": "display"}})
	}
	return display.Bundle{Data: map[string]any{
		"application/vnd.jupyter.widget-view+json": map[string]any{"model_id": w.ID()},
		"text/plain": w.String(),
	}}
}

// String describes w the way ipywidgets' repr does, with its value:
// IntSlider(value=3, min=0, max=15).
func (w *Widget) String() string {
	st := w.stateCopy()
	var fields []string
	for _, k := range []string{"value", "options", "min", "max", "step", "description"} {
		v, ok := st[k]
		if k == "options" {
			v, ok = st["_options_labels"]
		}
		if !ok || v == "" {
			continue
		}
		if s, isStr := v.(string); isStr {
			v = fmt.Sprintf("%q", s)
		}
		fields = append(fields, fmt.Sprintf("%s=%v", k, v))
	}
	if ch, ok := st["children"].([]any); ok {
		fields = append(fields, fmt.Sprintf("children=%d", len(ch)))
	}
	return w.kind + "(" + strings.Join(fields, ", ") + ")"
}
