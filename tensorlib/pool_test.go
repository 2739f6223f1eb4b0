package tensorlib

import (
	"fmt"
	"math"
	"testing"
)

var poolCases = []struct {
	name   string
	xs     []int
	kernel [2]int
	opt    PoolOptions
	ties   bool
}{
	{"k2", []int{2, 3, 6, 6}, [2]int{2, 2}, PoolOptions{}, false},
	{"k3s2p1", []int{2, 2, 7, 6}, [2]int{3, 3}, PoolOptions{Stride: [2]int{2, 2}, Padding: [2]int{1, 1}}, false},
	{"k32s12p10", []int{1, 2, 5, 6}, [2]int{3, 2}, PoolOptions{Stride: [2]int{1, 2}, Padding: [2]int{1, 0}}, false},
	{"overlap_ties", []int{1, 2, 5, 5}, [2]int{3, 3}, PoolOptions{Stride: [2]int{1, 1}, Padding: [2]int{1, 1}}, true},
	{"unbatched", []int{2, 5, 4}, [2]int{2, 2}, PoolOptions{Stride: [2]int{1, 1}, Padding: [2]int{0, 1}}, false},
	{"k3s2p1_odd", []int{2, 3, 9, 11}, [2]int{3, 3}, PoolOptions{Stride: [2]int{2, 2}, Padding: [2]int{1, 1}}, false},
	{"k5s3p2", []int{1, 2, 11, 8}, [2]int{5, 5}, PoolOptions{Stride: [2]int{3, 3}, Padding: [2]int{2, 2}}, false},
	{"k3s1p1", []int{2, 2, 6, 7}, [2]int{3, 3}, PoolOptions{Stride: [2]int{1, 1}, Padding: [2]int{1, 1}}, false},
	{"k4s2p1_ties", []int{1, 2, 9, 9}, [2]int{4, 4}, PoolOptions{Stride: [2]int{2, 2}, Padding: [2]int{1, 1}}, true},
	{"k1s2", []int{1, 2, 5, 6}, [2]int{1, 1}, PoolOptions{Stride: [2]int{2, 2}}, false},
	{"k2s2_odd", []int{2, 2, 7, 5}, [2]int{2, 2}, PoolOptions{}, false},
}

// poolInput is the generator's pooling input; with ties it is rounded to
// multiples of 1/2 so that windows hold equal maxima.
func poolInput(xs []int, ties bool) *Tensor {
	x := netWave(0.4, 1, 0, xs...)
	if ties {
		for i, v := range x.data {
			x.data[i] = float32(math.RoundToEven(float64(v * 2)))
		}
	}
	return x.SetRequiresGrad(true)
}

func TestPoolingMatchesTorch(t *testing.T) {
	ops := []struct {
		name, gradFn string
		fn           func(*Tensor, [2]int, PoolOptions) *Tensor
	}{
		{"maxpool", "MaxPool2DWithIndicesBackward0", MaxPool2d},
		{"avgpool", "AvgPool2DBackward0", AvgPool2d},
	}
	for _, op := range ops {
		for _, c := range poolCases {
			t.Run(op.name+"_"+c.name, func(t *testing.T) {
				ref := netRef(t, op.name+"_"+c.name)
				x := poolInput(c.xs, c.ties)
				y := op.fn(x, c.kernel, c.opt)
				netShape(t, "y", y, ref.Shape)
				netGradFn(t, y, op.gradFn)
				netClose(t, "y", y, ref.Y)
				y.BackwardWith(netOutGrad(y))
				netClose(t, "x.grad", x.Grad(), ref.Gx)
			})
		}
	}
}

func TestMaxPool2dTiesGoToFirstMaximumAndOverlapsAdd(t *testing.T) {
	// Every value equal: each 2×2 window (stride 1) sends its gradient to
	// its top-left element, and the four windows do not overlap there.
	x := Ones(1, 1, 3, 3).SetRequiresGrad(true)
	y := MaxPool2d(x, [2]int{2, 2}, PoolOptions{Stride: [2]int{1, 1}})
	y.BackwardWith(New([]float32{1, 2, 3, 4}, 1, 1, 2, 2))
	netClose(t, "x.grad", x.Grad(), []float64{1, 2, 0, 3, 4, 0, 0, 0, 0})

	// One large centre value is every window's maximum: its gradient is
	// the sum of all four.
	x = New([]float32{0, 0, 0, 0, 5, 0, 0, 0, 0}, 1, 1, 3, 3).SetRequiresGrad(true)
	y = MaxPool2d(x, [2]int{2, 2}, PoolOptions{Stride: [2]int{1, 1}})
	netClose(t, "y", y, []float64{5, 5, 5, 5})
	y.BackwardWith(New([]float32{1, 2, 3, 4}, 1, 1, 2, 2))
	netClose(t, "x.grad", x.Grad(), []float64{0, 0, 0, 0, 10, 0, 0, 0, 0})

	// -0 and +0 are equal: the first one is the maximum, sign and all.
	negZero := float32(math.Copysign(0, -1))
	x = New([]float32{negZero, 0, 0, negZero}, 1, 1, 2, 2).SetRequiresGrad(true)
	y = MaxPool2d(x, [2]int{2, 2}, PoolOptions{})
	if v := y.Item(); v != 0 || !math.Signbit(float64(v)) {
		t.Errorf("max of [-0 +0 +0 -0] = %v (sign bit %v), want the first, -0", v, math.Signbit(float64(v)))
	}
	y.Backward()
	netClose(t, "x.grad", x.Grad(), []float64{1, 0, 0, 0})

	// With padding 1 each 2×2 window holds one real element, which beats
	// the -Inf padding even when it is negative.
	x = New([]float32{-3, -1, -1, -3}, 1, 1, 2, 2).SetRequiresGrad(true)
	y = MaxPool2d(x, [2]int{2, 2}, PoolOptions{Padding: [2]int{1, 1}})
	netClose(t, "y", y, []float64{-3, -1, -1, -3})
	y.BackwardWith(Ones(1, 1, 2, 2))
	netClose(t, "x.grad", x.Grad(), []float64{1, 1, 1, 1})
}

func TestMaxPool2dPropagatesNaN(t *testing.T) {
	nan := float32(math.NaN())
	// As in PyTorch, the last NaN of the window takes the gradient.
	x := New([]float32{1, nan, 3, nan}, 1, 1, 2, 2).SetRequiresGrad(true)
	y := MaxPool2d(x, [2]int{2, 2}, PoolOptions{})
	if v := y.Item(); v == v {
		t.Errorf("max of a window with NaN = %v, want NaN", v)
	}
	y.Backward()
	netClose(t, "x.grad", x.Grad(), []float64{0, 0, 0, 1})

	// A NaN with the sign bit set, in overlapping padded windows: every
	// window holds it and every gradient goes to it.
	negNaN := math.Float32frombits(0xffc00000)
	x = New([]float32{1, 2, 3, 4, negNaN, 6, 7, 8, 9}, 1, 1, 3, 3).SetRequiresGrad(true)
	y = MaxPool2d(x, [2]int{3, 3}, PoolOptions{Stride: [2]int{1, 1}, Padding: [2]int{1, 1}})
	for i, v := range y.data {
		if v == v {
			t.Errorf("output %d = %v, want NaN", i, v)
		}
	}
	y.BackwardWith(Ones(1, 1, 3, 3))
	netClose(t, "x.grad", x.Grad(), []float64{0, 0, 0, 0, 9, 0, 0, 0, 0})
}

func TestAvgPool2dCountsPaddingAsZeros(t *testing.T) {
	x := Ones(1, 1, 2, 2).SetRequiresGrad(true)
	y := AvgPool2d(x, [2]int{2, 2}, PoolOptions{Padding: [2]int{1, 1}})
	netClose(t, "y", y, []float64{0.25, 0.25, 0.25, 0.25})
	netGradCheck(t, func() *Tensor {
		return AvgPool2d(x, [2]int{3, 2}, PoolOptions{Stride: [2]int{1, 1}, Padding: [2]int{1, 1}})
	}, []*Tensor{x}, 1e-2, 1e-3)
}

func TestPoolingRejectsBadOptions(t *testing.T) {
	x := Zeros(1, 1, 4, 4)
	netPanics(t, "tensorlib: MaxPool2d: padding [2 0] must be between 0 and half of kernel [2 2]", func() {
		MaxPool2d(x, [2]int{2, 2}, PoolOptions{Padding: [2]int{2, 0}})
	})
	netPanics(t, "tensorlib: AvgPool2d: kernel [5 1] is larger than the padded input 4x4", func() {
		AvgPool2d(x, [2]int{5, 1}, PoolOptions{})
	})
	netPanics(t, "tensorlib: MaxPool2d: input of shape [4 4] is not [N C H W] or [C H W]", func() {
		MaxPool2d(Zeros(4, 4), [2]int{2, 2}, PoolOptions{})
	})
	netPanics(t, "must be positive", func() { AvgPool2d(x, [2]int{0, 2}, PoolOptions{}) })
}

func ExampleMaxPool2d() {
	x := New([]float32{
		1, 2, 5, 3,
		4, 0, 1, 1,
		2, 2, 0, 7,
		8, 1, 6, 6,
	}, 1, 1, 4, 4).SetRequiresGrad(true)
	y := MaxPool2d(x, [2]int{2, 2}, PoolOptions{})
	fmt.Println(y.Data(), y.GradFn())
	y.Sum().Backward()
	fmt.Println(x.Grad().Data())
	// Output:
	// [4 5 8 7] <MaxPool2DWithIndicesBackward0>
	// [0 0 1 0 1 0 0 0 0 0 0 1 1 0 0 0]
}

func ExampleAvgPool2d() {
	x := Arange(0, 16, 1).Reshape(1, 1, 4, 4)
	fmt.Println(AvgPool2d(x, [2]int{2, 2}, PoolOptions{}).Data())
	// Output:
	// [2.5 4.5 10.5 12.5]
}

// TestMaxPool2x2BackwardOddSizes checks the 2×2 backward on planes with an
// odd row and column that no window covers, and an even one, against the
// gradient rule written out: each window's gradient goes to its maximum.
func TestMaxPool2x2BackwardOddSizes(t *testing.T) {
	for _, hw := range [][2]int{{5, 7}, {6, 8}, {28, 28}, {57, 57}} {
		ManualSeed(7)
		h, w := hw[0], hw[1]
		x := Randn(8, 3, h, w).SetRequiresGrad(true)
		y := MaxPool2d(x, [2]int{2, 2}, PoolOptions{})
		oh, ow := h/2, w/2
		gy := Arange(1, float32(8*3*oh*ow+1), 1).Reshape(8, 3, oh, ow)
		y.BackwardWith(gy)
		want := make([]float32, len(x.data))
		for pl := 0; pl < 24; pl++ {
			for oy := 0; oy < oh; oy++ {
				for ox := 0; ox < ow; ox++ {
					best := pl*h*w + 2*oy*w + 2*ox
					for _, off := range []int{1, w, w + 1} {
						if j := pl*h*w + 2*oy*w + 2*ox + off; x.data[j] > x.data[best] {
							best = j
						}
					}
					want[best] = gy.data[pl*oh*ow+oy*ow+ox]
				}
			}
		}
		for i, v := range want {
			if x.grad.data[i] != v {
				t.Fatalf("%dx%d: dx[%d] = %g, want %g", h, w, i, x.grad.data[i], v)
			}
		}
	}
}

// TestPoolingWithoutTableAgrees checks the kernels used when a window
// table would be too large (maxPoolWindows, windowSums, spreadWindows)
// against the table kernels, whose values TestPoolingMatchesTorch checks,
// on the torch cases' geometries, and that a huge plane takes them.
func TestPoolingWithoutTableAgrees(t *testing.T) {
	for _, c := range poolCases {
		t.Run(c.name, func(t *testing.T) {
			x := poolInput(c.xs, c.ties)
			g, _ := poolGeometry("test", x, c.kernel, c.opt)
			hw, ohw := g.h*g.w, g.oh*g.ow
			ym := MaxPool2d(x, c.kernel, c.opt)
			ya := AvgPool2d(x, c.kernel, c.opt)
			ya.BackwardWith(netOutGrad(ya))
			gy := netOutGrad(ya)
			for pl := 0; pl < g.planes; pl++ {
				src := x.data[pl*hw : (pl+1)*hw]
				dst, idx := make([]float32, ohw), make([]int32, ohw)
				maxPoolWindows(&g, src, dst, idx)
				if !sameValues(dst, ym.data[pl*ohw:(pl+1)*ohw]) {
					t.Errorf("plane %d: max %v, table kernel %v", pl, dst, ym.data[pl*ohw:(pl+1)*ohw])
				}
				g.windowSums(src, dst, float32(g.kh*g.kw))
				if !sameValues(dst, ya.data[pl*ohw:(pl+1)*ohw]) {
					t.Errorf("plane %d: average %v, table kernel %v", pl, dst, ya.data[pl*ohw:(pl+1)*ohw])
				}
				d := make([]float32, hw)
				g.spreadWindows(d, gy.data[pl*ohw:(pl+1)*ohw], float32(g.kh*g.kw))
				netClose(t, fmt.Sprintf("plane %d: average's gradient", pl), fromData(d, []int{hw}), toFloat64(x.grad.data[pl*hw:(pl+1)*hw]))
			}
		})
	}
	x := Zeros(1, 1, 200, 200)
	g, _ := poolGeometry("test", x, [2]int{7, 7}, PoolOptions{Stride: [2]int{1, 1}, Padding: [2]int{3, 3}})
	if g.taps() != nil {
		t.Error("a 200x200 plane with 7x7 windows got a table")
	}
}
