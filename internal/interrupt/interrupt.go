// Package interrupt carries the user's request to stop a running cell into
// compiled code. The worker calls Request when the front end interrupts; long
// operations in tensorlib call Check between blocks of work, which panics
// with ErrInterrupted so the cell ends and the session survives. Code that
// waits (Sleep, or a select on Done) wakes up at the request.
package interrupt

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"
)

// ErrInterrupted is the panic value Check raises.
var ErrInterrupted = errors.New("interrupted")

var (
	requested atomic.Bool
	mu        sync.Mutex
	done      = make(chan struct{}) // closed while a stop is requested
)

// Request asks running operations to stop at their next Check, and wakes
// those that wait.
func Request() {
	mu.Lock()
	defer mu.Unlock()
	if !requested.Load() {
		requested.Store(true)
		close(done)
	}
}

// Clear withdraws a request; the worker calls it before each cell.
func Clear() {
	mu.Lock()
	defer mu.Unlock()
	if requested.Load() {
		requested.Store(false)
		done = make(chan struct{})
	}
}

// Requested reports whether a stop has been asked for.
func Requested() bool { return requested.Load() }

// Done returns a channel that is closed when a stop is requested.
func Done() <-chan struct{} {
	mu.Lock()
	defer mu.Unlock()
	return done
}

// Check panics with ErrInterrupted when a stop has been asked for.
func Check() {
	if requested.Load() {
		panic(ErrInterrupted)
	}
}

// Sleep is time.Sleep for cells: it pauses for d, and returns early when a
// stop is requested. (time.Sleep in compiled code cannot be stopped: an
// interrupted cell that slept would cost the session.) It does not panic:
// the interpreter, stopped before the request, ends the cell, and also
// ends the cell's goroutines, where a panic would end the program.
func Sleep(d time.Duration) {
	stop := Done()
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-stop:
	}
}
