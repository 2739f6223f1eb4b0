package tensorlib

import (
	"fmt"
	"math"
	"testing"
)

var batchNormCases = []struct {
	name          string
	xs            []int
	weight, bias  bool
	training      bool
	momentum, eps float32
}{
	{"train_2d", []int{4, 3}, true, true, true, 0.1, 1e-5},
	{"train_4d", []int{2, 3, 2, 3}, true, true, true, 0.1, 1e-5},
	{"train_plain", []int{3, 2, 2, 2}, false, false, true, 0.3, 1e-3},
	{"eval_4d", []int{2, 3, 2, 2}, true, true, false, 0.1, 1e-5},
	{"train_planes_of_15", []int{3, 2, 3, 5}, true, true, true, 0.1, 1e-5},
	{"eval_planes_of_15", []int{2, 2, 5, 3}, true, false, false, 0.1, 1e-5},
}

// batchNormInputs builds the generator's tensors for a case: x, weight and
// bias as leaves that require grad, the running statistics as plain tensors.
func batchNormInputs(xs []int, weight, bias bool) (x, rm, rv, w, b *Tensor) {
	c := xs[1]
	x = netWave(0.5, 2, 0.5, xs...).SetRequiresGrad(true)
	if weight {
		w = netWave(0.6, 1, 1.5, c).SetRequiresGrad(true)
	}
	if bias {
		b = netWave(0.7, 1, 0, c).SetRequiresGrad(true)
	}
	return x, netWave(0.8, 0.5, 0, c), netWave(0.9, 0.5, 1, c), w, b
}

func TestBatchNormMatchesTorch(t *testing.T) {
	for _, c := range batchNormCases {
		t.Run(c.name, func(t *testing.T) {
			ref := netRef(t, "batchnorm_"+c.name)
			x, rm, rv, w, b := batchNormInputs(c.xs, c.weight, c.bias)
			y := BatchNorm(x, rm, rv, w, b, c.training, c.momentum, c.eps)
			netShape(t, "y", y, ref.Shape)
			netGradFn(t, y, "NativeBatchNormBackward0")
			netClose(t, "y", y, ref.Y)
			netClose(t, "running mean", rm, ref.RunningMean)
			netClose(t, "running var", rv, ref.RunningVar)
			y.BackwardWith(netOutGrad(y))
			netClose(t, "x.grad", x.Grad(), ref.Gx)
			if c.weight {
				netClose(t, "weight.grad", w.Grad(), ref.Gw)
			}
			if c.bias {
				netClose(t, "bias.grad", b.Grad(), ref.Gb)
			}
		})
	}
}

func TestBatchNormUpdatesRunningStatistics(t *testing.T) {
	// Channel 0 holds 1, 2, 3, 6 (mean 3, biased variance 3.5, unbiased
	// 14/3); channel 1 holds 0, 0, 0, 0.
	x := New([]float32{1, 0, 2, 0, 3, 0, 6, 0}, 4, 2)
	rm, rv := Tensor1(1, 1), Tensor1(2, 2)
	y := BatchNorm(x, rm, rv, nil, nil, true, 0.1, 0)
	netClose(t, "running mean", rm, []float64{0.9*1 + 0.1*3, 0.9})
	netClose(t, "running var", rv, []float64{0.9*2 + 0.1*14.0/3, 1.8})
	// Normalised with the biased variance: (1-3)/sqrt(3.5).
	if got := y.At(0, 0); got < -1.0691 || got > -1.0690 {
		t.Errorf("y[0, 0] = %v, want -2/sqrt(3.5) = -1.06904", got)
	}
	// Evaluation uses the running statistics and leaves them alone.
	e := BatchNorm(Tensor1(1.2, 0).Reshape(1, 2), rm, rv, nil, nil, false, 0.1, 0)
	netClose(t, "eval", e, []float64{0, -0.9 / 1.3416408})
	netClose(t, "running mean after eval", rm, []float64{1.2, 0.9})
}

func TestBatchNormGradientsMatchFiniteDifferences(t *testing.T) {
	for _, training := range []bool{true, false} {
		t.Run(fmt.Sprint("training=", training), func(t *testing.T) {
			x, rm, rv, w, b := batchNormInputs([]int{3, 2, 2, 2}, true, true)
			netGradCheck(t, func() *Tensor { return BatchNorm(x, rm.Detach(), rv.Detach(), w, b, training, 0, 1e-5) },
				[]*Tensor{x, w, b}, 1e-2, 2e-3)
		})
	}
}

func TestBatchNormRejectsBadInput(t *testing.T) {
	netPanics(t, "tensorlib: BatchNorm: expected more than 1 value per channel when training, got input of shape [1 3]", func() {
		BatchNorm(Zeros(1, 3), nil, nil, nil, nil, true, 0.1, 1e-5)
	})
	netPanics(t, "tensorlib: BatchNorm: weight of shape [2] for 3 channels", func() {
		BatchNorm(Zeros(2, 3), nil, nil, Ones(2), nil, true, 0.1, 1e-5)
	})
	netPanics(t, "evaluation mode needs the running mean and variance", func() {
		BatchNorm(Zeros(2, 3), nil, nil, nil, nil, false, 0.1, 1e-5)
	})
}

func ExampleBatchNorm() {
	x := New([]float32{1, 10, 3, 30}, 2, 2) // two samples, two channels
	runningMean, runningVar := Zeros(2), Ones(2)
	y := BatchNorm(x, runningMean, runningVar, nil, nil, true, 0.1, 0)
	fmt.Println(y.Data())
	fmt.Println(runningMean.Data(), runningVar.Data())
	// Output:
	// [-1 -1 1 1]
	// [0.2 2] [1.1 20.9]
}

// TestBatchNormOfLargeInputsMatchesFloat64 covers inputs large enough for
// the channels to be shared among goroutines, with planes of 1, 16 and
// 323 values (vector steps, tails), against the same formulas in float64.
func TestBatchNormOfLargeInputsMatchesFloat64(t *testing.T) {
	for _, xs := range [][]int{{4096, 24}, {256, 32, 4, 4}, {16, 8, 17, 19}} {
		for _, training := range []bool{true, false} {
			ManualSeed(5)
			x := Randn(xs...)
			for i := range x.data {
				x.data[i] = x.data[i]*2 + 3
			}
			x.SetRequiresGrad(true)
			n, c := xs[0], xs[1]
			s := len(x.data) / (n * c)
			w, b := Randn(c).SetRequiresGrad(true), Randn(c).SetRequiresGrad(true)
			rm, rv := Randn(c), Rand(c)
			rm0, rv0 := rm.Data(), rv.Data()
			g := Randn(xs...)
			y := BatchNorm(x, rm, rv, w, b, training, 0.1, 1e-5)
			y.BackwardWith(g)
			what := fmt.Sprintf("%v training=%v", xs, training)
			for ch := range c {
				var mean, v, sg, sgx float64
				at := func(i, k int) int { return (i*c+ch)*s + k }
				m := float64(n * s)
				for i := range n {
					for k := range s {
						mean += float64(x.data[at(i, k)]) / m
					}
				}
				for i := range n {
					for k := range s {
						d := float64(x.data[at(i, k)]) - mean
						v += d * d / m
					}
				}
				if !training {
					mean, v = float64(rm0[ch]), float64(rv0[ch])
				} else {
					close64(t, what, "running mean", rm.data[ch], 0.9*float64(rm0[ch])+0.1*mean)
					close64(t, what, "running var", rv.data[ch], 0.9*float64(rv0[ch])+0.1*v*m/(m-1))
				}
				is := 1 / math.Sqrt(v+1e-5)
				for i := range n {
					for k := range s {
						xhat := (float64(x.data[at(i, k)]) - mean) * is
						close64(t, what, "y", y.data[at(i, k)], xhat*float64(w.data[ch])+float64(b.data[ch]))
						sg += float64(g.data[at(i, k)])
						sgx += float64(g.data[at(i, k)]) * xhat
					}
				}
				close64(t, what, "weight.grad", w.Grad().data[ch], sgx)
				close64(t, what, "bias.grad", b.Grad().data[ch], sg)
				for i := range n {
					for k := range s {
						gv := float64(g.data[at(i, k)])
						want := gv
						if training {
							xhat := (float64(x.data[at(i, k)]) - mean) * is
							want = gv - sg/m - xhat*sgx/m
						}
						close64(t, what, "x.grad", x.Grad().data[at(i, k)], want*is*float64(w.data[ch]))
					}
				}
			}
			if t.Failed() {
				return
			}
		}
	}
}

// close64 fails t when got is not within float32 tolerance of want.
func close64(t *testing.T, what, name string, got float32, want float64) {
	if math.Abs(float64(got)-want) > 1e-4*(1+math.Abs(want)) {
		t.Helper()
		t.Fatalf("%s: %s = %v, want %v", what, name, got, want)
	}
}
