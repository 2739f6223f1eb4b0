package kernel

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/gohooks/gohooks/backend"
)

// echoComms is a backend with one comm target, "echo": it opens the comm,
// prints what each message carries and sends it back on the comm with its
// buffers; other targets and unknown comms are errors.
type echoComms struct {
	*fakeBackend
	mu    sync.Mutex
	comms map[string]string
	got   []backend.CommMessage
}

func (e *echoComms) Comm(ctx context.Context, m backend.CommMessage, sink backend.Sink) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.got = append(e.got, m)
	switch {
	case m.Kind == "open" && m.TargetName == "echo":
		e.comms[m.CommID] = m.TargetName
	case m.Kind == "open":
		return fmt.Errorf("no target %q", m.TargetName)
	case e.comms[m.CommID] == "":
		return fmt.Errorf("comm %q is not open", m.CommID)
	case m.Kind == "close":
		delete(e.comms, m.CommID)
		return nil
	}
	sink.Stream("stdout", fmt.Sprintf("%s %v\n", m.Kind, m.Data["n"]))
	sink.(backend.CommSink).Comm(backend.CommMessage{Kind: "msg", CommID: m.CommID, Data: map[string]any{"echo": m.Data["n"]}, Buffers: m.Buffers})
	return nil
}

func (e *echoComms) CommInfo(target string) map[string]string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := map[string]string{}
	for id, t := range e.comms {
		if target == "" || t == target {
			out[id] = t
		}
	}
	return out
}

// TestCommsReachTheSession opens a comm, sends it a message with a binary
// buffer, lists it, and closes it, through real sockets: each message runs
// in the session with busy and idle around it, the session's output and
// its comm_msg come back with the message as parent, the buffer survives
// both ways, and comm_info lists the comm while it is open. An open for an
// unknown target is closed at once, and a message for an unknown comm is
// logged and dropped.
func TestCommsReachTheSession(t *testing.T) {
	var e *echoComms
	tk := startKernelWith(t, Options{}, func(f *fakeBackend) Backend {
		e = &echoComms{fakeBackend: f, comms: map[string]string{}}
		return e
	})
	id := tk.send(tk.shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "echo", "data": map[string]any{"n": 1}})
	msgs := tk.iopubUntilIdle(id)
	if got := types(msgs); got != "status:busy stream comm_msg status:idle" {
		t.Fatalf("comm_open iopub %s", got)
	}
	if c := content(t, msgs[2]); c["comm_id"] != "c1" || c["data"].(map[string]any)["echo"] != float64(1) {
		t.Fatalf("echo %v", c)
	}

	_, frames := tk.frames("comm_msg", map[string]any{"comm_id": "c1", "data": map[string]any{"n": 2}})
	frames = append(frames, []byte("\x00\x01binary"))
	tk.sendRaw(tk.shell, frames)
	var reply *Message
	for m := range tk.iopubIn {
		if m.Header.MsgType == "comm_msg" {
			reply = m
			break
		}
	}
	if len(reply.Buffers) != 1 || string(reply.Buffers[0]) != "\x00\x01binary" {
		t.Fatalf("buffers back: %q", reply.Buffers)
	}
	if len(e.got) != 2 || e.got[1].MsgID == "" || string(e.got[1].Buffers[0]) != "\x00\x01binary" {
		t.Fatalf("the session got %+v", e.got)
	}
	tk.drainIOPub()

	c := tk.request("comm_info_request", map[string]any{"target_name": "echo"})
	comms := c["comms"].(map[string]any)
	if len(comms) != 1 || comms["c1"].(map[string]any)["target_name"] != "echo" {
		t.Fatalf("comm_info_reply %v", c)
	}

	id = tk.send(tk.shell, "comm_open", map[string]any{"comm_id": "c2", "target_name": "nosuch", "data": map[string]any{}})
	if got := types(tk.iopubUntilIdle(id)); got != "status:busy comm_close status:idle" {
		t.Fatalf("open of an unknown target: %s", got)
	}
	id = tk.send(tk.shell, "comm_msg", map[string]any{"comm_id": "zz", "data": map[string]any{}})
	if got := types(tk.iopubUntilIdle(id)); got != "status:busy status:idle" {
		t.Fatalf("message for an unknown comm: %s", got)
	}
	id = tk.send(tk.shell, "comm_close", map[string]any{"comm_id": "c1", "data": map[string]any{}})
	tk.iopubUntilIdle(id)
	if c := tk.request("comm_info_request", map[string]any{}); len(c["comms"].(map[string]any)) != 0 {
		t.Fatalf("after close: %v", c)
	}
	tk.request("kernel_info_request", map[string]any{}) // still serving
}
