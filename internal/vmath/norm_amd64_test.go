//go:build !purego

package vmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestNormVectorKernelsMatchGoLoops runs each kernel with and without the
// vector path: the two may differ only by the rounding of a fused
// multiply-add (float32 steps) or the order of the float64 sums.
func TestNormVectorKernelsMatchGoLoops(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2")
	}
	defer func(v bool) { normAsm = v }(normAsm)
	r := rand.New(rand.NewPCG(7, 8))
	const n = 203
	x, w, b, g := normRow(r, n, 5), normRow(r, n, 0), normRow(r, n, 0), normRow(r, n, 0)
	type out struct {
		s, sq, sg, sgx, dsg, dsgx float64
		y, dw, db, dx, ss, dv     []float32
	}
	run := func(asm bool) out {
		normAsm = asm
		o := out{y: make([]float32, n), dw: make([]float32, n), db: make([]float32, n), dx: make([]float32, n), ss: make([]float32, n), dv: make([]float32, n)}
		o.s, o.sq = Sum64(x), SqDev64(x, 5)
		NormAffine(o.y, x, w, b, 5, 0.9)
		o.sg, o.sgx = NormBackwardSums(g, x, w, o.dw, o.db, 5, 0.9)
		NormBackwardInput(o.dx, g, x, w, 5, 0.9, 0.1, -0.2)
		ScaleShift(o.ss, x, 0.9, -4.5)
		o.dsg, o.dsgx = DevSums(g, x, 5)
		DevBackward(o.dv, g, x, 5, 0.9, 0.1, -0.2)
		return o
	}
	v, s := run(true), run(false)
	// The moments are float64 sums on both paths; the backward sums add
	// float32 partial sums on the vector path.
	for _, c := range []struct {
		name string
		a, b float64
		tol  float64
	}{{"Sum64", v.s, s.s, 1e-12}, {"SqDev64", v.sq, s.sq, 1e-12}, {"NormBackwardSums Σg", v.sg, s.sg, 1e-5}, {"NormBackwardSums Σg·xhat", v.sgx, s.sgx, 1e-5}, {"DevSums Σg", v.dsg, s.dsg, 1e-5}, {"DevSums Σg·dev", v.dsgx, s.dsgx, 1e-5}} {
		if math.Abs(c.a-c.b) > c.tol*(1+math.Abs(c.b)) {
			t.Errorf("%s: vector %v, Go %v", c.name, c.a, c.b)
		}
	}
	for _, c := range []struct {
		name string
		a, b []float32
	}{{"NormAffine", v.y, s.y}, {"dw", v.dw, s.dw}, {"db", v.db, s.db}, {"NormBackwardInput", v.dx, s.dx}, {"ScaleShift", v.ss, s.ss}, {"DevBackward", v.dv, s.dv}} {
		for i := range c.a {
			if d := math.Abs(float64(c.a[i] - c.b[i])); d > 2e-6*(1+math.Abs(float64(c.b[i]))) {
				t.Errorf("%s[%d]: vector %v, Go %v", c.name, i, c.a[i], c.b[i])
			}
		}
	}
}
