package tensorlib

import (
	"math"
	"strings"
	"testing"
)

// wantData fails the test unless t holds want (within float32 rounding).
func wantData(t *testing.T, name string, got *Tensor, want ...float32) {
	t.Helper()
	if got == nil {
		t.Fatalf("%s: nil tensor, want %v", name, want)
	}
	if len(got.data) != len(want) {
		t.Fatalf("%s: %d values %v, want %v", name, len(got.data), got.data, want)
	}
	for i := range want {
		if d := math.Abs(float64(got.data[i] - want[i])); d > 1e-4*math.Max(1, math.Abs(float64(want[i]))) {
			t.Fatalf("%s: got %v, want %v", name, got.data, want)
		}
	}
}

func TestHookOnLeafReplacesWhatAccumulates(t *testing.T) {
	x := Tensor1(1, 2, 3).SetRequiresGrad(true)
	x.RegisterHook(func(g *Tensor) *Tensor { return g.MulScalar(2) })
	x.Mul(x).Sum().Backward()
	wantData(t, "x.grad", x.Grad(), 4, 8, 12)
}

func TestHooksChainInRegistrationOrder(t *testing.T) {
	x := Tensor1(1, 2, 3).SetRequiresGrad(true)
	x.RegisterHook(func(g *Tensor) *Tensor { return g.MulScalar(2) })
	x.RegisterHook(func(g *Tensor) *Tensor { return g.AddScalar(1) })
	x.Mul(x).Sum().Backward()
	wantData(t, "x.grad", x.Grad(), 5, 9, 13)
}

func TestHookOnNonLeafChangesWhatFlowsUpstream(t *testing.T) {
	x := Tensor1(1, 2).SetRequiresGrad(true)
	z := x.MulScalar(3)
	z.RegisterHook(func(g *Tensor) *Tensor { return g.MulScalar(2) })
	z.PowScalar(2).Sum().Backward()
	wantData(t, "x.grad", x.Grad(), 36, 72)
	if z.Grad() != nil {
		t.Fatalf("non-leaf kept a gradient without RetainGrad: %v", z.Grad())
	}
}

func TestHookSeesIncomingGradientNotAccumulated(t *testing.T) {
	x := Tensor1(1).SetRequiresGrad(true)
	var seen []float32
	x.RegisterHook(func(g *Tensor) *Tensor { seen = append(seen, g.Item()); return nil })
	x.MulScalar(3).Sum().Backward()
	x.MulScalar(5).Sum().Backward()
	if len(seen) != 2 || seen[0] != 3 || seen[1] != 5 {
		t.Fatalf("hook saw %v, want [3 5]", seen)
	}
	wantData(t, "x.grad", x.Grad(), 8)
}

func TestRetainGradRecordsAfterHooks(t *testing.T) {
	x := Tensor1(1, 2).SetRequiresGrad(true)
	z := x.MulScalar(3)
	z.RetainGrad()
	z.RegisterHook(func(g *Tensor) *Tensor { return g.MulScalar(2) })
	z.Sum().Backward()
	wantData(t, "z.grad", z.Grad(), 2, 2)
	wantData(t, "x.grad", x.Grad(), 6, 6)
}

func TestRemovedHookIsGoneAndRemoveIsIdempotent(t *testing.T) {
	x := Tensor1(1, 2).SetRequiresGrad(true)
	calls := 0
	h := x.RegisterHook(func(g *Tensor) *Tensor { calls++; return nil })
	h.Remove()
	h.Remove()
	x.Sum().Backward()
	if calls != 0 {
		t.Fatalf("removed hook called %d times", calls)
	}
}

func TestPostAccumulateGradHookRunsAfterAccumulation(t *testing.T) {
	w := Tensor1(2, 3).SetRequiresGrad(true)
	var seen *Tensor
	var hookSawGrad bool
	w.RegisterHook(func(g *Tensor) *Tensor { hookSawGrad = w.Grad() != nil; return nil })
	w.RegisterPostAccumulateGradHook(func(p *Tensor) { seen = p.Grad() })
	w.Mul(Tensor1(4, 5)).Sum().Backward()
	if hookSawGrad {
		t.Fatal("Grad() was set while the tensor hook ran; PyTorch sets it after")
	}
	wantData(t, "grad seen by post-accumulate hook", seen, 4, 5)
}

func TestPostAccumulateGradHookRejectsNonLeaf(t *testing.T) {
	x := Tensor1(1).SetRequiresGrad(true)
	wantPanic(t, "non-leaf", func() { x.MulScalar(2).RegisterPostAccumulateGradHook(func(*Tensor) {}) })
}

func wantPanic(t *testing.T, substr string, fn func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("no panic, want one mentioning %q", substr)
		}
		if msg := r.(string); !strings.Contains(msg, substr) {
			t.Fatalf("panic %q does not mention %q", msg, substr)
		}
	}()
	fn()
}

func TestGradientsOfElementwiseOpsMatchPyTorch(t *testing.T) {
	// torch: a=[[1,2,3],[4,5,6]], b=[0.5,-1,2];
	// y = ((a*b + a/(b+3) - b)**2).sum(); y.backward()
	a := New([]float32{1, 2, 3, 4, 5, 6}, 2, 3).SetRequiresGrad(true)
	b := Tensor1(0.5, -1, 2).SetRequiresGrad(true)
	a.Mul(b).Add(a.Div(b.AddScalar(3))).Sub(b).PowScalar(2).Sum().Backward()
	wantData(t, "a.grad", a.Grad(), 0.4490, 0, 20.24, 4.1531, 1.5, 49.28)
	wantData(t, "b.grad", b.Grad(), 14.0845, -8.25, 123.92)
}

func TestReductionGradientsMatchPyTorch(t *testing.T) {
	data := []float32{1, 2, 3, 4, 5, 6}
	cases := []struct {
		name string
		f    func(a *Tensor) *Tensor
		want []float32
	}{
		{"softmax", func(a *Tensor) *Tensor { return a.Softmax(1).Mul(Tensor1(1, 2, 3)).Sum() },
			[]float32{-0.1418, -0.1408, 0.2826, -0.1418, -0.1408, 0.2826}},
		{"logsoftmax", func(a *Tensor) *Tensor { return a.LogSoftmax(0).Mul(New([]float32{1, 2, 3, 3, 2, 1}, 2, 3)).Sum() },
			[]float32{0.8103, 1.8103, 2.8103, -0.8103, -1.8103, -2.8103}},
		{"var", func(a *Tensor) *Tensor { return a.Var(1).Mul(Tensor1(1, 2)).Sum() },
			[]float32{-1, 0, 1, -2, 0, 2}},
		{"std", func(a *Tensor) *Tensor { return a.Std() },
			[]float32{-0.2673, -0.1604, -0.0535, 0.0535, 0.1604, 0.2673}},
		{"norm", func(a *Tensor) *Tensor { return a.Norm(2) },
			[]float32{0.1048, 0.2097, 0.3145, 0.4193, 0.5241, 0.6290}},
		{"mean", func(a *Tensor) *Tensor { return a.Mean(0).Mul(Tensor1(1, 2, 3)).Sum() },
			[]float32{0.5, 1, 1.5, 0.5, 1, 1.5}},
		{"max ties share", func(a *Tensor) *Tensor { return a.Maximum(Full(5, 2, 3)).Max() },
			[]float32{0, 0, 0, 0, 0, 1}},
	}
	for _, c := range cases {
		a := New(data, 2, 3).SetRequiresGrad(true)
		c.f(a).Backward()
		wantData(t, c.name, a.Grad(), c.want...)
	}
}

func TestMatMulFollowsTorchMatmulRules(t *testing.T) {
	m := New([]float32{1, 2, 3, 4, 5, 6}, 3, 2).SetRequiresGrad(true)
	v := Tensor1(1, -1, 2).SetRequiresGrad(true)
	r := v.MatMul(m)
	if got := r.String(); got != "tensor([ 8., 10.], grad_fn=<SqueezeBackward3>)" {
		t.Fatalf("vector @ matrix printed %s", got)
	}
	r.Sum().Backward()
	wantData(t, "m.grad", m.Grad(), 1, 1, -1, -1, 2, 2)
	wantData(t, "v.grad", v.Grad(), 3, 7, 11)

	b := Arange(0, 12, 1).Reshape(2, 3, 2).Detach().SetRequiresGrad(true)
	c := New([]float32{1, 0, 2, 0, 1, -1}, 2, 3).SetRequiresGrad(true)
	o := b.MatMul(c)
	if s := o.Shape(); len(s) != 3 || s[0] != 2 || s[1] != 3 || s[2] != 3 {
		t.Fatalf("batched shape %v, want [2 3 3]", s)
	}
	o.Mul(o).Sum().Backward()
	wantData(t, "b.grad", b.Grad(), -4, 4, 8, 4, 20, 4, 32, 4, 44, 4, 56, 4)
	wantData(t, "c.grad", c.Grad(), 440, 500, 380, 500, 572, 428)

	wantPanic(t, "tensorlib: MatMul: shapes [2 3] and [2 3] do not fit (3 != 2)", func() { Zeros(2, 3).MatMul(Zeros(2, 3)) })
}

func TestBackwardOnNonScalarSaysSo(t *testing.T) {
	x := Tensor1(1, 2).SetRequiresGrad(true)
	wantPanic(t, "only for one-element tensors", func() { x.MulScalar(2).Backward() })
	wantPanic(t, "does not require grad", func() { Tensor1(1).Backward() })
}

func TestLongChainBackwardDoesNotRecurse(t *testing.T) {
	x := Scalar(1).SetRequiresGrad(true)
	y := x
	for i := 0; i < 10000; i++ {
		y = y.MulScalar(1.0001)
	}
	y.Backward()
	want := float32(math.Pow(float64(float32(1.0001)), 10000))
	wantData(t, "x.grad", x.Grad(), want)
}

func TestNoGradRecordsNothing(t *testing.T) {
	x := Tensor1(1).SetRequiresGrad(true)
	var y *Tensor
	NoGrad(func() { y = x.MulScalar(2) })
	if y.RequiresGrad() || y.GradFn() != nil || !y.IsLeaf() {
		t.Fatalf("result under NoGrad is recorded: %v", y)
	}
}

func TestFiniteDifferencesAgreeWithBackward(t *testing.T) {
	// Smooth functions of a small input; float32 differences with a step of
	// 1e-2 agree with analytic gradients to about 1e-2 relative.
	fns := map[string]func(x *Tensor) *Tensor{
		"tanh·sigmoid": func(x *Tensor) *Tensor { return x.Tanh().Mul(x.Sigmoid()).Sum() },
		"exp/log":      func(x *Tensor) *Tensor { return x.Exp().Add(x.AddScalar(3).Log()).Sum() },
		"softmax":      func(x *Tensor) *Tensor { return x.Reshape(2, 2).Softmax(0).Mul(New([]float32{1, 2, 3, 4}, 2, 2)).Sum() },
		"sqrt·pow":     func(x *Tensor) *Tensor { return x.AddScalar(2).Sqrt().Pow(x.Abs().AddScalar(1)).Sum() },
		"matmul·norm":  func(x *Tensor) *Tensor { return x.Reshape(2, 2).MatMul(x.Reshape(2, 2).T()).Norm(2) },
		"transpose": func(x *Tensor) *Tensor {
			return x.Reshape(1, 2, 2).Permute(2, 0, 1).Mul(Arange(1, 5, 1).Reshape(2, 1, 2)).Sum()
		},
		"cat·index":  func(x *Tensor) *Tensor { return Cat([]*Tensor{x, x.Index(Tensor1(0, 3, 3))}, 0).PowScalar(2).Sum() },
		"std·expand": func(x *Tensor) *Tensor { return x.Reshape(4, 1).Expand(4, 3).Std(0).Sum() },
	}
	base := []float32{0.3, -0.7, 1.1, 0.5}
	for name, f := range fns {
		x := New(base).SetRequiresGrad(true)
		f(x).Backward()
		for i := range base {
			const h = 1e-2
			plus, minus := append([]float32{}, base...), append([]float32{}, base...)
			plus[i] += h
			minus[i] -= h
			var fp, fm float32
			NoGrad(func() { fp, fm = f(New(plus)).Item(), f(New(minus)).Item() })
			num := (fp - fm) / (2 * h)
			got := x.Grad().data[i]
			if math.Abs(float64(num-got)) > 1e-2*math.Max(1, math.Abs(float64(got))) {
				t.Errorf("%s: d/dx%d = %v by backward, %v by differences", name, i, got, num)
			}
		}
	}
}

func TestFunctionRecordsCustomNode(t *testing.T) {
	a := Tensor1(1, 2).SetRequiresGrad(true)
	b := Tensor1(3).SetRequiresGrad(true)
	var seen []*Tensor
	outs := Function("IdentityBackward", []*Tensor{a, b},
		func(in []*Tensor) []*Tensor { return []*Tensor{in[0], in[1]} },
		func(g []*Tensor) []*Tensor { seen = g; return []*Tensor{g[0].MulScalar(10), g[1]} })
	if outs[0] == a || outs[0].GradFn().Name() != "IdentityBackward" {
		t.Fatalf("Function returned its input or lost the name: %v", outs[0])
	}
	outs[0].Sum().Backward()
	if len(seen) != 2 || seen[1] != nil {
		t.Fatalf("backward got %v, want a gradient for output 0 and nil for output 1", seen)
	}
	wantData(t, "a.grad", a.Grad(), 10, 10)
	if b.Grad() != nil {
		t.Fatalf("b got a gradient %v from a nil slot", b.Grad())
	}
}

func TestReLUGradientAtZeroIsZero(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	x := Tensor1(-2, negZero, 0, 1e-30, 3).SetRequiresGrad(true)
	y := x.ReLU()
	wantData(t, "relu", y, 0, 0, 0, 1e-30, 3)
	if math.Signbit(float64(y.data[1])) {
		t.Fatal("relu(-0) kept the sign bit")
	}
	y.Sum().Backward()
	wantData(t, "relu grad", x.Grad(), 0, 0, 0, 1, 1)
}

// No gradient passes where ReLU's output is 0, not even NaN or Inf, and
// across a large tensor (split among goroutines) as in a small one.
// torch: x = tensor([-1., 0., 2., -0.], requires_grad=True)
// relu(x).backward(tensor([nan, inf, 3., nan])); x.grad = [0, 0, 3, 0]
func TestReLUGradientMasksNaN(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	x := Tensor1(-1, 0, 2, float32(math.Copysign(0, -1))).SetRequiresGrad(true)
	x.ReLU().BackwardWith(Tensor1(nan, inf, 3, nan))
	wantData(t, "relu grad", x.Grad(), 0, 0, 3, 0)

	const n = 1 << 17 // above the element-wise parallel threshold
	big := Zeros(n)
	g := Zeros(n)
	for i := range n {
		big.data[i] = float32(i%3) - 1 // -1, 0, 1, ...
		g.data[i] = nan
		if i%3 == 2 {
			g.data[i] = float32(i)
		}
	}
	big.SetRequiresGrad(true)
	big.ReLU().BackwardWith(g)
	for i, v := range big.Grad().data {
		want := float32(0)
		if i%3 == 2 {
			want = float32(i)
		}
		if v != want {
			t.Fatalf("grad[%d] = %v, want %v", i, v, want)
		}
	}
}

func TestShapeOpGradientsMatchPyTorch(t *testing.T) {
	// torch: x = arange(1,13).reshape(2,1,3,2); y = cat([x.squeeze(1).narrow(1,1,2).reshape(-1),
	// x.select(3,1).reshape(-1), x[:,:,-2:,:].unsqueeze(0).reshape(-1),
	// stack([x.squeeze(), x.squeeze()], 1).reshape(-1)[:12]]); (y*arange(1,35)).sum().backward()
	x := Arange(1, 13, 1).Reshape(2, 1, 3, 2).Detach().SetRequiresGrad(true)
	y := Cat([]*Tensor{
		x.Squeeze(1).Narrow(1, 1, 2).Reshape(-1),
		x.Select(3, 1).Reshape(-1),
		x.Slice(2, -2, 3).Unsqueeze(0).Reshape(-1),
		Stack([]*Tensor{x.Squeeze(), x.Squeeze()}, 1).Reshape(-1).Slice(0, 0, 12),
	}, 0)
	if y.Numel() != 34 {
		t.Fatalf("got %d elements, want 34", y.Numel())
	}
	y.Mul(Arange(1, 35, 1)).Sum().Backward()
	wantData(t, "x.grad", x.Grad(), 52, 63, 72, 86, 80, 95, 0, 12, 24, 39, 28, 44)
}

func TestHookCountsFollowRegistrationAndRemoval(t *testing.T) {
	x := Tensor1(1).SetRequiresGrad(true)
	z := x.MulScalar(2)
	h1 := x.RegisterHook(func(g *Tensor) *Tensor { return nil })
	h2 := x.RegisterPostAccumulateGradHook(func(*Tensor) {})
	h3 := z.RegisterHook(func(g *Tensor) *Tensor { return nil })
	if g, p := x.HookCounts(); g != 1 || p != 1 {
		t.Fatalf("leaf counts %d, %d; want 1, 1", g, p)
	}
	if g, _ := z.HookCounts(); g != 1 {
		t.Fatalf("non-leaf count %d; want 1", g)
	}
	h1.Remove()
	h2.Remove()
	h3.Remove()
	g1, p1 := x.HookCounts()
	g2, _ := z.HookCounts()
	if g1+p1+g2 != 0 {
		t.Fatalf("hooks left after Remove: %d %d %d", g1, p1, g2)
	}
}

func TestFunctionMayReturnItsInputSlice(t *testing.T) {
	a := Tensor1(2).SetRequiresGrad(true)
	in := []*Tensor{a}
	outs := Function("Same", in, func(in []*Tensor) []*Tensor { return in },
		func(g []*Tensor) []*Tensor { return []*Tensor{g[0].MulScalar(3)} })
	if in[0] != a {
		t.Fatal("Function overwrote the caller's input slice")
	}
	outs[0].Sum().Backward()
	wantData(t, "a.grad", a.Grad(), 3)
}
