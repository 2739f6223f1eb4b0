package tensorlib

import (
	"errors"
	"testing"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// An interrupt stops an element-wise operation split into blocks (one
// block on the caller, or on several goroutines), and the next operation
// runs in full.
func TestElementwiseOpStopsAtInterrupt(t *testing.T) {
	defer interrupt.Clear()
	x := Randn(4*parallelElems + 3)
	interrupt.Request()
	func() {
		defer func() {
			if r := recover(); r == nil || !errors.Is(r.(error), interrupt.ErrInterrupted) {
				t.Errorf("recovered %v, want interrupt.ErrInterrupted", r)
			}
		}()
		x.Exp()
	}()
	interrupt.Clear()
	y := x.ReLU()
	for i, v := range x.data {
		if want := max(v, 0); y.data[i] != want {
			t.Fatalf("ReLU after an interrupt: element %d = %g, want %g", i, y.data[i], want)
		}
	}
}
