package kernel

import (
	"fmt"
	"net"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gohooks/gohooks/kernel/internal/zmtp/zmtptest"
)

func TestExecuteEchoesInputStreamsAndResult(t *testing.T) {
	tk := startKernel(t, Options{})
	rep, msgs := tk.execute("print hello, world\nresult 42", map[string]any{"user_expressions": map[string]any{"x": "1+1"}})
	if rep["status"] != "ok" || rep["execution_count"] != 1.0 {
		t.Fatalf("reply %v", rep)
	}
	if ue := rep["user_expressions"].(map[string]any); ue["x"].(map[string]any)["status"] != "ok" {
		t.Fatalf("user_expressions %v", ue)
	}
	if got := types(msgs); got != "status:busy execute_input stream execute_result status:idle" {
		t.Fatalf("iopub: %s", got)
	}
	if in := content(t, msgs[1]); in["code"] != "print hello, world\nresult 42" || in["execution_count"] != 1.0 {
		t.Fatalf("execute_input %v", in)
	}
	if s := content(t, msgs[2]); s["name"] != "stdout" || s["text"] != "hello, world\n" {
		t.Fatalf("stream %v", s)
	}
	res := content(t, msgs[3])
	if res["execution_count"] != 1.0 || res["data"].(map[string]any)["text/plain"] != "42" {
		t.Fatalf("execute_result %v", res)
	}

	rep, _ = tk.execute("print again", nil)
	if rep["execution_count"] != 2.0 {
		t.Fatalf("second cell count %v", rep["execution_count"])
	}
	// store_history=false does not count the cell.
	rep, _ = tk.execute("print quiet", map[string]any{"store_history": false})
	if rep["execution_count"] != 2.0 {
		t.Fatalf("store_history=false: count %v", rep["execution_count"])
	}
	// silent publishes nothing but busy and idle, and does not count.
	rep, msgs = tk.execute("print shh\nresult 1", map[string]any{"silent": true})
	if rep["status"] != "ok" || rep["execution_count"] != 2.0 {
		t.Fatalf("silent reply %v", rep)
	}
	if got := types(msgs); got != "status:busy status:idle" {
		t.Fatalf("silent iopub: %s", got)
	}
	reqs := tk.backend.requests
	if last := reqs[len(reqs)-1]; !last.Silent || last.StoreHistory {
		t.Fatalf("backend got %+v", last)
	}
}

func TestFailingCellPublishesExactlyOneError(t *testing.T) {
	tk := startKernel(t, Options{})
	rep, msgs := tk.execute("print before\nfail boom", nil)
	if rep["status"] != "error" || rep["ename"] != "panic" || rep["evalue"] != "boom" || rep["execution_count"] != 1.0 {
		t.Fatalf("reply %v", rep)
	}
	if got := types(msgs); got != "status:busy execute_input stream error status:idle" {
		t.Fatalf("iopub: %s", got)
	}
	e := content(t, msgs[3])
	if tb := e["traceback"].([]any); len(tb) != 2 || tb[0] != "panic: boom" {
		t.Fatalf("error %v", e)
	}
}

func TestDisplayUpdateAndClear(t *testing.T) {
	tk := startKernel(t, Options{})
	_, msgs := tk.execute("display d1\nupdate d1\ndisplay -\nclear", nil)
	if got := types(msgs); got != "status:busy execute_input display_data update_display_data display_data clear_output status:idle" {
		t.Fatalf("iopub: %s", got)
	}
	d := content(t, msgs[2])
	if d["transient"].(map[string]any)["display_id"] != "d1" || d["data"].(map[string]any)["text/html"] != "<b>d1</b>" {
		t.Fatalf("display_data %v", d)
	}
	if u := content(t, msgs[3]); u["transient"].(map[string]any)["display_id"] != "d1" {
		t.Fatalf("update_display_data %v", u)
	}
	if a := content(t, msgs[4]); len(a["transient"].(map[string]any)) != 0 {
		t.Fatalf("anonymous display has transient %v", a["transient"])
	}
	if c := content(t, msgs[5]); c["wait"] != true {
		t.Fatalf("clear_output %v", c)
	}
}

func TestStreamTextIsBatchedInOrder(t *testing.T) {
	// With a flush interval longer than the test, only size and the end of
	// the cell flush, so the batches are exact.
	tk := startKernel(t, Options{StreamFlushInterval: time.Hour, StreamFlushBytes: 250})
	_, msgs := tk.execute("print a\nprint b\neprint c\nprint d\nflood 600", nil)
	var got []string
	for _, m := range msgs {
		if m.Header.MsgType == "stream" {
			c := content(t, m)
			got = append(got, c["name"].(string)+":"+c["text"].(string))
		}
	}
	x := strings.Repeat("x", 100)
	want := []string{
		"stdout:a\nb\n", "stderr:c\n",
		"stdout:d\n" + x + x + x, // 302 bytes pass 250
		"stdout:" + x + x + x,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("streams %q, want %q", got, want)
	}
}

func TestOutputCapDropsTheRestWithANote(t *testing.T) {
	tk := startKernel(t, Options{OutputLimit: 1000})
	_, msgs := tk.execute("flood 5000\nprint after\ndisplay late", nil)
	var stdout, stderr string
	for _, m := range msgs {
		switch m.Header.MsgType {
		case "stream":
			c := content(t, m)
			if c["name"] == "stdout" {
				stdout += c["text"].(string)
			} else {
				stderr += c["text"].(string)
			}
		case "display_data":
			t.Fatal("display published past the cap")
		}
	}
	if stdout != strings.Repeat("x", 1000) {
		t.Fatalf("stdout has %d bytes, want the first 1000", len(stdout))
	}
	if !strings.Contains(stderr, "the rest was dropped") || strings.Count(stderr, "dropped") != 1 {
		t.Fatalf("note %q", stderr)
	}
	// The next cell has its own budget.
	_, msgs = tk.execute("print fresh", nil)
	if got := types(msgs); got != "status:busy execute_input stream status:idle" {
		t.Fatalf("next cell: %s", got)
	}
}

func TestIOPubHoldsBusyOnlyUntilTheRequestEndsOrTheWindowPasses(t *testing.T) {
	const window = 500 * time.Millisecond
	tk := startKernel(t, Options{coalesce: window})

	// A quick cell: its busy and execute_input wait for the rest and go
	// out with it once idle is published, not when the window ends.
	start := time.Now()
	rep, msgs := tk.execute("result 7", nil)
	if rep["status"] != "ok" || types(msgs) != "status:busy execute_input execute_result status:idle" {
		t.Fatalf("%v %s", rep, types(msgs))
	}
	if took := time.Since(start); took >= window {
		t.Fatalf("the cell's iopub messages took %v: they waited for the window", took)
	}

	// A long cell: busy and execute_input go out once the window has
	// passed, while it runs.
	id := tk.send(tk.shell, "execute_request", map[string]any{"code": "gate"})
	<-tk.backend.started
	start = time.Now()
	for _, want := range []string{"status:busy", "execute_input"} {
		select {
		case m := <-tk.iopubIn:
			if parentID(m) != id || types([]*Message{m}) != want {
				t.Fatalf("got %s for %s, want %s", types([]*Message{m}), parentID(m), want)
			}
		case <-time.After(wait):
			t.Fatalf("no %s while the cell runs", want)
		}
	}
	if held := time.Since(start); held < window/2 {
		t.Fatalf("busy came %v after the cell started, well before the window ended", held)
	}
	close(tk.backend.gate)
	tk.recvReply(tk.shellIn, id)
	select {
	case m := <-tk.iopubIn:
		if parentID(m) != id || types([]*Message{m}) != "status:idle" {
			t.Fatalf("after the gate: %s", types([]*Message{m}))
		}
	case <-time.After(wait):
		t.Fatal("no idle after the gate opened")
	}
}

func TestAStuckSubscriberDoesNotStopTheKernel(t *testing.T) {
	// A front end that subscribed to iopub and stopped reading: once the
	// socket buffers are full, a publish to it makes no progress. After
	// SendTimeout it is dropped and the others get everything.
	tk := startKernel(t, Options{SendTimeout: 200 * time.Millisecond, OutputLimit: 64 << 20})
	stuck := zmtptest.Dial(t, tk.k.iopub.Addr().String(), "SUB", "")
	stuck.Conn.(*net.TCPConn).SetReadBuffer(4 << 10)
	stuck.Send("\x01kernel.") // the test client subscribed to ""
	for deadline := time.Now().Add(wait); !slices.Contains(tk.k.iopub.Topics(), "kernel."); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the subscription never arrived")
		}
	}
	const size = 16 << 20 // more than loopback buffers hold
	start := time.Now()
	rep, msgs := tk.execute(fmt.Sprintf("flood %d", size), nil)
	if rep["status"] != "ok" {
		t.Fatalf("execute_reply %v", rep)
	}
	n := 0
	for _, m := range msgs {
		if m.Header.MsgType == "stream" {
			n += len(content(t, m)["text"].(string))
		}
	}
	if n != size {
		t.Fatalf("the reading front end got %d bytes of %d", n, size)
	}
	if !strings.Contains(tk.logs.String(), "took nothing for 200ms") {
		t.Fatalf("log: %s", tk.logs.String())
	}
	if took := time.Since(start); took > wait {
		t.Fatalf("the cell took %v", took)
	}
	tk.request("kernel_info_request", map[string]any{})
}

func TestInterruptWhileCellBlocks(t *testing.T) {
	tk := startKernel(t, Options{})
	id := tk.send(tk.shell, "execute_request", map[string]any{"code": "block", "silent": false})
	<-tk.backend.started
	// Control answers while the cell runs.
	kid := tk.send(tk.control, "kernel_info_request", map[string]any{})
	if r := tk.recvReply(tk.controlIn, kid); r.Header.MsgType != "kernel_info_reply" {
		t.Fatalf("got %s", r.Header.MsgType)
	}
	iid := tk.send(tk.control, "interrupt_request", map[string]any{})
	if r := tk.recvReply(tk.controlIn, iid); content(t, r)["status"] != "ok" {
		t.Fatalf("interrupt_reply %v", content(t, r))
	}
	rep := content(t, tk.recvReply(tk.shellIn, id))
	if rep["status"] != "error" || rep["ename"] != "interrupted" {
		t.Fatalf("execute_reply %v", rep)
	}
	tk.drainIOPub()
	// The kernel keeps serving.
	if c := tk.request("is_complete_request", map[string]any{"code": "x := 1"}); c["status"] != "complete" {
		t.Fatalf("is_complete after interrupt: %v", c)
	}
}

func TestSIGINTInterruptsTheCell(t *testing.T) {
	tk := startKernel(t, Options{})
	id := tk.send(tk.shell, "execute_request", map[string]any{"code": "block"})
	<-tk.backend.started
	tk.k.Interrupt() // what the command does on SIGINT
	if rep := content(t, tk.recvReply(tk.shellIn, id)); rep["ename"] != "interrupted" {
		t.Fatalf("execute_reply %v", rep)
	}
}

func TestStopOnErrorAbortsQueuedExecutes(t *testing.T) {
	tk := startKernel(t, Options{})
	first := tk.send(tk.shell, "execute_request", map[string]any{"code": "gate\nfail first", "stop_on_error": true})
	<-tk.backend.started
	second := tk.send(tk.shell, "execute_request", map[string]any{"code": "print second"})
	info := tk.send(tk.shell, "kernel_info_request", map[string]any{})
	third := tk.send(tk.shell, "execute_request", map[string]any{"code": "print third"})
	for deadline := time.Now().Add(wait); len(tk.k.shellq) < 3; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("requests never queued")
		}
	}
	close(tk.backend.gate)
	if c := content(t, tk.recvReply(tk.shellIn, first)); c["status"] != "error" {
		t.Fatalf("first: %v", c)
	}
	if c := content(t, tk.recvReply(tk.shellIn, second)); c["status"] != "aborted" {
		t.Fatalf("second: %v", c)
	}
	if r := tk.recvReply(tk.shellIn, info); r.Header.MsgType != "kernel_info_reply" {
		t.Fatalf("kernel_info in the queue got %s", r.Header.MsgType)
	}
	if c := content(t, tk.recvReply(tk.shellIn, third)); c["status"] != "aborted" {
		t.Fatalf("third: %v", c)
	}
	for _, id := range []string{first, second, info, third} {
		tk.iopubUntilIdle(id)
	}
	// Only the first cell ran; a new one runs again.
	if rep, _ := tk.execute("print fourth", nil); rep["status"] != "ok" {
		t.Fatalf("after abort: %v", rep)
	}
	if n := len(tk.backend.requests); n != 2 {
		t.Fatalf("backend ran %d cells, want 2", n)
	}
}

func TestARequestSentAfterTheErrorReplyRuns(t *testing.T) {
	// Only what was queued when the cell failed is aborted: a front end
	// that sends the next cell as soon as it sees the error gets it run,
	// however quickly it sends. A bare ZMTP client sends it the moment the
	// error reply has arrived.
	tk := startKernel(t, Options{})
	go func() {
		for range tk.backend.started { // more cells than it buffers
		}
	}()
	shell := zmtptest.Dial(t, tk.k.shell.Addr().String(), "DEALER", "quick")
	shell.Conn.SetReadDeadline(time.Now().Add(wait))
	for i := range 200 {
		_, fail := tk.frames("execute_request", map[string]any{"code": "fail boom", "stop_on_error": true})
		nextID, next := tk.frames("execute_request", map[string]any{"code": "print next"})
		if err := shell.WriteFrames(fail, false); err != nil {
			t.Fatal(err)
		}
		if _, _, err := shell.ReadMessage(); err != nil { // the error reply
			t.Fatal(err)
		}
		if err := shell.WriteFrames(next, false); err != nil {
			t.Fatal(err)
		}
		if m := recvMessage(shell, tk.signer); parentID(m) != nextID || content(t, m)["status"] != "ok" {
			t.Fatalf("%d: the request sent after the error reply got %s", i, m.Content)
		}
	}
}

func TestStopOnErrorFalseRunsQueuedExecutes(t *testing.T) {
	tk := startKernel(t, Options{})
	tk.backend.gate = make(chan struct{})
	first := tk.send(tk.shell, "execute_request", map[string]any{"code": "gate\nfail first", "stop_on_error": false})
	<-tk.backend.started
	second := tk.send(tk.shell, "execute_request", map[string]any{"code": "print second"})
	for deadline := time.Now().Add(wait); len(tk.k.shellq) < 1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("request never queued")
		}
	}
	close(tk.backend.gate)
	tk.recvReply(tk.shellIn, first)
	if c := content(t, tk.recvReply(tk.shellIn, second)); c["status"] != "ok" {
		t.Fatalf("second: %v", c)
	}
}

func TestStdinRoundTrip(t *testing.T) {
	tk := startKernel(t, Options{})
	id := tk.send(tk.shell, "execute_request", map[string]any{"code": "input your name: ", "allow_stdin": true})
	var req *Message
	select {
	case req = <-tk.stdinIn:
	case <-time.After(wait):
		t.Fatal("no input_request")
	}
	if req.Header.MsgType != "input_request" || parentID(req) != id {
		t.Fatalf("got %s with parent %s", req.Header.MsgType, parentID(req))
	}
	if c := content(t, req); c["prompt"] != "your name: " || c["password"] != false {
		t.Fatalf("input_request %v", c)
	}
	_, reply := tk.frames("input_reply", map[string]any{"value": "Ada"})
	// The reply's parent is the input_request, as front ends send it.
	tk.sendRaw(tk.stdin, reply)
	if c := content(t, tk.recvReply(tk.shellIn, id)); c["status"] != "ok" {
		t.Fatalf("execute_reply %v", c)
	}
	var out string
	for _, m := range tk.iopubUntilIdle(id) {
		if m.Header.MsgType == "stream" {
			out += content(t, m)["text"].(string)
		}
	}
	if out != "got Ada\n" {
		t.Fatalf("stdout %q", out)
	}

	// Without allow_stdin the cell gets an error and no request is sent.
	rep, _ := tk.execute("input no", map[string]any{"allow_stdin": false})
	if rep["status"] != "error" || !strings.Contains(rep["evalue"].(string), "allow_stdin") {
		t.Fatalf("allow_stdin=false: %v", rep)
	}
	select {
	case m := <-tk.stdinIn:
		t.Fatalf("unexpected %s on stdin", m.Header.MsgType)
	default:
	}
}
