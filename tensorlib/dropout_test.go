package tensorlib

import (
	"fmt"
	"runtime"
	"testing"
)

func TestDropoutIsReproducibleUnderManualSeed(t *testing.T) {
	x := Ones(1000)
	ManualSeed(7)
	a := Dropout(x, 0.5, true)
	ManualSeed(7)
	b := Dropout(x, 0.5, true)
	c := Dropout(x, 0.5, true)
	if !sameValues(a.data, b.data) {
		t.Error("the same seed gave different masks")
	}
	if sameValues(b.data, c.data) {
		t.Error("two draws after one seed gave the same mask")
	}
}

func sameValues(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestDropoutScalesKeptValuesAndMasksTheGradient(t *testing.T) {
	ManualSeed(1)
	const n = 20000
	x := netWave(0.1, 1, 2, n).SetRequiresGrad(true) // values in [1, 3]
	y := Dropout(x, 0.3, true)
	netGradFn(t, y, "MulBackward0")
	g := netWave(1.3, 1, 0, n)
	y.BackwardWith(g)
	kept := 0
	for i, v := range y.data {
		switch v {
		case 0:
			if x.grad.data[i] != 0 {
				t.Fatalf("element %d dropped but its gradient is %v", i, x.grad.data[i])
			}
		default:
			kept++
			if want := x.data[i] * (1 / float32(0.7)); v != want {
				t.Fatalf("element %d: %v, want %v/(1-0.3) = %v", i, v, x.data[i], want)
			}
			if want := g.data[i] * (1 / float32(0.7)); x.grad.data[i] != want {
				t.Fatalf("element %d: gradient %v, want %v", i, x.grad.data[i], want)
			}
		}
	}
	// Kept with probability 0.7: the count is 14000 ± 65 (one standard
	// deviation); this seed's draw must lie within four.
	if kept < 14000-260 || kept > 14000+260 {
		t.Errorf("kept %d of %d, want about %d", kept, n, 14000)
	}
}

func TestDropoutEdgeCases(t *testing.T) {
	x := Tensor1(1, 2, 3).SetRequiresGrad(true)
	if y := Dropout(x, 0.5, false); y != x {
		t.Error("Dropout in evaluation mode did not return its input")
	}
	y := Dropout(x, 0, true)
	netClose(t, "p=0", y, []float64{1, 2, 3})
	netGradFn(t, y, "MulBackward0")
	z := Dropout(x, 1, true)
	netClose(t, "p=1", z, []float64{0, 0, 0})
	z.BackwardWith(Ones(3))
	netClose(t, "p=1 grad", x.Grad(), []float64{0, 0, 0})
	netPanics(t, "tensorlib: Dropout: probability 1.5 is not between 0 and 1", func() { Dropout(x, 1.5, true) })
}

func ExampleDropout() {
	ManualSeed(0)
	// Training: about half the values dropped, the rest doubled.
	fmt.Println(Dropout(Ones(8), 0.5, true).Data())
	// Evaluation: the input unchanged.
	fmt.Println(Dropout(Ones(3), 0.5, false).Data())
	// Output:
	// [2 0 0 2 2 2 0 2]
	// [1 1 1]
}

// TestDropoutMaskDoesNotDependOnTheCores draws a mask large enough to be
// split into blocks on one core and on two: the same seed gives the same
// mask, and the kept share is 1-p.
func TestDropoutMaskDoesNotDependOnTheCores(t *testing.T) {
	x := Ones(300001)
	draw := func(procs int) *Tensor {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		ManualSeed(11)
		return Dropout(x, 0.25, true)
	}
	a, b := draw(1), draw(2)
	if !sameValues(a.data, b.data) {
		t.Fatal("one core and two gave different masks for the same seed")
	}
	kept := 0
	for _, v := range a.data {
		if v != 0 {
			kept++
		}
	}
	// 225000.75 ± 237 (one standard deviation): within four.
	if kept < 225001-950 || kept > 225001+950 {
		t.Errorf("kept %d of %d, want about 225001", kept, len(a.data))
	}
}
