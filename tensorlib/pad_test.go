package tensorlib

import (
	"fmt"
	"testing"
)

func TestPadMatchesTorch(t *testing.T) {
	for _, c := range []struct {
		name  string
		pads  []int
		value float32
	}{
		{"last", []int{1, 2}, 0.5},
		{"two_crop", []int{1, -1, 2, 0}, 0},
		{"three", []int{-1, -2, 0, 1, 1, 0}, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref := netRef(t, "pad_"+c.name)
			x := netWave(0.1, 1, 0, 2, 3, 4).SetRequiresGrad(true)
			y := Pad(x, c.pads, c.value)
			netShape(t, "y", y, ref.Shape)
			netGradFn(t, y, "ConstantPadNdBackward0")
			netClose(t, "y", y, ref.Y)
			y.BackwardWith(netOutGrad(y))
			netClose(t, "x.grad", x.Grad(), ref.Gx)
		})
	}
}

func TestPadCropsToEmptyAndHandlesNoPads(t *testing.T) {
	x := Ones(2, 3).SetRequiresGrad(true)
	y := Pad(x, []int{-2, -1}, 0)
	netShape(t, "y", y, []int{2, 0})
	y.BackwardWith(Zeros(2, 0))
	netClose(t, "x.grad", x.Grad(), []float64{0, 0, 0, 0, 0, 0})

	z := Pad(x, nil, 7)
	netShape(t, "z", z, []int{2, 3})
	netClose(t, "z", z, []float64{1, 1, 1, 1, 1, 1})

	s := Pad(Scalar(4), nil, 0)
	netClose(t, "scalar", s, []float64{4})
}

func TestPadRejectsBadPads(t *testing.T) {
	netPanics(t, "tensorlib: Pad: 3 pads for a tensor of shape [2 3] (want an even number, at most 4)", func() {
		//lint:ignore SA5012 the odd count is the bad input under test.
		Pad(Zeros(2, 3), []int{1, 1, 1}, 0)
	})
	netPanics(t, "tensorlib: Pad: pads [-2 -2] shrink dimension 1 of shape [2 3] below 0 (to -1)", func() {
		Pad(Zeros(2, 3), []int{-2, -2}, 0)
	})
}

func ExamplePad() {
	x := New([]float32{1, 2, 3, 4}, 2, 2)
	// One column of zeros on the left, one row of zeros at the bottom.
	fmt.Println(Pad(x, []int{1, 0, 0, 1}, 0).Data())
	// Negative pads crop: drop the first column.
	fmt.Println(Pad(x, []int{-1, 0}, 0).Data())
	// Output:
	// [0 1 2 0 3 4 0 0 0]
	// [2 4]
}
