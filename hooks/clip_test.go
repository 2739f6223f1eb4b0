package hooks

import (
	"math"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// clipParams returns three leaf parameters, the first two with gradients
// and the third with none.
func clipParams() []*tensorlib.Tensor {
	a := tensorlib.Zeros(2, 3).SetRequiresGrad(true)
	a.SetGrad(tensorlib.New([]float32{0.5, -1.25, 2, 3, -0.75, 0.1}, 2, 3))
	b := tensorlib.Zeros(4).SetRequiresGrad(true)
	b.SetGrad(tensorlib.Tensor1(1.5, -2.5, 0.3, 4))
	c := tensorlib.Zeros(1).SetRequiresGrad(true)
	return []*tensorlib.Tensor{a, b, c}
}

func wantClose(t *testing.T, what string, got, want float32) {
	t.Helper()
	if math.Abs(float64(got-want)) > 1e-6*math.Max(1, math.Abs(float64(want))) {
		t.Errorf("%s = %.9g, want %.9g", what, got, want)
	}
}

func TestClipGradNormParamsMatchesPyTorch(t *testing.T) {
	// torch.nn.utils.clip_grad_norm_(params, max_norm, norm_type), PyTorch 1.13.
	cases := []struct {
		name              string
		maxNorm, normType float32
		total             float32
		a, b              []float32
	}{
		{"L2 clipped", 2.5, 2, 6.32257843,
			[]float32{0.19770412147045135, -0.494260311126709, 0.7908164858818054, 1.1862246990203857, -0.29655617475509644, 0.03954082354903221},
			[]float32{0.5931123495101929, -0.988520622253418, 0.11862247437238693, 1.5816329717636108}},
		{"L1 clipped", 2.5, 1, 15.8999996,
			[]float32{0.07861635088920593, -0.19654087722301483, 0.31446540355682373, 0.4716981053352356, -0.1179245263338089, 0.015723271295428276},
			[]float32{0.2358490526676178, -0.39308175444602966, 0.04716981202363968, 0.6289308071136475}},
		{"L3 clipped", 2.5, 3, 4.93964815,
			[]float32{0.2530544102191925, -0.6326360106468201, 1.01221764087677, 1.5183265209197998, -0.37958163022994995, 0.05061088129878044},
			[]float32{0.7591632604598999, -1.2652720212936401, 0.15183265507221222, 2.02443528175354}},
		{"inf clipped", 2.5, float32(math.Inf(1)), 4,
			[]float32{0.3124999403953552, -0.7812498807907104, 1.249999761581421, 1.8749996423721313, -0.46874991059303284, 0.062499988824129105},
			[]float32{0.9374998211860657, -1.562499761581421, 0.1874999701976776, 2.499999523162842}},
		{"L2 under the bound", 100, 2, 6.32257843,
			[]float32{0.5, -1.25, 2, 3, -0.75, 0.1},
			[]float32{1.5, -2.5, 0.3, 4}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ps := clipParams()
			gradA := ps[0].Grad()
			total := ClipGradNormParams(ps, tc.maxNorm, tc.normType)
			wantClose(t, "total norm", total, tc.total)
			wantValues(t, "a.grad", ps[0].Grad(), []int{2, 3}, tc.a...)
			wantValues(t, "b.grad", ps[1].Grad(), []int{4}, tc.b...)
			if ps[2].Grad() != nil {
				t.Errorf("c gained a gradient: %v", ps[2].Grad())
			}
			if ps[0].Grad() != gradA {
				t.Errorf("the gradient tensor was replaced, not scaled in place")
			}
		})
	}
}

func TestClipGradNormParamsEdgeCases(t *testing.T) {
	if total := ClipGradNormParams(nil, 1, 2); total != 0 {
		t.Errorf("no parameters: total %v, want 0", total)
	}
	p := tensorlib.Zeros(2).SetRequiresGrad(true)
	if total := ClipGradNormParams([]*tensorlib.Tensor{p}, 1, 2); total != 0 {
		t.Errorf("no gradients: total %v, want 0", total)
	}
	// A NaN norm makes every gradient NaN, as in PyTorch.
	p.SetGrad(tensorlib.Tensor1(float32(math.NaN()), 1))
	q := tensorlib.Zeros(1).SetRequiresGrad(true)
	q.SetGrad(tensorlib.Tensor1(2))
	total := ClipGradNormParams([]*tensorlib.Tensor{p, q}, 1, 2)
	if !math.IsNaN(float64(total)) || !math.IsNaN(float64(q.Grad().Item())) {
		t.Errorf("NaN gradient: total %v, q.grad %v; want NaN, NaN", total, q.Grad())
	}
	wantPanic(t, func() { ClipGradNormParams(nil, -1, 2) }, "hooks: ClipGradNormParams: max norm must be a non-negative finite number (-1)")
	wantPanic(t, func() { ClipGradNormParams(nil, 1, 0) }, "hooks: ClipGradNormParams: norm type must be positive (0)")
}

func TestClipGradValueParamsMatchesPyTorch(t *testing.T) {
	ps := clipParams()
	ClipGradValueParams(ps, 1)
	wantValues(t, "a.grad", ps[0].Grad(), []int{2, 3}, 0.5, -1, 1, 1, -0.75, 0.1)
	wantValues(t, "b.grad", ps[1].Grad(), []int{4}, 1, -1, 0.3, 1)
	if ps[2].Grad() != nil {
		t.Errorf("c gained a gradient: %v", ps[2].Grad())
	}
	wantPanic(t, func() { ClipGradValueParams(ps, -1) }, "hooks: ClipGradValueParams: clip value must be non-negative (-1)")
}

// clipLinear is Linear(2, 2) with weight [[1 -2] [0.5 3]] and bias
// [0.25 -1]; on clipInput with loss sum(y²) its gradients are
// weight [[17 -14.75] [17 21]] and bias [-13 9] (PyTorch 1.13).
func clipLinear() *nnlib.Module {
	lin := nnlib.Linear(2, 2)
	lin.Param("weight").CopyFrom(tensorlib.New([]float32{1, -2, 0.5, 3}, 2, 2))
	lin.Param("bias").CopyFrom(tensorlib.Tensor1(0.25, -1))
	return lin
}

func clipBackward(lin *nnlib.Module) {
	lin.ZeroGrad()
	lin.Forward(tensorlib.New([]float32{1, 2, -3, 0.5}, 2, 2)).PowScalar(2).Sum().Backward()
}

func TestClipGradNormHookClipsEachParameterOnItsOwn(t *testing.T) {
	lin := clipLinear()
	clip := ClipGradNorm(lin, 1.5)
	clipBackward(lin)
	// PyTorch 1.13, p.register_hook(lambda g: g * clamp(1.5/(g.norm()+1e-6), max=1)).
	wantValues(t, "weight.grad", lin.Param("weight").Grad(), []int{2, 2},
		0.7251571416854858, -0.6291804313659668, 0.7251571416854858, 0.8957823514938354)
	wantValues(t, "bias.grad", lin.Param("bias").Grad(), []int{2}, -1.2332881689071655, 0.8538148999214172)
	wantClose(t, "weight.grad norm", l2(lin.Param("weight").Grad().Data()), 1.5)

	clip.Remove()
	clip.Remove()
	clipBackward(lin)
	wantValues(t, "weight.grad after Remove", lin.Param("weight").Grad(), []int{2, 2}, 17, -14.75, 17, 21)
	wantValues(t, "bias.grad after Remove", lin.Param("bias").Grad(), []int{2}, -13, 9)
}

func TestClipGradNormHookLeavesSmallGradients(t *testing.T) {
	lin := clipLinear()
	defer ClipGradNorm(lin, 100).Remove()
	clipBackward(lin)
	wantValues(t, "weight.grad", lin.Param("weight").Grad(), []int{2, 2}, 17, -14.75, 17, 21)
	wantValues(t, "bias.grad", lin.Param("bias").Grad(), []int{2}, -13, 9)
}

func TestClipGradValueHookClampsAsGradientsArrive(t *testing.T) {
	lin := clipLinear()
	clip := ClipGradValue(lin, 2)
	clipBackward(lin)
	wantValues(t, "weight.grad", lin.Param("weight").Grad(), []int{2, 2}, 2, -2, 2, 2)
	wantValues(t, "bias.grad", lin.Param("bias").Grad(), []int{2}, -2, 2)
	clip.Remove()
	clipBackward(lin)
	wantValues(t, "weight.grad after Remove", lin.Param("weight").Grad(), []int{2, 2}, 17, -14.75, 17, 21)
	wantPanic(t, func() { ClipGradValue(lin, -0.5) }, "hooks: ClipGradValue: clip value must be non-negative (-0.5)")
	wantPanic(t, func() { ClipGradNorm(lin, float32(math.NaN())) }, "hooks: ClipGradNorm: max norm must be")
}

func TestClipGradNormDiffersFromGlobalClipping(t *testing.T) {
	// Global clipping to 1.5 scales both gradients by one factor; the
	// per-parameter hook holds each to 1.5, so together they exceed it.
	lin := clipLinear()
	clipBackward(lin)
	total := ClipGradNormParams(lin.Parameters(), 1.5, 2)
	globalNorm := pNorm([]float32{l2(lin.Param("weight").Grad().Data()), l2(lin.Param("bias").Grad().Data())}, 2)
	wantClose(t, "global clipped norm", globalNorm, 1.5)
	wantClose(t, "total before clipping", total, float32(math.Sqrt(17*17+14.75*14.75+17*17+21*21+13*13+9*9)))

	defer ClipGradNorm(lin, 1.5).Remove()
	clipBackward(lin)
	perParam := pNorm([]float32{l2(lin.Param("weight").Grad().Data()), l2(lin.Param("bias").Grad().Data())}, 2)
	wantClose(t, "per-parameter clipped norm", perParam, float32(1.5*math.Sqrt2))
}
