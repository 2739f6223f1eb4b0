package interp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"syscall"

	"github.com/gohooks/gohooks/display"
)

// wireMsg is one framed message between the Client and the worker: a line
// of JSON. Kind says which fields are set.
//
// Client to worker: "execute" (Execute), "complete"/"inspect"/"is_complete"
// (Code, Cursor, Detail), "interrupt", "input_reply" (Text, Err).
// Worker to client: "stream" (Name, Text), "display" (Bundle, DisplayID,
// Update), "clear" (Wait), "input_request" (Text is the prompt, Password),
// and one reply per request with the request's ID: "execute_reply"
// (Reply), "complete_reply" (Completion), "inspect_reply" (Inspection),
// "is_complete_reply" (Completeness).
type wireMsg struct {
	Kind         string          `json:"k"`
	ID           uint64          `json:"id,omitempty"`
	Execute      *ExecuteRequest `json:"execute,omitempty"`
	Code         string          `json:"code,omitempty"`
	Cursor       int             `json:"cursor,omitempty"`
	Detail       int             `json:"detail,omitempty"`
	Name         string          `json:"name,omitempty"`
	Text         string          `json:"text,omitempty"`
	Err          string          `json:"err,omitempty"`
	Password     bool            `json:"password,omitempty"`
	Bundle       *display.Bundle `json:"bundle,omitempty"`
	DisplayID    string          `json:"display_id,omitempty"`
	Update       bool            `json:"update,omitempty"`
	Wait         bool            `json:"wait,omitempty"`
	Reply        *ExecuteReply   `json:"reply,omitempty"`
	Completion   *Completion     `json:"completion,omitempty"`
	Inspection   *Inspection     `json:"inspection,omitempty"`
	Completeness *Completeness   `json:"completeness,omitempty"`
}

// conn writes messages one at a time.
type conn struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func (c *conn) send(m wireMsg) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.enc.Encode(m)
}

// syncMarker is written to the redirected stdout and stderr after a cell
// (and before a display) so that the reader knows it has forwarded all that
// was written before.
const syncMarker = "\x00gohooks-sync\x00"

// fdPipe reads what the process writes to one of its standard file
// descriptors and forwards it as stream messages.
type fdPipe struct {
	name   string
	w      *os.File // the descriptor's new target (fd 1 or 2 itself)
	conn   *conn
	synced chan struct{}
}

func (p *fdPipe) run(r io.Reader) {
	buf := make([]byte, 32*1024)
	var pending []byte
	for {
		n, err := r.Read(buf)
		pending = append(pending, buf[:n]...)
		for {
			i := bytes.Index(pending, []byte(syncMarker))
			if i < 0 {
				break
			}
			if i > 0 {
				p.conn.send(wireMsg{Kind: "stream", Name: p.name, Text: string(pending[:i])})
			}
			pending = pending[i+len(syncMarker):]
			p.synced <- struct{}{}
		}
		// Keep back a tail that could be the start of a marker.
		keep := 0
		for k := min(len(pending), len(syncMarker)-1); k > 0; k-- {
			if bytes.HasSuffix(pending, []byte(syncMarker[:k])) {
				keep = k
				break
			}
		}
		if len(pending)-keep > 0 {
			p.conn.send(wireMsg{Kind: "stream", Name: p.name, Text: string(pending[:len(pending)-keep])})
			pending = append(pending[:0], pending[len(pending)-keep:]...)
		}
		if err != nil {
			return
		}
	}
}

// redirect points file descriptor fd (of file f, os.Stdout or os.Stderr,
// which stay valid) at a new pipe and returns it.
func redirect(f *os.File, name string, c *conn) (*fdPipe, error) {
	fd := int(f.Fd())
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	if err := syscall.Dup3(int(w.Fd()), fd, 0); err != nil {
		return nil, fmt.Errorf("interp: redirecting fd %d: %w", fd, err)
	}
	w.Close()
	p := &fdPipe{name: name, w: f, conn: c, synced: make(chan struct{}, 1)}
	go p.run(r)
	return p, nil
}

// worker is the state of ServeWorker.
type worker struct {
	conn    *conn
	s       *Session
	out     *fdPipe
	errp    *fdPipe
	flushMu sync.Mutex

	mu     sync.Mutex
	cancel context.CancelFunc // of the running cell
	ctx    context.Context    // of the running cell
	inputs chan wireMsg
}

// flush waits until everything written to stdout and stderr so far has
// been sent.
func (w *worker) flush() {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	w.out.w.WriteString(syncMarker)
	w.errp.w.WriteString(syncMarker)
	<-w.out.synced
	<-w.errp.synced
}

// ServeWorker runs the worker side of a Client: it reads requests from in
// and writes messages to out, until in ends. `gohooks worker` calls it with
// os.Stdin and os.Stdout.
//
// It takes over the process's file descriptors: the protocol moves to
// duplicates of in and out when they are descriptors 0 and 1; descriptors 1
// and 2 are redirected into pipes whose text is sent as stream messages
// (so what compiled code writes is captured); descriptor 0 is replaced by
// /dev/null (a cell reads input through the front end). A crash report of
// the runtime (stack overflow, fatal error) still goes to the original
// stderr, where the Client reads it.
func ServeWorker(in io.Reader, out io.Writer) error {
	in, out, err := protectProtocol(in, out)
	if err != nil {
		return err
	}
	origErr, err := dupFile(2, "stderr")
	if err != nil {
		return err
	}
	debug.SetCrashOutput(origErr, debug.CrashOptions{})
	// Interpreted frames are large: a smaller limit makes an unbounded
	// recursion fail in a second rather than five.
	debug.SetMaxStack(256 << 20)
	c := &conn{enc: json.NewEncoder(out)}
	w := &worker{conn: c, inputs: make(chan wireMsg, 1)}
	if w.out, err = redirect(os.Stdout, "stdout", c); err != nil {
		return err
	}
	if w.errp, err = redirect(os.Stderr, "stderr", c); err != nil {
		return err
	}
	if null, err := os.Open(os.DevNull); err == nil {
		syscall.Dup3(int(null.Fd()), 0, 0)
		null.Close()
	}
	w.s, err = NewSession(Options{Stdout: w.out.w, Stderr: w.errp.w})
	if err != nil {
		return err
	}
	display.SetPublisher(w)
	dec := json.NewDecoder(bufio.NewReader(in))
	var cells sync.WaitGroup
	for {
		var m wireMsg
		if err := dec.Decode(&m); err != nil {
			cells.Wait()
			if err == io.EOF {
				return nil
			}
			return fmt.Errorf("interp: worker: reading a request: %w", err)
		}
		switch m.Kind {
		case "execute":
			ctx, cancel := context.WithCancel(context.Background())
			w.mu.Lock()
			w.cancel, w.ctx = cancel, ctx
			w.mu.Unlock()
			cells.Add(1)
			go func(m wireMsg) {
				defer cells.Done()
				rep := w.s.Execute(ctx, *m.Execute, w)
				w.flush()
				w.mu.Lock()
				w.cancel = nil
				w.mu.Unlock()
				cancel()
				c.send(wireMsg{Kind: "execute_reply", ID: m.ID, Reply: &rep})
			}(m)
		case "interrupt":
			w.mu.Lock()
			if w.cancel != nil {
				w.cancel()
			}
			w.mu.Unlock()
		case "input_reply":
			w.inputs <- m
		case "complete":
			r := w.s.Complete(m.Code, m.Cursor)
			c.send(wireMsg{Kind: "complete_reply", ID: m.ID, Completion: &r})
		case "inspect":
			r := w.s.Inspect(m.Code, m.Cursor, m.Detail)
			c.send(wireMsg{Kind: "inspect_reply", ID: m.ID, Inspection: &r})
		case "is_complete":
			r := w.s.IsComplete(m.Code)
			c.send(wireMsg{Kind: "is_complete_reply", ID: m.ID, Completeness: &r})
		}
	}
}

// The worker is the Sink of its session (streams arrive through the
// redirected descriptors instead) and the display Publisher of the process.

func (w *worker) Stream(name, text string) {
	w.conn.send(wireMsg{Kind: "stream", Name: name, Text: text})
}

func (w *worker) Display(b display.Bundle, id string, update bool) {
	w.flush() // what was printed before the display shows before it
	w.conn.send(wireMsg{Kind: "display", Bundle: &b, DisplayID: id, Update: update})
}

func (w *worker) ClearOutput(wait bool) {
	w.flush()
	w.conn.send(wireMsg{Kind: "clear", Wait: wait})
}

func (w *worker) Input(prompt string, password bool) (string, error) {
	w.flush()
	w.mu.Lock()
	ctx := w.ctx
	w.mu.Unlock()
	w.conn.send(wireMsg{Kind: "input_request", Text: prompt, Password: password})
	select {
	case m := <-w.inputs:
		if m.Err != "" {
			return "", fmt.Errorf("%s", m.Err)
		}
		return m.Text, nil
	case <-ctx.Done():
		// The reply to this request, if any, must not answer the next.
		go func() { <-w.inputs }()
		return "", fmt.Errorf("interrupted while waiting for input")
	}
}

// protectProtocol moves in and out off descriptors 0 and 1, which the
// worker redirects.
func protectProtocol(in io.Reader, out io.Writer) (io.Reader, io.Writer, error) {
	var err error
	if f, ok := in.(*os.File); ok && f.Fd() <= 2 {
		if in, err = dupFile(int(f.Fd()), "protocol-in"); err != nil {
			return nil, nil, err
		}
	}
	if f, ok := out.(*os.File); ok && f.Fd() <= 2 {
		if out, err = dupFile(int(f.Fd()), "protocol-out"); err != nil {
			return nil, nil, err
		}
	}
	return in, out, nil
}

func dupFile(fd int, name string) (*os.File, error) {
	nfd, err := syscall.Dup(fd)
	if err != nil {
		return nil, fmt.Errorf("interp: dup fd %d: %w", fd, err)
	}
	syscall.CloseOnExec(nfd)
	return os.NewFile(uintptr(nfd), name), nil
}
