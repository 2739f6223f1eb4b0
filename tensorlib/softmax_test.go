package tensorlib

import (
	"math"
	"testing"
)

// softmax64 is the float64 reference: softmax (or log-softmax) of each
// row of length n.
func softmax64(x []float32, n int, log bool) []float64 {
	out := make([]float64, len(x))
	for r := 0; r < len(x)/n; r++ {
		row := x[r*n : (r+1)*n]
		m := math.Inf(-1)
		for _, v := range row {
			m = math.Max(m, float64(v))
		}
		var s float64
		for _, v := range row {
			s += math.Exp(float64(v) - m)
		}
		for i, v := range row {
			if log {
				out[r*n+i] = float64(v) - m - math.Log(s)
			} else {
				out[r*n+i] = math.Exp(float64(v)-m) / s
			}
		}
	}
	return out
}

// TestSoftmaxLastDimMatchesFloat64 covers the row kernels: rows shorter
// than a vector, with tails, tensors large enough to be split over
// goroutines, and short rows in more than one batch of rows (shortRows),
// forward and backward.
func TestSoftmaxLastDimMatchesFloat64(t *testing.T) {
	for _, shape := range [][]int{{5, 3}, {37, 67}, {4, 300, 64}, {3000, 30}} {
		ManualSeed(3)
		x := Randn(shape...).MulScalar(4).Detach().SetRequiresGrad(true)
		n := shape[len(shape)-1]
		for _, log := range []bool{false, true} {
			var y *Tensor
			if log {
				y = x.LogSoftmax(-1)
			} else {
				y = x.Softmax(-1)
			}
			want := softmax64(x.data, n, log)
			for i, w := range want {
				if d := math.Abs(float64(y.data[i]) - w); d > 2e-6*math.Max(1, math.Abs(w)) {
					t.Fatalf("%v log=%v: element %d = %g, want %g", shape, log, i, y.data[i], w)
				}
			}
			// Backward of Σ y·g: softmax: y*(g - Σg·y); log-softmax:
			// g - softmax*Σg.
			g := Randn(shape...)
			y.BackwardWith(g)
			sm := softmax64(x.data, n, false)
			for r := 0; r < len(want)/n; r++ {
				var dot, sum float64
				for i := r * n; i < (r+1)*n; i++ {
					dot += float64(g.data[i]) * sm[i]
					sum += float64(g.data[i])
				}
				for i := r * n; i < (r+1)*n; i++ {
					w := sm[i] * (float64(g.data[i]) - dot)
					if log {
						w = float64(g.data[i]) - sm[i]*sum
					}
					if d := math.Abs(float64(x.grad.data[i]) - w); d > 1e-5*math.Max(1, math.Abs(w)) {
						t.Fatalf("%v log=%v: gradient %d = %g, want %g", shape, log, i, x.grad.data[i], w)
					}
				}
			}
			x.ZeroGrad()
		}
	}
}

// TestSoftmaxRowOfMinusInf follows PyTorch: a row of -Inf gives NaN, and
// a -Inf among finite values gives 0 (log-softmax: -Inf).
func TestSoftmaxRowOfMinusInf(t *testing.T) {
	inf := float32(math.Inf(-1))
	y := New([]float32{inf, inf, inf, 0, inf, 1}, 2, 3).Softmax(-1)
	for i := 0; i < 3; i++ {
		if v := y.data[i]; v == v {
			t.Errorf("softmax of a row of -Inf: element %d = %g, want NaN", i, v)
		}
	}
	if y.data[4] != 0 || math.Abs(float64(y.data[3]+y.data[5])-1) > 1e-6 {
		t.Errorf("softmax([0, -Inf, 1]) = %v", y.data[3:])
	}
	if l := New([]float32{0, inf, 1}, 3).LogSoftmax(-1); !math.IsInf(float64(l.data[1]), -1) {
		t.Errorf("log-softmax([0, -Inf, 1])[1] = %g, want -Inf", l.data[1])
	}
}

// TestVectorUnaryOpsOnLargeTensors runs Exp, Tanh and Sigmoid over a
// tensor split between goroutines and checks them against math.
func TestVectorUnaryOpsOnLargeTensors(t *testing.T) {
	ManualSeed(5)
	x := Randn(3, 70000).MulScalar(10)
	for _, c := range []struct {
		name string
		got  *Tensor
		ref  func(float64) float64
	}{
		{"Exp", x.Exp(), math.Exp},
		{"Tanh", x.Tanh(), math.Tanh},
		{"Sigmoid", x.Sigmoid(), func(v float64) float64 { return 1 / (1 + math.Exp(-v)) }},
	} {
		for i, v := range x.data {
			w := c.ref(float64(v))
			if d := math.Abs(float64(c.got.data[i]) - w); d > 3e-7*math.Abs(w)+1e-45 {
				t.Fatalf("%s(%g) = %g, want %g", c.name, v, c.got.data[i], w)
			}
		}
	}
}
