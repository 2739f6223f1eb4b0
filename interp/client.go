package interp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/gohooks/gohooks/backend"
)

// ClientOptions configure a Client.
type ClientOptions struct {
	// Executable is the worker program; empty means os.Executable().
	Executable string
	// Args are its arguments; nil means []string{"worker"}.
	Args []string
	// Env is added to the worker's environment.
	Env []string
	// Grace is how long an interrupted cell may take to stop before its
	// worker is killed and restarted; zero means 1.5 s.
	Grace time.Duration
	// Log receives the worker's own stderr (runtime crash reports), up to
	// 4 KiB per worker; nil means os.Stderr.
	Log io.Writer
}

// Client runs cells in a worker process (`gohooks worker`, which calls
// ServeWorker) and implements the kernel's Backend. When the worker dies
// (stack overflow, os.Exit, a fatal runtime error), or does not stop within
// the grace period after an interrupt, the running cell ends with an error
// that says what happened and that the variables were lost, and a new
// worker is started for the next request. Its methods are safe for
// concurrent use; cells run one at a time.
type Client struct {
	opts ClientOptions

	execMu sync.Mutex // one cell at a time
	mu     sync.Mutex // guards the fields below
	w      *workerProc
	nextID uint64
}

// workerProc is one running worker process.
type workerProc struct {
	cmd     *exec.Cmd
	conn    *conn
	stdin   io.Closer
	mu      sync.Mutex
	waiting map[uint64]chan reply // replies by request id
	// Streams, displays and input requests wait in queue (unbounded, so
	// that replies are never stuck behind output nobody reads yet);
	// notify has a value when queue is not empty.
	qmu     sync.Mutex
	queue   []message
	queued  int // bytes of stream text in queue
	notify  chan struct{}
	dead    chan struct{} // closed when the worker has exited
	exitErr error
	badMsg  error // a frame from the worker that was not a message
	stderr  tailBuffer
}

// NewClient starts a worker.
func NewClient(opts ClientOptions) (*Client, error) {
	if opts.Executable == "" {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("interp: finding the worker executable: %w", err)
		}
		opts.Executable = exe
	}
	if opts.Args == nil {
		opts.Args = []string{"worker"}
	}
	if opts.Grace == 0 {
		opts.Grace = 1500 * time.Millisecond
	}
	if opts.Log == nil {
		opts.Log = os.Stderr
	}
	c := &Client{opts: opts}
	w, err := c.start()
	if err != nil {
		return nil, err
	}
	c.w = w
	return c, nil
}

func (c *Client) start() (*workerProc, error) {
	cmd := exec.Command(c.opts.Executable, c.opts.Args...)
	cmd.Env = append(os.Environ(), c.opts.Env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	w := &workerProc{cmd: cmd, stdin: in, waiting: map[uint64]chan reply{}, notify: make(chan struct{}, 1), dead: make(chan struct{})}
	w.stderr.w = c.opts.Log
	cmd.Stderr = &w.stderr
	w.conn = newConn(in)
	if err := startWorker(cmd); err != nil {
		return nil, fmt.Errorf("interp: starting the Go session worker %s: %w", c.opts.Executable, err)
	}
	go w.read(out)
	return w, nil
}

// read dispatches the worker's messages until it exits. A frame that is
// not a message means the pipe can no longer be trusted: the worker is
// killed, and the running cell ends with the reason.
func (w *workerProc) read(r io.Reader) {
	frames := newFrameReader(r, fromWorker)
	for {
		m, err := frames.read()
		if err != nil {
			if errors.Is(err, errBadFrame) {
				w.badMsg = err
				w.cmd.Process.Kill()
			}
			break
		}
		if r, ok := m.(reply); ok {
			w.mu.Lock()
			ch := w.waiting[r.requestID()]
			delete(w.waiting, r.requestID())
			w.mu.Unlock()
			if ch != nil {
				ch <- r
			}
			continue
		}
		w.push(m)
	}
	w.exitErr = w.cmd.Wait()
	close(w.dead)
}

// queueLimit bounds the stream text kept while no cell reads it (output of
// goroutines that outlived their cell).
const queueLimit = 1 << 20

func (w *workerProc) push(m message) {
	w.qmu.Lock()
	if s, ok := m.(*streamMsg); ok {
		if w.queued+len(s.Text) > queueLimit {
			w.qmu.Unlock()
			return
		}
		w.queued += len(s.Text)
	}
	w.queue = append(w.queue, m)
	w.qmu.Unlock()
	select {
	case w.notify <- struct{}{}:
	default:
	}
}

// pop takes everything queued.
func (w *workerProc) pop() []message {
	w.qmu.Lock()
	defer w.qmu.Unlock()
	q := w.queue
	w.queue, w.queued = nil, 0
	return q
}

// request sends m with a new id and returns the channel its reply arrives
// on.
func (c *Client) request(m request) (*workerProc, chan reply, error) {
	c.mu.Lock()
	w := c.w
	c.nextID++
	id := c.nextID
	c.mu.Unlock()
	m.setRequestID(id)
	ch := make(chan reply, 1)
	w.mu.Lock()
	w.waiting[id] = ch
	w.mu.Unlock()
	if err := w.conn.send(m); err != nil {
		return w, ch, err
	}
	return w, ch, nil
}

// Execute runs a cell in the worker; cancelling ctx interrupts it.
func (c *Client) Execute(ctx context.Context, req ExecuteRequest, sink Sink) ExecuteReply {
	r, err := c.run(ctx, &executeRequest{Req: req}, sink)
	if err != nil {
		return ExecuteReply{Err: err}
	}
	if r, ok := r.(*executeReply); ok {
		return r.Reply
	}
	return ExecuteReply{Err: lost("the Go session answered the cell with a " + r.kind() + " message")}
}

// Comm delivers a comm message from the front end to the session, where
// its handlers run like a cell: their output goes to sink, and cancelling
// ctx interrupts them.
func (c *Client) Comm(ctx context.Context, m backend.CommMessage, sink Sink) error {
	r, err := c.run(ctx, &commRequest{Msg: m}, sink)
	if err != nil {
		return err
	}
	rep, ok := r.(*commReply)
	if !ok {
		return lost("the Go session answered a comm message with a " + r.kind() + " message")
	}
	if rep.Err != "" {
		return errors.New(rep.Err)
	}
	return nil
}

// CommInfo lists the session's open comms, id to target name.
func (c *Client) CommInfo(target string) map[string]string {
	if r, ok := c.call(&commInfoRequest{Target: target}); ok {
		if r, ok := r.(*commInfoReply); ok {
			return r.Comms
		}
	}
	return map[string]string{}
}

// run sends a request that runs on the cell goroutine (a cell, or a comm
// message) and serves its events until the reply comes. An interrupt that
// compiled code does not see within the grace period, or a worker that
// dies, ends it with an error that says the session was restarted.
func (c *Client) run(ctx context.Context, req request, sink Sink) (reply, *Error) {
	c.execMu.Lock()
	defer c.execMu.Unlock()
	w, ch, _ := c.request(req)
	var grace <-chan time.Time
	done := ctx.Done()
	for {
		select {
		case m := <-ch:
			c.drain(w, sink)
			if m.kind() != req.kind()+"_reply" {
				c.kill(w)
			}
			return m, nil
		case <-w.notify:
			for _, m := range w.pop() {
				c.event(w, m, sink)
			}
		case <-done:
			done = nil
			w.conn.send(&interruptRequest{})
			grace = time.After(c.opts.Grace)
		case <-grace:
			c.kill(w)
			return nil, lost("the Go session was restarted because the cell did not stop within " + c.opts.Grace.String() + " of the interrupt (compiled code does not see interrupts)")
		case <-w.dead:
			c.drain(w, sink)
			msg := crashMessage(w)
			c.restart(w)
			return nil, lost(msg)
		}
	}
}

func lost(what string) *Error {
	msg := what + "; its variables were lost and a new session was started"
	return &Error{Name: "session restarted", Value: msg, Traceback: []string{msg}}
}

// drain delivers the events that arrived before the reply.
func (c *Client) drain(w *workerProc, sink Sink) {
	for _, m := range w.pop() {
		c.event(w, m, sink)
	}
}

func (c *Client) event(w *workerProc, m message, sink Sink) {
	switch m := m.(type) {
	case *streamMsg:
		sink.Stream(m.Name, m.Text)
	case *displayMsg:
		sink.Display(m.Bundle, m.DisplayID, m.Update)
	case *clearMsg:
		sink.ClearOutput(m.Wait)
	case *commMsg:
		if cs, ok := sink.(backend.CommSink); ok {
			cs.Comm(m.Msg)
		}
	case *inputRequest:
		// Asked aside, so that an interrupt is seen while the front end
		// waits for the user.
		go func() {
			text, err := sink.Input(m.Prompt, m.Password)
			r := &inputReply{Text: text}
			if err != nil {
				r.Err = err.Error()
			}
			w.conn.send(r)
		}()
	}
}

// crashMessage says why the worker died, from its exit status and the
// runtime's report on its stderr.
func crashMessage(w *workerProc) string {
	if w.badMsg != nil {
		return "the Go session was stopped because it sent a message that could not be read (" + w.badMsg.Error() + ")"
	}
	tail := w.stderr.String()
	switch {
	// The runtime's report reaches this stderr from its "runtime stack:"
	// or "goroutine" lines on; its first line went to the redirected fd 2.
	case strings.Contains(tail, "stack overflow") || strings.Contains(tail, "stack exceeds") || strings.Contains(tail, "runtime.newstack("):
		return "the Go session crashed: stack overflow (unbounded recursion?)"
	case strings.Contains(tail, "maps.fatal(") || strings.Contains(tail, "runtime.fatal("):
		return "the Go session crashed: fatal error (concurrent map read and map write?)"
	case strings.Contains(tail, "fatal error: "):
		i := strings.Index(tail, "fatal error: ")
		return "the Go session crashed: " + firstLine(tail[i:])
	case strings.Contains(tail, "panic: "):
		i := strings.Index(tail, "panic: ")
		return "the Go session crashed: " + firstLine(tail[i:])
	case strings.Contains(tail, "runtime.gopanic(") || strings.Contains(tail, "panic("):
		return "the Go session crashed: a goroutine of compiled code panicked"
	}
	var ee *exec.ExitError
	if errors.As(w.exitErr, &ee) && ee.Exited() {
		return fmt.Sprintf("the Go session exited with status %d (os.Exit?)", ee.ExitCode())
	}
	if w.exitErr != nil {
		return "the Go session ended: " + w.exitErr.Error()
	}
	return "the Go session exited (os.Exit(0)?)"
}

// kill stops w and starts a new worker.
func (c *Client) kill(w *workerProc) {
	w.cmd.Process.Kill()
	<-w.dead
	c.restart(w)
}

// restart replaces the dead worker w with a new one.
func (c *Client) restart(w *workerProc) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.w != w {
		return
	}
	nw, err := c.start()
	if err != nil {
		fmt.Fprintf(c.opts.Log, "interp: %v\n", err)
		return
	}
	c.w = nw
}

// call sends a request that is not a cell and waits for its reply; a dead
// worker gives no reply.
func (c *Client) call(m request) (reply, bool) {
	w, ch, err := c.request(m)
	if err != nil {
		return nil, false
	}
	select {
	case r := <-ch:
		return r, true
	case <-w.dead:
		return nil, false
	}
}

// Complete asks the worker for completions.
func (c *Client) Complete(code string, cursor int) Completion {
	if r, ok := c.call(&completeRequest{Code: code, Cursor: cursor}); ok {
		if r, ok := r.(*completeReply); ok {
			return r.Completion
		}
	}
	return Completion{CursorStart: cursor, CursorEnd: cursor}
}

// Inspect asks the worker for the documentation or value at cursor.
func (c *Client) Inspect(code string, cursor, detailLevel int) Inspection {
	if r, ok := c.call(&inspectRequest{Code: code, Cursor: cursor, Detail: detailLevel}); ok {
		if r, ok := r.(*inspectReply); ok {
			return r.Inspection
		}
	}
	return Inspection{}
}

// IsComplete asks the worker whether code is complete.
func (c *Client) IsComplete(code string) Completeness {
	if r, ok := c.call(&isCompleteRequest{Code: code}); ok {
		if r, ok := r.(*isCompleteReply); ok {
			return r.Completeness
		}
	}
	return Completeness{Status: "unknown"}
}

// Restart replaces the worker with a fresh one: all variables are lost.
func (c *Client) Restart() error {
	c.mu.Lock()
	w := c.w
	c.mu.Unlock()
	w.cmd.Process.Kill()
	<-w.dead
	c.mu.Lock()
	defer c.mu.Unlock()
	nw, err := c.start()
	if err != nil {
		return err
	}
	c.w = nw
	return nil
}

// Close stops the worker.
func (c *Client) Close() error {
	c.mu.Lock()
	w := c.w
	c.mu.Unlock()
	w.stdin.Close()
	select {
	case <-w.dead:
	case <-time.After(2 * time.Second):
		w.cmd.Process.Kill()
		<-w.dead
	}
	return nil
}

// tailBuffer copies the worker's stderr to a log and keeps its first 8 KiB
// and its last 16 KiB (a crash report starts with its reason, then lists
// every goroutine).
type tailBuffer struct {
	mu     sync.Mutex
	head   []byte
	buf    []byte
	w      io.Writer
	logged int
}

// logLimit bounds what one worker writes to the log: a crash report lists
// every goroutine, which can run to megabytes.
const logLimit = 4 << 10

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n := min(len(p), 8<<10-len(t.head)); n > 0 {
		t.head = append(t.head, p[:n]...)
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 16<<10 {
		t.buf = t.buf[len(t.buf)-16<<10:]
	}
	if t.w != nil && t.logged < logLimit {
		n := min(len(p), logLimit-t.logged)
		t.w.Write(p[:n])
		t.logged += n
		if t.logged == logLimit {
			io.WriteString(t.w, "\n[the Go session's stderr is cut here]\n")
		}
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.head) + "\n" + string(t.buf)
}
