package kernel

import (
	"context"
	"encoding/json"
	"log"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/kernel/internal/zmtp/zmtptest"
)

// fakeBackend runs cells written in a tiny command language, one command
// per line, so protocol tests never need the Go interpreter:
//
//	print TEXT      TEXT and a newline on stdout
//	eprint TEXT     the same on stderr
//	flood N         N bytes of "x" on stdout, in 100-byte writes
//	display ID      an HTML display named ID ("-" for no name)
//	update ID       replace display ID
//	clear           clear_output(wait=true)
//	result TEXT     the cell's value is TEXT
//	fail TEXT       the cell fails with TEXT
//	block           wait until interrupted, then fail
//	gate            wait until the test opens the gate
//	input PROMPT    ask for a line and print "got " + the line
type fakeBackend struct {
	mu       sync.Mutex
	requests []backend.ExecuteRequest
	gate     chan struct{}
	started  chan string // receives each cell's code as it starts
	closed   bool
}

func newFakeBackend() *fakeBackend {
	return &fakeBackend{gate: make(chan struct{}), started: make(chan string, 100)}
}

func (f *fakeBackend) Execute(ctx context.Context, req backend.ExecuteRequest, sink backend.Sink) backend.ExecuteReply {
	f.mu.Lock()
	f.requests = append(f.requests, req)
	f.mu.Unlock()
	f.started <- req.Code
	var rep backend.ExecuteReply
	for _, line := range strings.Split(req.Code, "\n") {
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "print":
			sink.Stream("stdout", arg+"\n")
		case "eprint":
			sink.Stream("stderr", arg+"\n")
		case "flood":
			n, _ := strconv.Atoi(arg)
			for ; n > 0; n -= 100 {
				sink.Stream("stdout", strings.Repeat("x", min(n, 100)))
			}
		case "display", "update":
			id := arg
			if id == "-" {
				id = ""
			}
			sink.Display(display.Bundle{Data: map[string]any{"text/html": "<b>" + arg + "</b>", "text/plain": arg}}, id, cmd == "update")
		case "clear":
			sink.ClearOutput(true)
		case "result":
			rep.Result = &display.Bundle{Data: map[string]any{"text/plain": arg}}
		case "fail":
			rep.Err = &backend.Error{Name: "panic", Value: arg, Traceback: []string{"panic: " + arg, "\tat cell line 1"}}
			return rep
		case "block":
			<-ctx.Done()
			rep.Err = &backend.Error{Name: "interrupted", Value: "the cell was interrupted", Traceback: []string{"interrupted"}}
			return rep
		case "gate":
			<-f.gate
		case "input":
			v, err := sink.Input(arg, false)
			if err != nil {
				rep.Err = &backend.Error{Name: "input", Value: err.Error(), Traceback: []string{err.Error()}}
				return rep
			}
			sink.Stream("stdout", "got "+v+"\n")
		}
	}
	if len(req.UserExpressions) > 0 {
		rep.UserExpressions = map[string]any{}
		for name, expr := range req.UserExpressions {
			rep.UserExpressions[name] = map[string]any{"status": "ok", "data": map[string]any{"text/plain": expr}, "metadata": map[string]any{}}
		}
	}
	return rep
}

var words = []string{"Print", "Printf", "Println", "Sprintf"}

func (f *fakeBackend) Complete(code string, cursor int) backend.Completion {
	r := []rune(code)[:cursor]
	start := cursor
	for start > 0 && r[start-1] != '.' && r[start-1] != ' ' {
		start--
	}
	prefix := string(r[start:])
	var c backend.Completion
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			c.Matches = append(c.Matches, w)
			c.Types = append(c.Types, "function")
		}
	}
	c.CursorStart, c.CursorEnd = start, cursor
	return c
}

func (f *fakeBackend) Inspect(code string, cursor, detail int) backend.Inspection {
	if !strings.Contains(code, "Println") {
		return backend.Inspection{}
	}
	return backend.Inspection{Found: true, Data: display.Bundle{Data: map[string]any{
		"text/plain": "func fmt.Println(a ...any) (n int, err error) detail=" + strconv.Itoa(detail),
	}}}
}

func (f *fakeBackend) IsComplete(code string) backend.Completeness {
	open := strings.Count(code, "{") - strings.Count(code, "}")
	switch {
	case open > 0:
		return backend.Completeness{Status: "incomplete", Indent: "\t"}
	case open < 0:
		return backend.Completeness{Status: "invalid"}
	}
	return backend.Completeness{Status: "complete"}
}

func (f *fakeBackend) Restart() error { return nil }

func (f *fakeBackend) Close() error {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	return nil
}

// testKernel is a kernel on free ports with a fake backend, and a client
// made of the sockets a front end uses.
type testKernel struct {
	t         testing.TB
	k         *Kernel
	backend   *fakeBackend
	runErr    chan error
	closeOnce sync.Once
	logs      *syncBuffer

	signer                *Signer
	session               string
	shell, control, stdin zmq4.Socket
	iopub, hb             zmq4.Socket
	shellIn, controlIn    chan *Message
	stdinIn, iopubIn      chan *Message
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

const testKey = "a0436f6c-1916-498b-8eb9-e81ab9368e84"

func startKernel(t testing.TB, opts Options) *testKernel {
	t.Helper()
	return startKernelWith(t, opts, nil)
}

// startKernelWith starts a kernel whose backend is wrap(the fake backend),
// or the fake backend itself when wrap is nil.
func startKernelWith(t testing.TB, opts Options, wrap func(*fakeBackend) Backend) *testKernel {
	t.Helper()
	tk := &testKernel{t: t, backend: newFakeBackend(), runErr: make(chan error, 1), logs: &syncBuffer{}}
	var b Backend = tk.backend
	if wrap != nil {
		b = wrap(tk.backend)
	}
	if opts.HistoryFile == "" {
		opts.HistoryFile = "-"
	}
	opts.Log = log.New(tk.logs, "", 0)
	info := ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", Key: testKey, SignatureScheme: "hmac-sha256"}
	k, err := New(info, b, opts)
	if err != nil {
		t.Fatal(err)
	}
	tk.k = k
	go func() { tk.runErr <- k.Run(context.Background()) }()
	tk.signer, _ = NewSigner("hmac-sha256", testKey)
	tk.session = newMsgID()
	tk.connect()
	t.Cleanup(tk.close)
	return tk
}

func (tk *testKernel) connect() {
	t := tk.t
	ctx := context.Background()
	info := tk.k.Connection()
	id := zmq4.WithID(zmq4.SocketIdentity(tk.session))
	tk.shell = zmq4.NewDealer(ctx, id)
	tk.control = zmq4.NewDealer(ctx)
	tk.stdin = zmq4.NewDealer(ctx, id)
	tk.iopub = zmq4.NewSub(ctx)
	tk.hb = zmq4.NewReq(ctx)
	for _, d := range []struct {
		s    zmq4.Socket
		port int
	}{{tk.shell, info.ShellPort}, {tk.control, info.ControlPort}, {tk.stdin, info.StdinPort}, {tk.iopub, info.IOPubPort}, {tk.hb, info.HBPort}} {
		if err := d.s.Dial(info.endpoint(d.port)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tk.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	tk.shellIn = tk.pump(tk.shell)
	tk.controlIn = tk.pump(tk.control)
	tk.stdinIn = tk.pump(tk.stdin)
	tk.iopubIn = tk.pump(tk.iopub)
	// A SUB socket misses what is published before its subscription
	// arrives; ask until iopub answers, as Jupyter clients do.
	deadline := time.Now().Add(10 * time.Second)
	for {
		id := tk.send(tk.control, "kernel_info_request", map[string]any{})
		tk.recvReply(tk.controlIn, id)
		select {
		case <-tk.iopubIn:
			tk.drainIOPub()
			return
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("iopub never delivered a message")
		}
	}
}

// drainIOPub discards iopub messages until none arrives for a moment.
func (tk *testKernel) drainIOPub() {
	for {
		select {
		case <-tk.iopubIn:
		case <-time.After(150 * time.Millisecond):
			return
		}
	}
}

func (tk *testKernel) pump(s zmq4.Socket) chan *Message {
	ch := make(chan *Message, 1000)
	go func() {
		for {
			raw, err := s.Recv()
			if err != nil {
				return
			}
			m, err := Decode(raw.Frames, tk.signer)
			if err != nil {
				tk.t.Errorf("client: kernel sent a bad message: %v", err)
				continue
			}
			ch <- m
		}
	}()
	return ch
}

func (tk *testKernel) close() {
	tk.closeOnce.Do(tk.closeNow)
}

func (tk *testKernel) closeNow() {
	for _, s := range []zmq4.Socket{tk.shell, tk.control, tk.stdin, tk.iopub, tk.hb} {
		if s != nil {
			s.Close()
		}
	}
	tk.k.stop()
	select {
	case <-tk.runErr:
	case <-time.After(10 * time.Second):
		tk.t.Error("kernel did not stop")
	}
}

// frames builds a signed request as a front end does.
func (tk *testKernel) frames(msgType string, content any) (id string, frames [][]byte) {
	h := Header{MsgID: newMsgID(), Session: tk.session, Username: "test", Date: nowISO(), MsgType: msgType, Version: ProtocolVersion}
	o := &outgoing{header: h, content: content}
	f, err := o.encode(tk.signer)
	if err != nil {
		tk.t.Fatal(err)
	}
	return h.MsgID, f
}

func (tk *testKernel) send(s zmq4.Socket, msgType string, content any) string {
	id, f := tk.frames(msgType, content)
	tk.sendRaw(s, f)
	return id
}

func (tk *testKernel) sendRaw(s zmq4.Socket, frames [][]byte) {
	if err := s.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		tk.t.Fatal(err)
	}
}

func parentID(m *Message) string {
	var h Header
	_ = json.Unmarshal(m.ParentHeader, &h)
	return h.MsgID
}

const wait = 10 * time.Second

// recvReply returns the next message on ch, which must answer request id.
func (tk *testKernel) recvReply(ch chan *Message, id string) *Message {
	tk.t.Helper()
	select {
	case m := <-ch:
		if got := parentID(m); got != id {
			tk.t.Fatalf("%s answers %s, want %s", m.Header.MsgType, got, id)
		}
		if m.Header.Version != ProtocolVersion {
			tk.t.Fatalf("%s has version %q", m.Header.MsgType, m.Header.Version)
		}
		return m
	case <-time.After(wait):
		tk.t.Fatalf("no reply to %s", id)
	}
	return nil
}

// iopubUntilIdle returns the iopub messages for request id, from its busy
// to its idle (both included); it fails on any message with another parent.
func (tk *testKernel) iopubUntilIdle(id string) []*Message {
	tk.t.Helper()
	var out []*Message
	for {
		select {
		case m := <-tk.iopubIn:
			if got := parentID(m); got != id {
				tk.t.Fatalf("iopub %s has parent %s, want %s", m.Header.MsgType, got, id)
			}
			out = append(out, m)
			if m.Header.MsgType == "status" && state(m) == "idle" {
				if first := out[0]; first.Header.MsgType != "status" || state(first) != "busy" {
					tk.t.Fatalf("first iopub message for %s is %s, want status busy", id, first.Header.MsgType)
				}
				return out
			}
		case <-time.After(wait):
			tk.t.Fatalf("no idle for %s; got %s", id, types(out))
		}
	}
}

func state(m *Message) string {
	var s statusContent
	_ = json.Unmarshal(m.Content, &s)
	return s.ExecutionState
}

func types(ms []*Message) string {
	var s []string
	for _, m := range ms {
		t := m.Header.MsgType
		if t == "status" {
			t += ":" + state(m)
		}
		s = append(s, t)
	}
	return strings.Join(s, " ")
}

// content decodes a message's content into a generic map.
func content(t testing.TB, m *Message) map[string]any {
	t.Helper()
	var c map[string]any
	if err := json.Unmarshal(m.Content, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// execute runs code and returns the reply and the iopub messages between
// busy and idle.
func (tk *testKernel) execute(code string, extra map[string]any) (map[string]any, []*Message) {
	tk.t.Helper()
	c := map[string]any{"code": code, "silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true}
	for k, v := range extra {
		c[k] = v
	}
	id := tk.send(tk.shell, "execute_request", c)
	rep := tk.recvReply(tk.shellIn, id)
	if rep.Header.MsgType != "execute_reply" {
		tk.t.Fatalf("got %s", rep.Header.MsgType)
	}
	return content(tk.t, rep), tk.iopubUntilIdle(id)
}

// request sends a shell request and returns its reply content; it checks
// busy and idle around it.
func (tk *testKernel) request(msgType string, c any) map[string]any {
	tk.t.Helper()
	id := tk.send(tk.shell, msgType, c)
	rep := tk.recvReply(tk.shellIn, id)
	if want := replyType(msgType); rep.Header.MsgType != want {
		tk.t.Fatalf("reply type %s, want %s", rep.Header.MsgType, want)
	}
	msgs := tk.iopubUntilIdle(id)
	if len(msgs) != 2 {
		tk.t.Fatalf("iopub for %s: %s, want busy and idle only", msgType, types(msgs))
	}
	return content(tk.t, rep)
}

type zmqMsgT = zmq4.Msg

func zmqMsg(s string) zmq4.Msg { return zmq4.NewMsgString(s) }

func zmqMsgFrom(frames [][]byte) zmq4.Msg { return zmq4.NewMsgFrom(frames...) }

// recvMessage reads and decodes one Jupyter message from a raw peer.
func recvMessage(p *zmtptest.Peer, s *Signer) *Message {
	p.T.Helper()
	frames, _, err := p.ReadMessage()
	if err != nil {
		p.T.Fatalf("recv: %v", err)
	}
	m, err := Decode(frames, s)
	if err != nil {
		p.T.Fatal(err)
	}
	return m
}
