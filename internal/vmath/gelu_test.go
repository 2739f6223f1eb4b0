package vmath

import (
	"math"
	"testing"
)

func gelu64(x float64) float64 { return x * 0.5 * math.Erfc(-x/math.Sqrt2) }

func geluGrad64(x float64) float64 {
	return 0.5*math.Erfc(-x/math.Sqrt2) + x*math.Exp(-x*x/2)/math.Sqrt(2*math.Pi)
}

// geluBound is the error allowed at x for a result of size scale: 8 ulp
// (16·2^-24 relative), plus the left tail's 2e-7·x² relative (GELU's
// documentation), plus 2^-140 for results in the denormals.
func geluBound(x, scale float64) float64 {
	rel := 16 * 0x1p-24
	if x < 0 {
		rel += 2e-7 * x * x
	}
	return rel*scale + 0x1p-140
}

// TestGELUAccuracy checks GELU and GELUBackward (with a gradient of 1) on
// both paths against float64 math over every 1021st float32. The
// gradient Φ(x) + x·φ(x) cancels near x = -0.75, so its error is taken
// relative to Φ(x) + |x|·φ(x).
func TestGELUAccuracy(t *testing.T) {
	xs := testInputs()
	got := make([]float32, len(xs))
	ones := make([]float32, len(xs))
	for i := range ones {
		ones[i] = 1
	}
	for _, f := range []struct {
		name  string
		vec   func()
		one   func(float32) float32
		ref   func(float64) float64
		scale func(float64) float64
	}{
		{"GELU", func() { GELU(got, xs) }, gelu1, gelu64, func(x float64) float64 { return math.Abs(gelu64(x)) }},
		{"GELUBackward", func() { GELUBackward(got, xs, ones) }, geluGrad1, geluGrad64, func(x float64) float64 {
			return 0.5*math.Erfc(-x/math.Sqrt2) + math.Abs(x)*math.Exp(-x*x/2)/math.Sqrt(2*math.Pi)
		}},
	} {
		f.vec()
		for path, res := range map[string]func(i int) float32{
			"vector": func(i int) float32 { return got[i] },
			"go":     func(i int) float32 { return f.one(xs[i]) },
		} {
			worst, worstUlps := 0.0, 0.0
			var at float32
			for i, x := range xs {
				xf := float64(x)
				if math.IsInf(xf, 0) || math.IsNaN(xf) || math.Abs(xf) > 1e18 {
					continue // TestGELUSpecialValues; x² overflows
				}
				want := f.ref(xf)
				e := math.Abs(float64(res(i))-want) / geluBound(xf, f.scale(xf))
				if !(e <= worst) {
					worst, at = e, x
				}
				if xf > -1 && f.name == "GELU" {
					worstUlps = max(worstUlps, ulps(res(i), want))
				}
			}
			t.Logf("%s (%s): max error %.3f of the bound at %g; GELU above x = -1: %.2f ulp", f.name, path, worst, at, worstUlps)
			if !(worst <= 1) {
				i := indexOf(xs, at)
				t.Errorf("%s (%s): error %.3f of the bound at x=%g: got %g, want %g", f.name, path, worst, at, res(i), f.ref(float64(at)))
			}
		}
	}
}

// TestGELUSpecialValues pins the infinities, zeros and NaN, in a vector
// lane and in the tail, and checks that the gradient is multiplied in.
func TestGELUSpecialValues(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	negZero := float32(math.Copysign(0, -1))
	for _, c := range []struct {
		x, want, grad float32 // grad: GELUBackward with g = 2
	}{
		{inf, inf, nan},
		{-inf, nan, nan}, // -Inf·0, as PyTorch's x·0.5·(1 + erf(x/√2))
		{nan, nan, nan},
		{0, 0, 1},
		{negZero, negZero, 1},
		{1, float32(gelu64(1)), float32(2 * geluGrad64(1))},
	} {
		src := []float32{c.x, 0, 0, 0, 0, 0, 0, 0, c.x}
		g := []float32{2, 2, 2, 2, 2, 2, 2, 2, 2}
		dst := make([]float32, len(src))
		grad := make([]float32, len(src))
		GELU(dst, src)
		GELUBackward(grad, src, g)
		same := func(a, b float32) bool {
			return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b) || (ulps(a, float64(b)) <= 2 && a == a)
		}
		for _, i := range []int{0, 8} {
			if !same(dst[i], c.want) || math.Signbit(float64(dst[i])) != math.Signbit(float64(c.want)) && c.want == c.want {
				t.Errorf("GELU(%g) = %g at %d, want %g", c.x, dst[i], i, c.want)
			}
			if !same(grad[i], c.grad) {
				t.Errorf("GELUBackward(%g, 2) = %g at %d, want %g", c.x, grad[i], i, c.grad)
			}
		}
	}
}

// TestGELUBackwardLengths runs GELUBackward at every length from 0 to 40
// (vector blocks and tails) with varied gradients.
func TestGELUBackwardLengths(t *testing.T) {
	for n := 0; n <= 40; n++ {
		x, g, dst := make([]float32, n), make([]float32, n), make([]float32, n)
		for i := range x {
			x[i] = float32((i*7919)%101)/10 - 5
			g[i] = float32((i*104729)%97)/10 - 4.8
		}
		GELUBackward(dst, x, g)
		for i := range dst {
			want := float64(g[i]) * geluGrad64(float64(x[i]))
			if math.Abs(float64(dst[i])-want) > 1e-6*math.Abs(float64(g[i])) {
				t.Errorf("n=%d: GELUBackward(%g, %g) = %g, want %g", n, x[i], g[i], dst[i], want)
			}
		}
	}
}

func BenchmarkGELU(b *testing.B) {
	src := make([]float32, 1<<14)
	for i := range src {
		src[i] = float32(i%200)/20 - 5
	}
	dst := make([]float32, len(src))
	b.SetBytes(4 << 14)
	for b.Loop() {
		GELU(dst, src)
	}
}
