package interp

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"time"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// goroutineGrace is how long a cell's end waits for the goroutines it
// started: one that panics after signalling the cell (a deferred
// wg.Done or close runs before the panic is recovered) is still reported
// as the cell's error. A goroutine that keeps running costs its cell this
// much once.
const goroutineGrace = 50 * time.Millisecond

// sinkWriter sends writes to the running cell's Sink, and to the process's
// stdout or stderr when no cell runs.
type sinkWriter struct {
	s    *Session
	name string
}

func (w *sinkWriter) Write(p []byte) (int, error) {
	w.s.cur.Lock()
	sink := w.s.cur.sink
	w.s.cur.Unlock()
	if sink != nil {
		sink.Stream(w.name, string(p))
		return len(p), nil
	}
	// Between cells (a goroutine of an earlier cell): the process's own.
	if w.name == "stderr" {
		return os.Stderr.Write(p)
	}
	return os.Stdout.Write(p)
}

// frameFilter keeps yaegi's "L:C: panic: f(...)" lines, which it prints for
// every interpreted frame a panic passes through, out of the user's stderr
// and records them as the traceback of the running cell.
type frameFilter struct {
	s *Session
	w io.Writer
}

// frameLine matches such a line, of a cell (_.go:300004:5) or of the
// source of a package (sync/generic.go:23:5).
var frameLine = regexp.MustCompile(`^([^\s:]*\.go:)?(\d+):(\d+): panic: (.*)\(\.\.\.\)\n$`)

// stdinReader gives cells the front end's input, one line per request.
type stdinReader struct{ s *Session }

func (r *stdinReader) Read(p []byte) (int, error) {
	c := &r.s.cur
	c.Lock()
	if len(c.pending) == 0 {
		sink, allow := c.sink, c.allowStdin
		c.Unlock()
		if sink == nil || !allow {
			return 0, errors.New("reading os.Stdin: this front end does not accept input")
		}
		line, err := sink.Input("", false)
		if err != nil {
			return 0, fmt.Errorf("reading os.Stdin: %w", err)
		}
		c.Lock()
		c.pending = append(c.pending, line+"\n"...)
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	c.Unlock()
	return n, nil
}

// goStart is called (from interpreted code) as a goroutine starts; it
// returns the number of the cell running then, 0 for none.
func (s *Session) goStart() int {
	c := &s.cur
	c.Lock()
	defer c.Unlock()
	if !c.running {
		return 0
	}
	c.live++
	return c.number
}

// goExit is called (from interpreted code) as a goroutine that started
// while cell ran ends, with what it recovered from a panic, if anything.
// A panic becomes the error of the running cell, whichever it is, and a
// message on stderr when no cell runs.
func (s *Session) goExit(cell int, r any) {
	c := &s.cur
	c.Lock()
	if cell != 0 && c.running && c.number == cell {
		c.live--
		if c.live == 0 && c.liveDone != nil {
			close(c.liveDone)
			c.liveDone = nil
		}
	}
	if r == nil || r == interrupt.ErrInterrupted {
		// An interrupt stops the cell's goroutines too: no panic to report.
		c.Unlock()
		return
	}
	msg, at := s.panicPosition(panicMessage(r))
	if c.running {
		if c.goPanic == nil {
			c.goPanic = &Error{Name: "panic", Value: msg, Traceback: append(append([]string{"panic in a goroutine: " + msg}, at...), s.traceback(c.frames)...)}
		}
		c.Unlock()
		return
	}
	// Unlocked first: s.stderr takes the same lock to find the sink.
	c.Unlock()
	fmt.Fprintf(s.stderr, "panic in a goroutine started by an earlier cell: %s\n", msg)
}

// waitForGoroutines waits up to goroutineGrace for the goroutines the
// running cell started to end.
func (s *Session) waitForGoroutines() {
	c := &s.cur
	c.Lock()
	if c.live == 0 {
		c.Unlock()
		return
	}
	if c.liveDone == nil {
		c.liveDone = make(chan struct{})
	}
	done := c.liveDone
	c.Unlock()
	select {
	case <-done:
	case <-time.After(goroutineGrace):
	}
}

func (f *frameFilter) Write(p []byte) (int, error) {
	if m := frameLine.FindSubmatch(p); m != nil {
		f.s.cur.Lock()
		if len(f.s.cur.frames) < 50 {
			f.s.cur.frames = append(f.s.cur.frames, string(p[:len(p)-1]))
		}
		f.s.cur.Unlock()
		return len(p), nil
	}
	return f.w.Write(p)
}
