// Package interrupt carries the user's request to stop a running cell into
// compiled code. The worker calls Request when the front end interrupts; long
// operations in tensorlib call Check between blocks of work, which panics
// with ErrInterrupted so the cell ends and the session survives.
package interrupt

import (
	"errors"
	"sync/atomic"
)

// ErrInterrupted is the panic value Check raises.
var ErrInterrupted = errors.New("interrupted")

var requested atomic.Bool

// Request asks running operations to stop at their next Check.
func Request() { requested.Store(true) }

// Clear withdraws a request; the worker calls it before each cell.
func Clear() { requested.Store(false) }

// Requested reports whether a stop has been asked for.
func Requested() bool { return requested.Load() }

// Check panics with ErrInterrupted when a stop has been asked for.
func Check() {
	if requested.Load() {
		panic(ErrInterrupted)
	}
}
