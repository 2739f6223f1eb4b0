package vmath

import (
	"math"
	"testing"
)

// TestLogAccuracy checks both paths of Log against float64 math over every
// 1021st float32 bit pattern (negatives, denormals, infinities and NaNs
// among them), the powers of two and their neighbours, and the values
// around √½, where the mantissa changes range.
func TestLogAccuracy(t *testing.T) {
	xs := testInputs()
	for e := -149; e <= 127; e++ {
		p := float32(math.Ldexp(1, e))
		xs = append(xs, p, math.Nextafter32(p, 0), math.Nextafter32(p, 2*p))
		for _, m := range []float32{sqrtHalf, 1.5, 1.999} {
			q := float32(math.Ldexp(float64(m), e))
			xs = append(xs, q, math.Nextafter32(q, 0), math.Nextafter32(q, 2*q))
		}
	}
	got := make([]float32, len(xs))
	Log(got, xs)
	for path, res := range map[string]func(i int) float32{
		"vector": func(i int) float32 { return got[i] },
		"go":     func(i int) float32 { return log1(xs[i]) },
	} {
		worst, at := 0.0, float32(0)
		for i, x := range xs {
			if u := ulps(res(i), math.Log(float64(x))); u > worst || u != u {
				worst, at = u, x
			}
		}
		t.Logf("Log (%s): max error %.3f ulp at %g", path, worst, at)
		if !(worst <= 1) {
			t.Errorf("Log (%s): error %.3f ulp at x=%g (%#08x)", path, worst, at, math.Float32bits(at))
		}
	}
}

func TestLogSpecialValues(t *testing.T) {
	inf := float32(math.Inf(1))
	for _, c := range []struct{ x, want float32 }{
		{1, 0},
		{0, -inf},
		{float32(math.Copysign(0, -1)), -inf},
		{inf, inf},
		{math.SmallestNonzeroFloat32, float32(math.Log(math.SmallestNonzeroFloat32))},
		{math.MaxFloat32, float32(math.Log(math.MaxFloat32))},
	} {
		// In a vector lane (the first of nine) and in the tail.
		src := []float32{c.x, 1, 1, 1, 1, 1, 1, 1, c.x}
		dst := make([]float32, len(src))
		Log(dst, src)
		for _, i := range []int{0, 8} {
			if dst[i] != c.want {
				t.Errorf("Log(%g) = %g at %d, want %g", c.x, dst[i], i, c.want)
			}
		}
	}
	for _, x := range []float32{-1, -inf, -math.SmallestNonzeroFloat32, float32(math.NaN())} {
		dst := make([]float32, 9)
		Log(dst, []float32{x, 1, 1, 1, 1, 1, 1, 1, x})
		if dst[0] == dst[0] || dst[8] == dst[8] {
			t.Errorf("Log(%g) = %g, %g, want NaN", x, dst[0], dst[8])
		}
	}
}
