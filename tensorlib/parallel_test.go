package tensorlib

import (
	"errors"
	"testing"

	"github.com/gohooks/gohooks/internal/interrupt"
	"github.com/gohooks/gohooks/internal/vmath"
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

// BenchmarkElementwiseInto is the kernel of BenchmarkElementwise's
// operations split over the cores as the operations split it, writing into
// the same output every time, so that the output stays in cache (as
// PyTorch's caching allocator hands an operation the block its previous
// result freed): bench/torch_bench.py's ew_*_into. Set against
// BenchmarkElementwise, it shows what a fresh output costs.
// Log takes the logarithms of uniform values in [0, 1), as
// BenchmarkElementwise does; gelu_backward multiplies GELU's derivative at
// x by the gradient y.
func BenchmarkElementwiseInto(b *testing.B) {
	ManualSeed(1)
	x, y, u := Randn(64, 8, 28, 28), Randn(64, 8, 28, 28), Rand(64, 8, 28, 28)
	out := make([]float32, x.Numel())
	unary := func(f func(dst, src []float32)) func(dst, a, b []float32) {
		return func(dst, a, _ []float32) { f(dst, a) }
	}
	for _, c := range []struct {
		name string
		in   *Tensor
		op   func(dst, a, b []float32)
	}{
		{"relu", x, unary(vmath.ReLU)},
		{"add", x, vmath.Add},
		{"mul", x, vmath.Mul},
		{"exp", x, unary(vmath.Exp)},
		{"tanh", x, unary(vmath.Tanh)},
		{"sigmoid", x, unary(vmath.Sigmoid)},
		{"silu", x, unary(vmath.SiLU)},
		{"gelu", x, unary(vmath.GELU)},
		{"gelu_backward", x, vmath.GELUBackward},
		{"log", u, unary(vmath.Log)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(4 * x.Numel()))
			for b.Loop() {
				forBlocks(len(out), func(lo, hi int) { c.op(out[lo:hi], c.in.data[lo:hi], y.data[lo:hi]) })
			}
		})
	}
}
