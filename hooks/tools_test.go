package hooks_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/models"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func smallGPT() *nnlib.Module {
	tensorlib.ManualSeed(5)
	return models.GPT(models.GPTConfig{Vocab: 8, Context: 6, Dim: 8, Heads: 2, Layers: 2})
}

func tokens(ids ...float32) *tensorlib.Tensor { return tensorlib.New(ids, 1, len(ids)) }

func TestGlobPatternsNameModules(t *testing.T) {
	m := smallGPT()
	c := hooks.Capture(m, tokens(1, 2, 3), "blocks.*.attn.pattern")
	if got := strings.Join(c.Names(), " "); got != "blocks.0.attn.pattern blocks.1.attn.pattern" {
		t.Errorf("captured %q", got)
	}
	if s := c.Get("blocks.1.attn.pattern").Shape(); fmt.Sprint(s) != "[1 2 3 3]" {
		t.Errorf("pattern shape %v, want [1 2 3 3]", s)
	}
	// A causal pattern: rows sum to 1 and nothing above the diagonal.
	p := c.Get("blocks.0.attn.pattern").Data()
	for h := 0; h < 2; h++ {
		for i := 0; i < 3; i++ {
			var sum float32
			for j := 0; j < 3; j++ {
				v := p[(h*3+i)*3+j]
				sum += v
				if j > i && v != 0 {
					t.Errorf("head %d query %d attends to later key %d (%v)", h, i, j, v)
				}
			}
			if math.Abs(float64(sum-1)) > 1e-6 {
				t.Errorf("head %d row %d sums to %v", h, i, sum)
			}
		}
	}
	defer func() {
		if r := fmt.Sprint(recover()); !strings.Contains(r, `pattern "blocks.*.mlp.9" matches no module`) {
			t.Errorf("panic %q", r)
		}
	}()
	hooks.Capture(m, tokens(1), "blocks.*.mlp.9")
}

func TestHookPointReplacesAttentionPattern(t *testing.T) {
	m := smallGPT()
	x := tokens(1, 2, 3, 4)
	before := m.Forward(x).Data()
	var out *tensorlib.Tensor
	uniform := func(_ *nnlib.Module, _ []*tensorlib.Tensor, p *tensorlib.Tensor) *tensorlib.Tensor {
		return tensorlib.OnesLike(p).MaskedFill(nnlib.CausalMask(p.Size(3)), 0).Div(tensorlib.Arange(1, float32(p.Size(3)+1), 1).Reshape(p.Size(3), 1))
	}
	hooks.With(m, []hooks.Hook{{Path: "blocks.*.attn.pattern", Forward: uniform}}, func() {
		if n := len(hooks.Active(m)); n != 2 {
			t.Errorf("Active lists %d entries inside With, want 2:\n%v", n, hooks.Active(m))
		}
		out = m.Forward(x)
	})
	if len(hooks.Active(m)) != 0 {
		t.Errorf("hooks left after With:\n%v", hooks.Active(m))
	}
	if fmt.Sprint(out.Data()) == fmt.Sprint(before) {
		t.Error("replacing the attention pattern changed nothing")
	}
	// The first position attends only to itself whatever the pattern, so
	// its logits are unchanged.
	for v := 0; v < 8; v++ {
		if out.Data()[v] != before[v] {
			t.Errorf("logit %d of position 0 changed: %v -> %v", v, before[v], out.Data()[v])
		}
	}
}

func TestWithRemovesHooksOnPanic(t *testing.T) {
	m := smallGPT()
	func() {
		defer func() { _ = recover() }()
		hooks.With(m, []hooks.Hook{{Path: "blocks.0", Forward: func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { return nil }}}, func() {
			panic("boom")
		})
	}()
	if a := hooks.Active(m); len(a) != 0 {
		t.Errorf("hooks left after a panic:\n%v", a)
	}
}

func TestActiveListsHooksInOrder(t *testing.T) {
	m := nnlib.Sequential(nnlib.Linear(2, 2), nnlib.ReLU())
	h1 := m.Child("1").RegisterFullBackwardHook(func(*nnlib.Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil })
	h2 := m.Child("1").RegisterForwardPreHook(func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil })
	h3 := m.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { return nil })
	defer hooks.NewGroup(h1, h2, h3).Remove()
	want := "(model)                      Sequential           forward       1\n" +
		"1                            ReLU                 forward_pre   1\n" +
		"1                            ReLU                 backward      1"
	if got := hooks.Active(m).String(); got != want {
		t.Errorf("Active:\n%s\nwant\n%s", got, want)
	}
}

func TestCaptureLimitKeepsFirstBatchItems(t *testing.T) {
	m := nnlib.Sequential(nnlib.Linear(4, 4), nnlib.ReLU())
	x := tensorlib.Randn(5, 4)
	full := hooks.Capture(m, x, "0", "1")
	// 5 items of 4 values: 80 bytes per output. 100 bytes keep all of "0"
	// and one item of "1".
	c := hooks.CaptureLimit(m, x, 100, "0", "1")
	if c.Bytes() != 96 {
		t.Errorf("kept %d bytes, want 96", c.Bytes())
	}
	if fmt.Sprint(c.Get("0").Data()) != fmt.Sprint(full.Get("0").Data()) {
		t.Error("the first output was not kept whole")
	}
	if got := c.Get("1"); fmt.Sprint(got.Shape()) != "[1 4]" || fmt.Sprint(got.Data()) != fmt.Sprint(full.Get("1").Data()[:4]) {
		t.Errorf("second output kept as %v", got)
	}
	if c.Get("0").RequiresGrad() {
		t.Error("kept outputs must be detached")
	}
	if fmt.Sprint(c.Truncated()) != "[1]" {
		t.Errorf("Truncated %v, want [1]", c.Truncated())
	}
}

func TestPatchActivationsRestoresOnePositionAtATime(t *testing.T) {
	// out = x W^T; metric = sum of out. Patching position i of the Linear's
	// output with the clean one changes the metric by the difference of the
	// two runs' sums at that position.
	tensorlib.ManualSeed(1)
	m := nnlib.Sequential(nnlib.Linear(3, 2))
	clean, corrupt := tensorlib.Randn(1, 4, 3), tensorlib.Randn(1, 4, 3)
	sum := func(out *tensorlib.Tensor) float32 { return out.Sum().Item() }
	p := hooks.PatchActivations(m, clean, corrupt, 1, sum, "0")
	yc, yx := m.Forward(clean).Data(), m.Forward(corrupt).Data()
	for i := 0; i < 4; i++ {
		want := p.Corrupted + (yc[2*i] + yc[2*i+1]) - (yx[2*i] + yx[2*i+1])
		if got := p.Effect.At(0, i); math.Abs(float64(got-want)) > 1e-5 {
			t.Errorf("position %d: metric %v, want %v", i, got, want)
		}
	}
	var total float32
	for i := 0; i < 4; i++ {
		total += p.Normalized().At(0, i)
	}
	if math.Abs(float64(total-1)) > 1e-4 {
		t.Errorf("normalized effects of a linear model sum to %v, want 1", total)
	}
}

func attributionModel(t *testing.T) (*nnlib.Module, map[string]*tensorlib.Tensor) {
	sd, err := nnlib.LoadSafetensors("testdata/attribution.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	ref := map[string]*tensorlib.Tensor{}
	var params []nnlib.NamedTensor
	for _, e := range sd {
		ref[e.Name] = e.Tensor
		if p, ok := strings.CutPrefix(e.Name, "param."); ok {
			params = append(params, nnlib.NamedTensor{Name: p, Tensor: e.Tensor})
		}
	}
	m := nnlib.Sequential(nnlib.Conv2d(3, 4, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.Conv2d(4, 6, 3, nnlib.Padding(1)), nnlib.ReLU(),
		nnlib.AdaptiveAvgPool2d(1), nnlib.Flatten(), nnlib.Linear(6, 5))
	if _, _, err := m.LoadStateDict(params, true); err != nil {
		t.Fatal(err)
	}
	return m.Eval(), ref
}

func near(t *testing.T, what string, got, want *tensorlib.Tensor, atol float64) {
	t.Helper()
	if fmt.Sprint(got.Shape()) != fmt.Sprint(want.Shape()) {
		t.Fatalf("%s: shape %v, want %v", what, got.Shape(), want.Shape())
	}
	g, w := got.Data(), want.Data()
	for i := range g {
		if math.Abs(float64(g[i]-w[i])) > atol+1e-4*math.Abs(float64(w[i])) {
			t.Fatalf("%s: element %d is %v, want %v", what, i, g[i], w[i])
		}
	}
}

func TestGradCAMMatchesPyTorch(t *testing.T) {
	m, ref := attributionModel(t)
	near(t, "Grad-CAM", hooks.GradCAM(m, ref["x"], "2", 3), ref["gradcam"], 1e-5)
}

func TestIntegratedGradientsMatchesPyTorch(t *testing.T) {
	m, ref := attributionModel(t)
	for _, bs := range []int{0, 2, 7} {
		near(t, fmt.Sprintf("integrated gradients, batch size %d", bs), hooks.IntegratedGradients(m, ref["x"], nil, 1, 16, bs), ref["ig"], 1e-5)
	}
}

func TestIntegratedGradientsIsExactForQuadratics(t *testing.T) {
	// f(x) = Σ x²: the attribution of x_i from baseline b is x_i² - b_i².
	m := nnlib.NewModule("Square", func(_ *nnlib.Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		return in[0].Mul(in[0]).SumKeepDim(1)
	})
	x, b := tensorlib.New([]float32{1, -2, 3}, 1, 3), tensorlib.New([]float32{0.5, 0.5, -1}, 1, 3)
	near(t, "IG of x²", hooks.IntegratedGradients(m, x, b, 0, 2, 0), tensorlib.New([]float32{0.75, 3.75, 8}, 1, 3), 1e-5)
}

func TestActivationStatsByLayerAndStep(t *testing.T) {
	m := nnlib.Sequential(nnlib.Identity(), nnlib.ReLU())
	s := hooks.ActivationStats(m, "zero_frac", "0", "1")
	m.Forward(tensorlib.Tensor1(-1, 2, -3, 4))
	s.Step()
	m.Forward(tensorlib.Tensor1(1, 2, 3, -4))
	m.Forward(tensorlib.Tensor1(1, 2, 3, 4))
	s.Step()
	s.Remove()
	m.Forward(tensorlib.Tensor1(0, 0, 0, 0))
	// ReLU zeroes 2 of 4, then 1 of 4 and 0 of 4 (mean 1/8); Identity none.
	if got := fmt.Sprint(s.Values().Data()); got != "[0 0 0.5 0.125]" {
		t.Errorf("values %s, want [0 0 0.5 0.125]", got)
	}
	if fmt.Sprint(s.Layers()) != "[0 1]" {
		t.Errorf("layers %v", s.Layers())
	}
	std := hooks.ActivationStats(m, "std", "1")
	m.Forward(tensorlib.Tensor1(1, 3))
	std.Step()
	if got := std.Values().Item(); got != 1 {
		t.Errorf("std %v, want 1", got)
	}
}

func TestCaptureReduceKeepsWhatReduceReturns(t *testing.T) {
	m := nnlib.Sequential(nnlib.Linear(4, 3), nnlib.ReLU())
	x := tensorlib.Randn(6, 4)
	full := hooks.Capture(m, x, "0")
	c := hooks.CaptureReduce(m, x, func(path string, out *tensorlib.Tensor) *tensorlib.Tensor {
		if path == "1" {
			return nil
		}
		return out.Mean(0)
	}, "0", "1")
	if msg := fmt.Sprint(c.Get("0").Data()); msg != fmt.Sprint(full.Get("0").Mean(0).Data()) {
		t.Errorf("kept %s, want the batch mean", msg)
	}
	if c.Get("0").RequiresGrad() {
		t.Error("reduce must get detached outputs")
	}
	defer func() {
		if r := fmt.Sprint(recover()); !strings.Contains(r, `no output of "1" was kept`) {
			t.Errorf("Get of a path whose reduce kept nothing: panic %q", r)
		}
	}()
	c.Get("1")
}
