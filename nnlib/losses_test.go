package nnlib_test

import (
	"math"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func TestCrossEntropyAndNLLMatchPyTorch(t *testing.T) {
	target := tensorlib.Tensor1(1, 3, 0)
	for _, red := range []string{"mean", "sum", "none"} {
		t.Run(red, func(t *testing.T) {
			want := torchValues["CrossEntropy_"+red]
			logits := pat([]int{3, 4}, 5, 11, 5, 3).SetRequiresGrad(true)
			loss := nnlib.CrossEntropyLoss(logits, target, nnlib.Reduction(red))
			if red == "none" {
				loss.Mul(tensorlib.Tensor1(1, 2, 3)).Sum().Backward()
			} else {
				if loss.GradFn().Name() != "NllLossBackward0" || loss.Dim() != 0 {
					t.Fatalf("loss %v", loss)
				}
				loss.Backward()
			}
			checkClose(t, "loss", loss, want["l"])
			checkClose(t, "logits.grad", logits.Grad(), want["g"])
		})
	}
	logp := pat([]int{3, 4}, 5, 11, 5, 3).LogSoftmax(1).Detach().SetRequiresGrad(true)
	loss := nnlib.NLLLoss(logp, target)
	loss.Backward()
	checkClose(t, "nll", loss, torchValues["NLL_mean"]["l"])
	checkClose(t, "nll grad", logp.Grad(), torchValues["NLL_mean"]["g"])
}

func TestCrossEntropyGradientIsSoftmaxMinusOneHotOverN(t *testing.T) {
	logits := tensorlib.New([]float32{0, 0, 0, 0}, 2, 2).SetRequiresGrad(true)
	nnlib.CrossEntropyLoss(logits, tensorlib.Tensor1(0, 1)).Backward()
	// softmax is 1/2 everywhere: (0.5 - 1)/2 and 0.5/2.
	checkClose(t, "grad", logits.Grad(), []float32{-0.25, 0.25, 0.25, -0.25})
	// Unbatched input with one class index, as in the quiz's last cell.
	x := tensorlib.Tensor1(0, 0, 0, 0).SetRequiresGrad(true)
	l := nnlib.CrossEntropyLoss(x, tensorlib.Tensor1(3))
	l.Backward()
	checkClose(t, "loss", l, []float32{1.3862944})
	checkClose(t, "grad", x.Grad(), []float32{0.25, 0.25, 0.25, -0.75})
	expectPanic(t, "nnlib: CrossEntropyLoss: target 4 at 0 is not a class index in [0, 4)", func() {
		nnlib.CrossEntropyLoss(tensorlib.Zeros(1, 4), tensorlib.Tensor1(4))
	})
	expectPanic(t, "nnlib: NLLLoss: target of shape [3] for input of shape [2 4]", func() {
		nnlib.NLLLoss(tensorlib.Zeros(2, 4), tensorlib.Tensor1(0, 1, 2))
	})
}

func TestRegressionLossesMatchPyTorch(t *testing.T) {
	b := pat([]int{2, 3}, 3, 7, 3, 2)
	for _, red := range []string{"mean", "sum"} {
		for _, c := range []struct {
			name string
			loss func(x, y *tensorlib.Tensor, o ...nnlib.Option) *tensorlib.Tensor
		}{{"MSE_", nnlib.MSELoss}, {"L1_", nnlib.L1Loss}} {
			a := pat([]int{2, 3}, 5, 7, 3, 2).SetRequiresGrad(true)
			l := c.loss(a, b, nnlib.Reduction(red))
			l.Backward()
			checkClose(t, c.name+red, l, torchValues[c.name+red]["l"])
			checkClose(t, c.name+red+" grad", a.Grad(), torchValues[c.name+red]["g"])
		}
	}
	expectPanic(t, "nnlib: MSELoss: input of shape [2] and target of shape [3] differ", func() {
		nnlib.MSELoss(tensorlib.Zeros(2), tensorlib.Zeros(3))
	})
}

func TestKLDivLossMatchesPyTorch(t *testing.T) {
	input := pat([]int{2, 3}, 5, 7, 3, 2).LogSoftmax(1).Detach()
	target := tensorlib.New([]float32{0.5, 0.5, 0, 0.2, 0.3, 0.5}, 2, 3)
	for _, red := range []string{"mean", "batchmean", "sum"} {
		x := input.Clone().Detach().SetRequiresGrad(true)
		l := nnlib.KLDivLoss(x, target, nnlib.Reduction(red))
		l.Backward()
		checkClose(t, "KL "+red, l, torchValues["KL_"+red]["l"])
		checkClose(t, "KL "+red+" grad", x.Grad(), torchValues["KL_"+red]["g"])
	}
	x := input.Clone().Detach().SetRequiresGrad(true)
	logTarget := tensorlib.New([]float32{0.25, 0.25, 0.5, 0.2, 0.3, 0.5}, 2, 3).Log()
	l := nnlib.KLDivLoss(x, logTarget, nnlib.Reduction("batchmean"), nnlib.LogTarget(true))
	l.Backward()
	checkClose(t, "KL log target", l, torchValues["KL_logtarget"]["l"])
	checkClose(t, "KL log target grad", x.Grad(), torchValues["KL_logtarget"]["g"])
}

func TestBCEWithLogitsMatchesPyTorch(t *testing.T) {
	x := tensorlib.New([]float32{-3, 0, 0.5, 2, -0.25, 40}, 2, 3).SetRequiresGrad(true)
	y := tensorlib.New([]float32{0, 1, 1, 0.5, 0, 1}, 2, 3)
	l := nnlib.BCEWithLogitsLoss(x, y)
	l.Backward()
	checkClose(t, "loss", l, torchValues["BCE_mean"]["l"])
	checkClose(t, "grad", x.Grad(), torchValues["BCE_mean"]["g"])
}

func TestOptimizersMatchPyTorch(t *testing.T) {
	cases := []struct {
		name string
		make func(ps []*tensorlib.Tensor) interface{ Step() }
	}{
		{"SGD_plain", func(ps []*tensorlib.Tensor) interface{ Step() } { return nnlib.NewSGD(ps, 0.1) }},
		{"SGD_momentum_wd", func(ps []*tensorlib.Tensor) interface{ Step() } {
			return nnlib.NewSGD(ps, 0.1, nnlib.Momentum(0.9), nnlib.WeightDecay(0.01))
		}},
		{"SGD_nesterov", func(ps []*tensorlib.Tensor) interface{ Step() } {
			return nnlib.NewSGD(ps, 0.05, nnlib.Momentum(0.8), nnlib.Nesterov(true))
		}},
		{"SGD_dampening", func(ps []*tensorlib.Tensor) interface{ Step() } {
			return nnlib.NewSGD(ps, 0.05, nnlib.Momentum(0.8), nnlib.Dampening(0.5))
		}},
		{"Adam", func(ps []*tensorlib.Tensor) interface{ Step() } { return nnlib.NewAdam(ps, 0.01) }},
		{"Adam_big_eps", func(ps []*tensorlib.Tensor) interface{ Step() } { return nnlib.NewAdam(ps, 0.1, nnlib.Eps(0.5)) }},
		{"Adam_wd_betas", func(ps []*tensorlib.Tensor) interface{ Step() } {
			return nnlib.NewAdam(ps, 0.05, nnlib.Betas(0.8, 0.99), nnlib.Eps(1e-6), nnlib.WeightDecay(0.1))
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// q's 21 elements take the vector path and its tail; big
			// repeats q 5000 times, which the optimizer updates in
			// blocks on several goroutines, and each element must end
			// where the same element of q does.
			p := pat([]int{5}, 3, 7, 3, 2).SetRequiresGrad(true)
			q := pat([]int{21}, 5, 11, 5, 4).SetRequiresGrad(true)
			tiled := make([]float32, 0, 5000*21)
			for range 5000 {
				tiled = append(tiled, q.Data()...)
			}
			big := tensorlib.New(tiled, 5000, 21).SetRequiresGrad(true)
			opt := c.make([]*tensorlib.Tensor{p, q, big})
			coef := tensorlib.Tensor1(1, 2, 0.5, 3, 1.5)
			coefQ := pat([]int{21}, 7, 5, -3, 2)
			for i := 0; i < 3; i++ {
				p.ZeroGrad()
				q.ZeroGrad()
				big.ZeroGrad()
				p.Mul(p).Mul(coef).Sum().Add(p.Sum()).Add(q.Mul(q).Mul(coefQ).Sum()).Add(q.Sum()).
					Add(big.Mul(big).Mul(coefQ).Sum()).Add(big.Sum()).Backward()
				opt.Step()
			}
			checkClose(t, "p after 3 steps", p, torchValues[c.name]["p"])
			checkClose(t, "q after 3 steps", q, torchValues[c.name]["q"])
			want := torchValues[c.name]["q"]
			for i, v := range big.Data() {
				if w := want[i%21]; math.Abs(float64(v-w)) > 1e-5+1e-5*math.Abs(float64(w)) {
					t.Fatalf("big[%d] after 3 steps = %v, want %v (PyTorch's q[%d])", i, v, w, i%21)
				}
			}
		})
	}
}

func TestOptimizerZeroGradAndSkipsParamsWithoutGrad(t *testing.T) {
	a := tensorlib.Tensor1(1).SetRequiresGrad(true)
	b := tensorlib.Tensor1(2).SetRequiresGrad(true)
	opt := nnlib.NewAdam([]*tensorlib.Tensor{a, b}, 0.1)
	a.MulScalar(3).Sum().Backward()
	opt.Step()
	// Adam's first step moves by lr in the direction of -grad.
	checkClose(t, "a", a, []float32{0.9})
	checkClose(t, "b", b, []float32{2})
	opt.ZeroGrad()
	if a.Grad() != nil {
		t.Fatal("ZeroGrad left a gradient")
	}
}
