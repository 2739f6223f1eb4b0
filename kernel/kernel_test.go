package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

func TestKernelInfoReply(t *testing.T) {
	tk := startKernel(t, Options{Version: "1.2.3"})
	c := tk.request("kernel_info_request", map[string]any{})
	if c["status"] != "ok" || c["protocol_version"] != "5.3" || c["implementation"] != "gohooks" || c["implementation_version"] != "1.2.3" {
		t.Fatalf("kernel_info_reply: %v", c)
	}
	li := c["language_info"].(map[string]any)
	want := map[string]any{
		"name": "go", "version": strings.TrimPrefix(runtime.Version(), "go"), "mimetype": "text/x-go",
		"file_extension": ".go", "pygments_lexer": "go", "codemirror_mode": "go", "nbconvert_exporter": "script",
	}
	if !reflect.DeepEqual(li, want) {
		t.Fatalf("language_info = %v, want %v", li, want)
	}
	if b, _ := c["banner"].(string); !strings.Contains(b, "gohooks 1.2.3") {
		t.Fatalf("banner %q", b)
	}
	if links, _ := c["help_links"].([]any); len(links) == 0 {
		t.Fatal("no help_links")
	}
}

func TestHandshakeRepublishesIdleForALateSubscriber(t *testing.T) {
	// A front end whose iopub subscription arrives after the
	// kernel_info_reply: the busy and idle of that request went to no one.
	info := ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", Key: testKey, SignatureScheme: "hmac-sha256"}
	k, err := New(info, newFakeBackend(), Options{HistoryFile: "-", Log: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- k.Run(context.Background()) }()
	defer func() { k.stop(); <-done }()
	tk := &testKernel{t: t, k: k, signer: k.signer, session: newMsgID()}
	ctx := context.Background()
	tk.shell = zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(tk.session)))
	defer tk.shell.Close()
	if err := tk.shell.Dial(k.Connection().endpoint(k.Connection().ShellPort)); err != nil {
		t.Fatal(err)
	}
	tk.shellIn = tk.pump(tk.shell)
	id := tk.send(tk.shell, "kernel_info_request", map[string]any{})
	tk.recvReply(tk.shellIn, id)
	time.Sleep(50 * time.Millisecond) // busy and idle are gone

	tk.iopub = zmq4.NewSub(ctx)
	defer tk.iopub.Close()
	if err := tk.iopub.Dial(k.Connection().endpoint(k.Connection().IOPubPort)); err != nil {
		t.Fatal(err)
	}
	if err := tk.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	tk.iopubIn = tk.pump(tk.iopub)
	select {
	case m := <-tk.iopubIn:
		if parentID(m) != id || m.Header.MsgType != "status" || state(m) != "idle" {
			t.Fatalf("the late subscriber got %s %s for %s, want status idle for the kernel_info_request %s", m.Header.MsgType, state(m), parentID(m), id)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the late subscriber got nothing")
	}
	select {
	case m := <-tk.iopubIn:
		t.Fatalf("a second %s %s after the welcome", m.Header.MsgType, state(m))
	case <-time.After(200 * time.Millisecond):
	}
}

func TestHandshakeWithASubscriberPublishesBusyAndIdleOnly(t *testing.T) {
	// The harness subscribes before its first request; a Jupyter client
	// drains iopub until it is quiet for 0.2 s, so any extra status would
	// delay "ready".
	tk := startKernel(t, Options{})
	tk.request("kernel_info_request", map[string]any{})
	select {
	case m := <-tk.iopubIn:
		t.Fatalf("unexpected %s %s after kernel_info's busy and idle", m.Header.MsgType, state(m))
	case <-time.After(200 * time.Millisecond):
	}
}

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
	stuck := dialRaw(t, tk.k.iopub, "SUB", "")
	stuck.c.(*net.TCPConn).SetReadBuffer(4 << 10)
	stuck.send("\x01kernel.") // the test client subscribed to ""
	for deadline := time.Now().Add(wait); !slices.Contains(tk.k.iopub.z.(zmq4.Topics).Topics(), "kernel."); time.Sleep(time.Millisecond) {
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
	shell := dialRaw(t, tk.k.shell, "DEALER", "quick")
	shell.c.SetReadDeadline(time.Now().Add(wait))
	for i := range 200 {
		_, fail := tk.frames("execute_request", map[string]any{"code": "fail boom", "stop_on_error": true})
		nextID, next := tk.frames("execute_request", map[string]any{"code": "print next"})
		if err := shell.writeFrames(fail, false); err != nil {
			t.Fatal(err)
		}
		if _, _, err := shell.readMessage(); err != nil { // the error reply
			t.Fatal(err)
		}
		if err := shell.writeFrames(next, false); err != nil {
			t.Fatal(err)
		}
		if m := shell.recvMessage(tk.signer); parentID(m) != nextID || content(t, m)["status"] != "ok" {
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

func TestCompleteInspectIsComplete(t *testing.T) {
	tk := startKernel(t, Options{})
	c := tk.request("complete_request", map[string]any{"code": "fmt.Pri", "cursor_pos": 7})
	if !reflect.DeepEqual(c["matches"], []any{"Print", "Printf", "Println"}) || c["cursor_start"] != 4.0 || c["cursor_end"] != 7.0 {
		t.Fatalf("complete_reply %v", c)
	}
	types := c["metadata"].(map[string]any)["_jupyter_types_experimental"].([]any)
	if first := types[0].(map[string]any); first["text"] != "Print" || first["type"] != "function" || first["start"] != 4.0 {
		t.Fatalf("types %v", types)
	}
	c = tk.request("complete_request", map[string]any{"code": "zzz", "cursor_pos": 3})
	if m, ok := c["matches"].([]any); !ok || len(m) != 0 {
		t.Fatalf("no matches must be an empty list: %v", c)
	}

	c = tk.request("inspect_request", map[string]any{"code": "fmt.Println", "cursor_pos": 5, "detail_level": 1})
	if c["status"] != "ok" || c["found"] != true || !strings.HasSuffix(c["data"].(map[string]any)["text/plain"].(string), "detail=1") {
		t.Fatalf("inspect_reply %v", c)
	}
	c = tk.request("inspect_request", map[string]any{"code": "nothing", "cursor_pos": 3, "detail_level": 0})
	if c["found"] != false || c["data"] == nil || c["metadata"] == nil {
		t.Fatalf("inspect_reply not found %v", c)
	}

	for code, want := range map[string]map[string]any{
		"x := 1":         {"status": "complete"},
		"func f() {":     {"status": "incomplete", "indent": "\t"},
		"}":              {"status": "invalid"},
		"if x { y() } }": {"status": "invalid"},
	} {
		if c := tk.request("is_complete_request", map[string]any{"code": code}); !reflect.DeepEqual(c, want) {
			t.Errorf("is_complete(%q) = %v, want %v", code, c, want)
		}
	}
}

func TestHelpCellPagesTheInspection(t *testing.T) {
	tk := startKernel(t, Options{})
	rep, msgs := tk.execute("fmt.Println??", nil)
	p := rep["payload"].([]any)
	if len(p) != 1 {
		t.Fatalf("payload %v", p)
	}
	page := p[0].(map[string]any)
	if page["source"] != "page" || !strings.HasSuffix(page["data"].(map[string]any)["text/plain"].(string), "detail=1") {
		t.Fatalf("page %v", page)
	}
	if got := types(msgs); got != "status:busy execute_input status:idle" {
		t.Fatalf("iopub %s", got)
	}
	rep, msgs = tk.execute("?missing", nil)
	if len(rep["payload"].([]any)) != 0 || types(msgs) != "status:busy execute_input stream status:idle" {
		t.Fatalf("not found: %v %s", rep, types(msgs))
	}
	if len(tk.backend.requests) != 0 {
		t.Fatal("help cells reached the backend's Execute")
	}
}

func TestHistoryTailRangeSearchAndPersistence(t *testing.T) {
	file := filepath.Join(t.TempDir(), "gohooks", "history.jsonl")
	tk := startKernel(t, Options{HistoryFile: file})
	for _, code := range []string{"result 1", "print 2", "result 1", "result 3"} {
		tk.execute(code, nil)
	}
	tk.execute("print not stored", map[string]any{"store_history": false})
	hist := func(c map[string]any) [][]any {
		t.Helper()
		r := tk.request("history_request", c)
		var out [][]any
		for _, e := range r["history"].([]any) {
			out = append(out, e.([]any))
		}
		return out
	}
	tail := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 2})
	if want := [][]any{{1.0, 3.0, "result 1"}, {1.0, 4.0, "result 3"}}; !reflect.DeepEqual(tail, want) {
		t.Fatalf("tail %v, want %v", tail, want)
	}
	out := hist(map[string]any{"output": true, "raw": true, "hist_access_type": "tail", "n": 1})
	if want := [][]any{{1.0, 4.0, []any{"result 3", "3"}}}; !reflect.DeepEqual(out, want) {
		t.Fatalf("tail with output %v, want %v", out, want)
	}
	rng := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": 1, "start": 2, "stop": 4})
	if want := [][]any{{1.0, 2.0, "print 2"}, {1.0, 3.0, "result 1"}}; !reflect.DeepEqual(rng, want) {
		t.Fatalf("range %v, want %v", rng, want)
	}
	if cur := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": 0, "start": 4, "stop": 0}); len(cur) != 1 {
		t.Fatalf("range in session 0: %v", cur)
	}
	search := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "res*1"})
	if len(search) != 2 {
		t.Fatalf("search %v", search)
	}
	if u := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "result ?", "unique": true}); len(u) != 2 || u[0][2] != "result 1" || u[1][2] != "result 3" {
		t.Fatalf("unique search %v", u)
	}
	if n := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "*", "n": 3}); len(n) != 3 || n[2][1] != 4.0 {
		t.Fatalf("search n=3 %v", n)
	}

	// A new kernel is session 2 and sees session 1.
	tk.close()
	tk2 := startKernel(t, Options{HistoryFile: file})
	tk2.execute("print new", nil)
	tail2 := tk2.request("history_request", map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 2})["history"].([]any)
	if want := []any{[]any{1.0, 4.0, "result 3"}, []any{2.0, 1.0, "print new"}}; !reflect.DeepEqual(tail2, want) {
		t.Fatalf("after restart tail %v, want %v", tail2, want)
	}
	prev := tk2.request("history_request", map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": -1, "start": 1, "stop": 2})["history"].([]any)
	if want := []any{[]any{1.0, 1.0, "result 1"}}; !reflect.DeepEqual(prev, want) {
		t.Fatalf("range session -1: %v", prev)
	}
}

func TestHistoryIsReadInTheBackgroundBeforeItIsUsed(t *testing.T) {
	file := filepath.Join(t.TempDir(), "history.jsonl")
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "{\"session\":%d,\"line\":%d,\"input\":\"cell %d\"}\n", 1+i/100, 1+i%100, i)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	// Used at once, it waits for the file: this run is session 31.
	h := openHistory(file, t.Logf)
	h.add(1, "new cell", "")
	got, err := h.query(historyRequest{HistAccessType: "tail", N: 2})
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]any{{30, 100, "cell 2999"}, {31, 1, "new cell"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("tail %v, want %v", got, want)
	}
}

func TestCommsWithoutTargets(t *testing.T) {
	tk := startKernel(t, Options{})
	c := tk.request("comm_info_request", map[string]any{"target_name": "jupyter.widget"})
	if c["status"] != "ok" || len(c["comms"].(map[string]any)) != 0 {
		t.Fatalf("comm_info_reply %v", c)
	}
	id := tk.send(tk.shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "jupyter.widget", "data": map[string]any{}})
	msgs := tk.iopubUntilIdle(id)
	if got := types(msgs); got != "status:busy comm_close status:idle" {
		t.Fatalf("iopub %s", got)
	}
	if cc := content(t, msgs[1]); cc["comm_id"] != "c1" {
		t.Fatalf("comm_close %v", cc)
	}
	id = tk.send(tk.shell, "comm_msg", map[string]any{"comm_id": "c1", "data": map[string]any{}})
	if got := types(tk.iopubUntilIdle(id)); got != "status:busy status:idle" {
		t.Fatalf("comm_msg iopub %s", got)
	}
	// comm messages get no reply; the next request's reply is the next
	// message on shell.
	tk.request("kernel_info_request", map[string]any{})
}

func TestConnectAndDebugRequests(t *testing.T) {
	tk := startKernel(t, Options{})
	c := tk.request("connect_request", map[string]any{})
	if c["shell_port"] != float64(tk.k.Connection().ShellPort) || c["hb_port"] != float64(tk.k.Connection().HBPort) {
		t.Fatalf("connect_reply %v", c)
	}
	id := tk.send(tk.control, "debug_request", map[string]any{"seq": 7, "type": "request", "command": "initialize"})
	d := content(t, tk.recvReply(tk.controlIn, id))
	if d["success"] != false || d["request_seq"] != 7.0 || d["command"] != "initialize" {
		t.Fatalf("debug_reply %v", d)
	}
}

func TestHeartbeatEchoes(t *testing.T) {
	tk := startKernel(t, Options{})
	if err := tk.hb.Send(zmqMsg("ping")); err != nil {
		t.Fatal(err)
	}
	m, err := tk.hb.Recv()
	if err != nil || string(m.Frames[0]) != "ping" {
		t.Fatalf("heartbeat: %q %v", m.Frames, err)
	}
}

func TestShutdownStopsTheKernel(t *testing.T) {
	for _, restart := range []bool{false, true} {
		tk := startKernel(t, Options{})
		id := tk.send(tk.control, "shutdown_request", map[string]any{"restart": restart})
		c := content(t, tk.recvReply(tk.controlIn, id))
		if c["status"] != "ok" || c["restart"] != restart {
			t.Fatalf("shutdown_reply %v", c)
		}
		select {
		case <-tk.runErr:
		case <-time.After(wait):
			t.Fatal("Run did not return")
		}
		tk.closeOnce.Do(func() {})
		if !tk.backend.closed {
			t.Fatal("backend not closed")
		}
	}
}

func TestBadInputIsDroppedAndTheKernelKeepsAnswering(t *testing.T) {
	tk := startKernel(t, Options{badBurst: 1000}) // every line is checked
	_, good := tk.frames("kernel_info_request", map[string]any{})
	body := good[1:] // signature, header, parent, metadata, content
	wrongSig := append([][]byte{[]byte(delimiter), []byte(strings.Repeat("0", 64))}, body[1:]...)
	badHeader := [][]byte{[]byte("{not json"), []byte("{}"), []byte("{}"), []byte("{}")}
	badContent := [][]byte{body[1], body[2], body[3], []byte("[1,2]")}
	sign := func(parts [][]byte) [][]byte {
		return append([][]byte{[]byte(delimiter), tk.signer.sign(parts...)}, parts...)
	}
	unknownID, unknown := tk.frames("frobnicate_request", map[string]any{})
	cases := []struct {
		name   string
		frames [][]byte
		log    string
	}{
		{"wrong signature", wrongSig, "signature does not match"},
		{"no delimiter", body, "no <IDS|MSG> delimiter"},
		{"too few frames", good[:3], "want at least 5"},
		{"bad JSON header", sign(badHeader), "header"},
		{"content not an object", sign(badContent), "content is not a JSON object"},
		{"unknown msg_type", unknown, "unknown message type \"frobnicate_request\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, s := range []struct {
				sock interface{ Send(m zmqMsgT) error }
				in   chan *Message
			}{{tk.shell, tk.shellIn}, {tk.control, tk.controlIn}} {
				if err := s.sock.Send(zmqMsgFrom(c.frames)); err != nil {
					t.Fatal(err)
				}
				// The next good request is answered, and its reply is the
				// first message back: the bad one got none.
				id, f := tk.frames("kernel_info_request", map[string]any{})
				if err := s.sock.Send(zmqMsgFrom(f)); err != nil {
					t.Fatal(err)
				}
				if r := tk.recvReply(s.in, id); r.Header.MsgType != "kernel_info_reply" {
					t.Fatalf("got %s", r.Header.MsgType)
				}
			}
			if !strings.Contains(tk.logs.String(), c.log) {
				t.Fatalf("log lacks %q:\n%s", c.log, tk.logs.String())
			}
		})
	}
	_ = unknownID
	tk.drainIOPub()
}

func TestUnsignedKernelAcceptsUnsignedMessages(t *testing.T) {
	s, err := NewSigner("hmac-sha256", "")
	if err != nil {
		t.Fatal(err)
	}
	o := &outgoing{header: Header{MsgID: "1", MsgType: "kernel_info_request", Version: "5.3"}, content: map[string]any{}}
	f, _ := o.encode(s)
	if len(f[1]) != 0 {
		t.Fatalf("signature %q, want empty", f[1])
	}
	if _, err := Decode(f, s); err != nil {
		t.Fatal(err)
	}
}

func TestSignatureKnownValue(t *testing.T) {
	// hmac.new(b"secret", b'{"a":1}{}{}{}', hashlib.sha256).hexdigest()
	s, _ := NewSigner("hmac-sha256", "secret")
	got := string(s.sign([]byte(`{"a":1}`), []byte("{}"), []byte("{}"), []byte("{}")))
	if want := "5439160579203ae5952244a353b0f81b6ca58a3fb44727217799b393ee79601c"; got != want {
		t.Fatalf("signature %s, want %s", got, want)
	}
	if _, err := NewSigner("hmac-md5", "k"); err == nil {
		t.Fatal("hmac-md5 accepted")
	}
}

func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		p, s string
		want bool
	}{
		{"*", "", true}, {"a*", "abc", true}, {"*c", "abc", true}, {"a?c", "abc", true},
		{"a?c", "ac", false}, {"1?2*", "1+2", true}, {"*b*", "a\nb\nc", true}, {"ab", "abc", false},
		{"*x*y", "axbxcy", true}, {"**", "z", true},
	} {
		if got := globMatch(c.p, c.s); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v", c.p, c.s, got)
		}
	}
}

func TestPagerQuery(t *testing.T) {
	for code, want := range map[string]string{
		"fmt.Println?": "fmt.Println", "?x": "x", "  tensorlib.Rand??\n": "tensorlib.Rand",
		"x?y": "", "a + b?": "", "?": "", "fmt.?": "", "1x?": "",
	} {
		name, _, ok := pagerQuery(code)
		if name != want || ok != (want != "") {
			t.Errorf("pagerQuery(%q) = %q %v, want %q", code, name, ok, want)
		}
	}
}

func TestConnectionFile(t *testing.T) {
	var info ConnectionInfo
	if err := json.Unmarshal([]byte(`{"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4, "hb_port": 5,
		"ip": "127.0.0.1", "key": "k", "transport": "tcp", "signature_scheme": "hmac-sha256", "kernel_name": "gohooks"}`), &info); err != nil {
		t.Fatal(err)
	}
	if info.endpoint(info.IOPubPort) != "tcp://127.0.0.1:2" || info.Key != "k" {
		t.Fatalf("%+v", info)
	}
}
