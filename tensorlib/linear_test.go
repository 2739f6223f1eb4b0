package tensorlib

import (
	"fmt"
	"testing"
)

var linearCases = []struct {
	name   string
	xs     []int
	out    int
	bias   bool
	gradFn string
}{
	{"2d", []int{3, 4}, 5, true, "AddmmBackward0"},
	{"3d_nobias", []int{2, 3, 4}, 5, false, "UnsafeViewBackward0"},
	{"1d", []int{4}, 3, true, "AddBackward0"},
}

func linearInputs(xs []int, out int, bias bool) (x, w, b *Tensor) {
	x = netWave(0.1, 1, 0, xs...).SetRequiresGrad(true)
	w = netWave(0.2, 1, 0, out, xs[len(xs)-1]).SetRequiresGrad(true)
	if bias {
		b = netWave(0.3, 1, 0, out).SetRequiresGrad(true)
	}
	return x, w, b
}

func TestLinearMatchesTorch(t *testing.T) {
	for _, c := range linearCases {
		t.Run(c.name, func(t *testing.T) {
			ref := netRef(t, "linear_"+c.name)
			x, w, b := linearInputs(c.xs, c.out, c.bias)
			y := Linear(x, w, b)
			netShape(t, "y", y, ref.Shape)
			netGradFn(t, y, c.gradFn)
			netClose(t, "y", y, ref.Y)
			y.BackwardWith(netOutGrad(y))
			netShape(t, "x.grad", x.Grad(), c.xs)
			netClose(t, "x.grad", x.Grad(), ref.Gx)
			netClose(t, "w.grad", w.Grad(), ref.Gw)
			if c.bias {
				netClose(t, "b.grad", b.Grad(), ref.Gb)
			}
		})
	}
}

func TestLinearNodeNamesFollowTorch(t *testing.T) {
	w := Ones(2, 3).SetRequiresGrad(true)
	b := Ones(2).SetRequiresGrad(true)
	for _, c := range []struct {
		x    *Tensor
		b    *Tensor
		want string
	}{
		{Ones(4, 3), b, "AddmmBackward0"},
		{Ones(4, 3), nil, "MmBackward0"},
		{Ones(5, 4, 3), b, "ViewBackward0"},
		{Ones(5, 4, 3), nil, "UnsafeViewBackward0"},
		{Ones(3), b, "AddBackward0"},
		{Ones(3), nil, "SqueezeBackward3"},
	} {
		netGradFn(t, Linear(c.x, w, c.b), c.want)
	}
}

func TestLinearGradientsMatchFiniteDifferences(t *testing.T) {
	x, w, b := linearInputs([]int{2, 3, 4}, 5, true)
	netGradCheck(t, func() *Tensor { return Linear(x, w, b) }, []*Tensor{x, w, b}, 1e-2, 1e-3)
}

func TestLinearRejectsBadShapes(t *testing.T) {
	netPanics(t, "tensorlib: Linear: input of shape [2 4] does not fit weight of shape [5 3] (last dimension must be 3)", func() {
		Linear(Zeros(2, 4), Zeros(5, 3), nil)
	})
	netPanics(t, "tensorlib: Linear: bias of shape [4] for 5 outputs", func() { Linear(Zeros(2, 3), Zeros(5, 3), Zeros(4)) })
	netPanics(t, "tensorlib: Linear: weight of shape [3] is not [out in]", func() { Linear(Zeros(2, 3), Zeros(3), nil) })
}

func ExampleLinear() {
	x := New([]float32{1, 2, 3, 4}, 2, 2)
	w := New([]float32{1, 0, 1, 1, 0, -1}, 3, 2).SetRequiresGrad(true) // [out=3, in=2]
	b := Tensor1(0, 10, 100)
	y := Linear(x, w, b)
	fmt.Println(y.Shape(), y.Data(), y.GradFn())
	y.Sum().Backward()
	fmt.Println(w.Grad().Data())
	// Output:
	// [2 3] [1 13 98 3 17 96] <AddmmBackward0>
	// [4 6 4 6 4 6]
}
