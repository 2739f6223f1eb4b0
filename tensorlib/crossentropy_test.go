package tensorlib

import (
	"math"
	"testing"
)

// CrossEntropy must give what the negative log-likelihood of LogSoftmax
// gives, built from separate operations, forward and backward: short rows
// (one batch of rows, and several), long rows, one unbatched sample.
func TestCrossEntropyMatchesNLLOfLogSoftmax(t *testing.T) {
	for _, shape := range [][]int{{3, 4}, {64, 10}, {600, 7}, {5, 100}, {6}} {
		for _, red := range []string{"mean", "sum", "none"} {
			ManualSeed(5)
			x := Randn(shape...).MulScalar(3).Detach().SetRequiresGrad(true)
			n, c := 1, shape[len(shape)-1]
			if len(shape) == 2 {
				n = shape[0]
			}
			classes := make([]int, n)
			onehot := make([]float32, n*c)
			for i := range classes {
				classes[i] = (7*i + 3) % c
				onehot[i*c+classes[i]] = 1
			}
			weights := Randn(n) // a gradient that differs by sample for "none"
			loss := CrossEntropy(x, classes, red)
			if loss.GradFn().Name() != "NllLossBackward0" {
				t.Fatalf("%v %s: grad_fn %s", shape, red, loss.GradFn().Name())
			}
			if red == "none" {
				if len(shape) == 2 {
					loss.Mul(weights).Sum().Backward()
				} else {
					loss.MulScalar(weights.data[0]).Backward()
				}
			} else {
				loss.Backward()
			}
			got, gotGrad := loss.Detach(), x.Grad()
			x.ZeroGrad()

			perSample := x.LogSoftmax(-1).Mul(New(onehot, shape...)).Sum(-1).Neg()
			var want *Tensor
			switch red {
			case "mean":
				want = perSample.Mean()
				want.Backward()
			case "sum":
				want = perSample.Sum()
				want.Backward()
			default:
				want = perSample
				if len(shape) == 2 {
					want.Mul(weights).Sum().Backward()
				} else {
					want.MulScalar(weights.data[0]).Backward()
				}
			}
			if !sameShape(got.shape, want.shape) {
				t.Fatalf("%v %s: loss of shape %v, want %v", shape, red, got.shape, want.shape)
			}
			closeTo(t, shape, red+" loss", got.data, want.data)
			closeTo(t, shape, red+" gradient", gotGrad.data, x.Grad().data)
		}
	}
}

func closeTo(t *testing.T, shape []int, what string, got, want []float32) {
	t.Helper()
	for i := range want {
		if d := math.Abs(float64(got[i] - want[i])); d > 1e-6*math.Max(1, math.Abs(float64(want[i]))) {
			t.Fatalf("%v %s: element %d = %g, want %g", shape, what, i, got[i], want[i])
		}
	}
}

func TestCrossEntropyRejectsBadInput(t *testing.T) {
	netPanics(t, "tensorlib: CrossEntropy: logits of shape [2 3 4] are not [N C] or [C]", func() { CrossEntropy(Zeros(2, 3, 4), []int{0, 0}, "mean") })
	netPanics(t, "tensorlib: CrossEntropy: 1 class indices for logits of shape [2 3]", func() { CrossEntropy(Zeros(2, 3), []int{0}, "mean") })
	netPanics(t, "tensorlib: CrossEntropy: class 3 at 1 is not in [0, 3)", func() { CrossEntropy(Zeros(2, 3), []int{0, 3}, "sum") })
	netPanics(t, `tensorlib: CrossEntropy: reduction "avg" is not "mean", "sum" or "none"`, func() { CrossEntropy(Zeros(2, 3), []int{0, 1}, "avg") })
}
