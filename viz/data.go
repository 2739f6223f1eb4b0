package viz

import (
	"fmt"

	"github.com/gohooks/gohooks/tensorlib"
)

// grid is a rows×cols array of values, row-major, row 0 drawn at the top.
type grid struct {
	data       []float64
	rows, cols int
}

// float64s copies float32 values into a new float64 slice.
func float64s(d []float32) []float64 {
	out := make([]float64, len(d))
	for i, v := range d {
		out[i] = float64(v)
	}
	return out
}

// squeeze drops the dimensions of size 1 from shape.
func squeeze(shape []int) []int {
	var out []int
	for _, n := range shape {
		if n != 1 {
			out = append(out, n)
		}
	}
	return out
}

// checkTensor panics with op's name when t is nil or empty.
func checkTensor(op string, t *tensorlib.Tensor) {
	if t == nil {
		panic(fmt.Sprintf("viz: %s: nil tensor", op))
	}
	if t.Numel() == 0 {
		panic(fmt.Sprintf("viz: %s: empty tensor (shape %v)", op, t.Shape()))
	}
}

// gridOf returns t as a 2-D grid: a 2-D tensor as it is, any other shape
// with its dimensions of size 1 dropped (a 1-D result becomes one row). It
// panics if more than two dimensions remain.
func gridOf(op string, t *tensorlib.Tensor) grid {
	checkTensor(op, t)
	shape := t.Shape()
	if len(shape) != 2 {
		shape = squeeze(shape)
	}
	switch len(shape) {
	case 0:
		return grid{data: float64s(t.Data()), rows: 1, cols: 1}
	case 1:
		return grid{data: float64s(t.Data()), rows: 1, cols: shape[0]}
	case 2:
		return grid{data: float64s(t.Data()), rows: shape[0], cols: shape[1]}
	}
	panic(fmt.Sprintf("viz: %s: shape %v has more than two dimensions of size > 1 (use FeatureMaps for [N C H W] or [C H W])", op, t.Shape()))
}
