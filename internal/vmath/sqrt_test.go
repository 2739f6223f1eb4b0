package vmath

import (
	"math"
	"testing"
)

// TestSqrt: both paths give float64 math's square root rounded once, over
// every 1021st float32 bit pattern and the edge cases.
func TestSqrt(t *testing.T) {
	xs := testInputs()
	got := make([]float32, len(xs))
	Sqrt(got, xs)
	for i, x := range xs {
		want := float32(math.Sqrt(float64(x)))
		for path, g := range map[string]float32{"vector": got[i], "go": sqrt1(x)} {
			if math.Float32bits(g) != math.Float32bits(want) && !(g != g && want != want) {
				t.Fatalf("Sqrt (%s) of %g = %g, want %g", path, x, g, want)
			}
		}
	}
}
