package interp

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/comm"
	"github.com/gohooks/gohooks/display"
)

// fdPipe forwards what the process writes to one of its standard file
// descriptors as stream messages. A goroutine forwards text as it comes;
// drain forwards whatever the pipe still holds, at once, so a cell's output
// is sent before its reply without a round trip through that goroutine.
// Both read under mu, so text goes out in the order it was written.
type fdPipe struct {
	name string
	w    *os.File // the descriptor's new target (fd 1 or 2 itself)
	conn *conn
	rc   syscall.RawConn // the read end, non-blocking

	mu   sync.Mutex
	buf  []byte
	tail []byte // the start of a UTF-8 sequence the next read completes
}

// readLocked reads what the pipe holds, once, and forwards it. It reports
// false when the pipe was empty.
func (p *fdPipe) readLocked(fd uintptr) (more bool, err error) {
	n, err := syscall.Read(int(fd), p.buf)
	if err == syscall.EINTR {
		return true, nil
	}
	if err == syscall.EAGAIN {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if n == 0 {
		return false, io.EOF
	}
	p.forwardLocked(p.buf[:n])
	return n == len(p.buf), nil
}

// forwardLocked sends b after any tail kept from before, keeping back an
// incomplete UTF-8 sequence at its end: the JSON encoder would turn each
// half of a split character into U+FFFD.
func (p *fdPipe) forwardLocked(b []byte) {
	text := append(p.tail, b...)
	cut := len(text)
	for i := len(text) - 1; i >= 0 && i >= len(text)-utf8.UTFMax; i-- {
		if utf8.RuneStart(text[i]) {
			if !utf8.FullRune(text[i:]) {
				cut = i
			}
			break
		}
	}
	if cut > 0 {
		p.conn.send(&streamMsg{Name: p.name, Text: string(text[:cut])})
	}
	p.tail = append(p.tail[:0], text[cut:]...)
}

// run forwards text as it is written, until the pipe breaks.
func (p *fdPipe) run() {
	for {
		var rerr error
		err := p.rc.Read(func(fd uintptr) bool {
			p.mu.Lock()
			defer p.mu.Unlock()
			more, err := p.readLocked(fd)
			rerr = err
			return more || err != nil // a full read may have left more
		})
		if err != nil || rerr != nil {
			return
		}
	}
}

// drain forwards everything written to the pipe so far, tail included.
func (p *fdPipe) drain() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rc.Control(func(fd uintptr) {
		for {
			if more, err := p.readLocked(fd); !more || err != nil {
				return
			}
		}
	})
	if len(p.tail) > 0 {
		p.conn.send(&streamMsg{Name: p.name, Text: string(p.tail)})
		p.tail = p.tail[:0]
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
	rc, err := r.SyscallConn()
	if err != nil {
		return nil, err
	}
	p := &fdPipe{name: name, w: f, conn: c, rc: rc, buf: make([]byte, 32<<10)}
	go p.run()
	return p, nil
}

// worker is the state of ServeWorker.
type worker struct {
	conn *conn
	s    *Session
	out  *fdPipe
	errp *fdPipe

	mu     sync.Mutex
	cancel context.CancelFunc // of the running cell
	ctx    context.Context    // of the running cell
	inputs chan *inputReply
}

// flush sends everything written to stdout and stderr so far.
func (w *worker) flush() {
	w.out.drain()
	w.errp.drain()
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
	exitWithParent()
	origErr, err := dupFile(2, "stderr")
	if err != nil {
		return err
	}
	debug.SetCrashOutput(origErr, debug.CrashOptions{})
	// Interpreted frames are large: a smaller limit makes an unbounded
	// recursion fail in a second rather than five.
	debug.SetMaxStack(256 << 20)
	c := newConn(out)
	w := &worker{conn: c, inputs: make(chan *inputReply, 1)}
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
	comm.SetPublisher(w)
	frames := newFrameReader(in, toWorker)
	var cells sync.WaitGroup
	// Cells run on one long-lived goroutine, whose stack has grown to
	// what the interpreter needs (a new goroutine per cell grew its
	// stack anew each time: 10-15 us of a trivial cell). This loop goes on
	// reading, so an interrupt is seen while a cell runs.
	runs := make(chan func())
	defer close(runs)
	go func() {
		for run := range runs {
			run()
		}
	}()
	for {
		m, err := frames.read()
		if err != nil {
			cells.Wait()
			if err == io.EOF {
				return nil
			}
			return fmt.Errorf("interp: worker: reading a request: %w", err)
		}
		switch m := m.(type) {
		case *executeRequest:
			cells.Add(1)
			run := w.cell(m, cells.Done)
			select {
			case runs <- run:
			default: // a cell still runs (the client sends one at a time)
				go run()
			}
		case *commRequest:
			cells.Add(1)
			run := w.commRun(m, cells.Done)
			select {
			case runs <- run:
			default:
				go run()
			}
		case *commInfoRequest:
			c.send(&commInfoReply{m.seq, comm.Info(m.Target)})
		case *interruptRequest:
			w.mu.Lock()
			if w.cancel != nil {
				w.cancel()
			}
			w.mu.Unlock()
		case *inputReply:
			w.inputs <- m
		case *completeRequest:
			c.send(&completeReply{m.seq, w.s.Complete(m.Code, m.Cursor)})
		case *inspectRequest:
			c.send(&inspectReply{m.seq, w.s.Inspect(m.Code, m.Cursor, m.Detail)})
		case *isCompleteRequest:
			c.send(&isCompleteReply{m.seq, w.s.IsComplete(m.Code)})
		}
	}
}

// cell returns the function that runs an execute request and sends its
// reply, then calls done.
func (w *worker) cell(m *executeRequest, done func()) func() {
	return w.runOnCellGoroutine(m.Req.MsgID, done, func(ctx context.Context) message {
		return &executeReply{m.seq, w.s.Execute(ctx, m.Req, w)}
	})
}

// commRun returns the function that delivers a comm message to the
// session and sends the reply, then calls done; like a cell, it can be
// interrupted.
func (w *worker) commRun(m *commRequest, done func()) func() {
	return w.runOnCellGoroutine(m.Msg.MsgID, done, func(ctx context.Context) message {
		rep := &commReply{seq: m.seq}
		if err := w.s.Comm(ctx, m.Msg, w); err != nil {
			rep.Err = err.Error()
		}
		return rep
	})
}

// runOnCellGoroutine returns the function that serves one request of the
// front end (msgID) on the cell goroutine: it runs serve, flushes the
// output, sends serve's reply and calls done. The request's context is set
// up at once, so that an interrupt that arrives before it starts still
// stops it.
func (w *worker) runOnCellGoroutine(msgID string, done func(), serve func(ctx context.Context) message) func() {
	ctx, cancel := context.WithCancel(context.Background())
	w.mu.Lock()
	w.cancel, w.ctx = cancel, ctx
	w.mu.Unlock()
	return func() {
		defer done()
		comm.SetParent(msgID)
		rep := serve(ctx)
		w.flush()
		w.mu.Lock()
		w.cancel = nil
		w.mu.Unlock()
		cancel()
		w.conn.send(rep)
	}
}

// PublishComm implements comm.Publisher: the session's comm messages go to
// the client in order with its other output.
func (w *worker) PublishComm(kind, id, target string, m comm.Message) {
	w.flush()
	w.conn.send(&commMsg{Msg: backend.CommMessage{Kind: kind, CommID: id, TargetName: target, Data: m.Data, Metadata: m.Metadata, Buffers: m.Buffers}})
}

// The worker is the Sink of its session (streams arrive through the
// redirected descriptors instead) and the display Publisher of the process.

func (w *worker) Stream(name, text string) {
	w.conn.send(&streamMsg{Name: name, Text: text})
}

func (w *worker) Display(b display.Bundle, id string, update bool) {
	w.flush() // what was printed before the display shows before it
	w.conn.send(&displayMsg{Bundle: b, DisplayID: id, Update: update})
}

func (w *worker) ClearOutput(wait bool) {
	w.flush()
	w.conn.send(&clearMsg{Wait: wait})
}

func (w *worker) Input(prompt string, password bool) (string, error) {
	w.flush()
	w.mu.Lock()
	ctx := w.ctx
	w.mu.Unlock()
	w.conn.send(&inputRequest{Prompt: prompt, Password: password})
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
		if in, err = dupPipe(int(f.Fd()), "protocol-in"); err != nil {
			return nil, nil, err
		}
	}
	if f, ok := out.(*os.File); ok && f.Fd() <= 2 {
		if out, err = dupPipe(int(f.Fd()), "protocol-out"); err != nil {
			return nil, nil, err
		}
	}
	return in, out, nil
}

// dupPipe is dupFile for a protocol descriptor. When it is a pipe (as the
// Client makes it), the copy is non-blocking, so that Go's poller waits on
// it: a goroutine blocked reading a blocking pipe holds a thread in a
// system call, and after it handed a cell over it stayed runnable on the
// cell's processor until the cell was preempted for it (35-50 us of a
// trivial cell in a scheduler trace). A terminal or file is left as it is:
// its open file is shared with the parent process.
func dupPipe(fd int, name string) (*os.File, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFIFO {
		return dupFile(fd, name)
	}
	nfd, err := syscall.Dup(fd)
	if err != nil {
		return nil, fmt.Errorf("interp: dup fd %d: %w", fd, err)
	}
	syscall.CloseOnExec(nfd)
	if err := syscall.SetNonblock(nfd, true); err != nil {
		syscall.Close(nfd)
		return nil, fmt.Errorf("interp: fd %d: %w", fd, err)
	}
	return os.NewFile(uintptr(nfd), name), nil
}

func dupFile(fd int, name string) (*os.File, error) {
	nfd, err := syscall.Dup(fd)
	if err != nil {
		return nil, fmt.Errorf("interp: dup fd %d: %w", fd, err)
	}
	syscall.CloseOnExec(nfd)
	return os.NewFile(uintptr(nfd), name), nil
}
