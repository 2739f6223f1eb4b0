package nnlib_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

var (
	layerRefOnce sync.Once
	layerRef     map[string]*tensorlib.Tensor
	layerRefErr  error
)

// layerReference returns the tensors written by
// scripts/torch_reference/layers.py, by name.
func layerReference(t *testing.T) map[string]*tensorlib.Tensor {
	layerRefOnce.Do(func() {
		sd, err := nnlib.LoadSafetensors("testdata/layers_torch.safetensors")
		layerRef, layerRefErr = map[string]*tensorlib.Tensor{}, err
		for _, e := range sd {
			layerRef[e.Name] = e.Tensor
		}
	})
	if layerRefErr != nil {
		t.Fatal(layerRefErr)
	}
	return layerRef
}

// closeTo reports where got and want differ by more than float32
// tolerance (rtol 1e-4, atol 1e-5), or "" when they agree.
func closeTo(got, want *tensorlib.Tensor) string {
	if got == nil {
		return "got nil"
	}
	if fmt.Sprint(got.Shape()) != fmt.Sprint(want.Shape()) {
		return fmt.Sprintf("shape %v, want %v", got.Shape(), want.Shape())
	}
	g, w := got.Data(), want.Data()
	for i := range g {
		if math.Abs(float64(g[i]-w[i])) > 1e-5+1e-4*math.Abs(float64(w[i])) || math.IsNaN(float64(g[i])) != math.IsNaN(float64(w[i])) {
			return fmt.Sprintf("element %d is %v, want %v", i, g[i], w[i])
		}
	}
	return ""
}

type layerCase struct {
	build  func() *nnlib.Module
	inputs int   // positional inputs, nil where the reference has none
	noGrad []int // inputs that are masks or indices
}

// TestLayersMatchPyTorch runs every case of
// scripts/torch_reference/layers.py: outputs, input gradients, parameter
// gradients and running statistics, at float32 tolerance.
func TestLayersMatchPyTorch(t *testing.T) {
	ref := layerReference(t)
	cases := map[string]layerCase{
		"batchnorm1d_2d":        {func() *nnlib.Module { return nnlib.BatchNorm1d(4) }, 1, nil},
		"batchnorm1d_3d":        {func() *nnlib.Module { return nnlib.BatchNorm1d(3) }, 1, nil},
		"layernorm":             {func() *nnlib.Module { return nnlib.LayerNorm(6) }, 1, nil},
		"layernorm_eps":         {func() *nnlib.Module { return nnlib.LayerNorm(5, nnlib.Eps(0.1), nnlib.ElementwiseAffine(false)) }, 1, nil},
		"embedding":             {func() *nnlib.Module { return nnlib.Embedding(10, 4, nnlib.PaddingIdx(1)) }, 1, []int{0}},
		"gelu":                  {func() *nnlib.Module { return nnlib.GELU() }, 1, nil},
		"gelu_tanh":             {func() *nnlib.Module { return nnlib.GELU(nnlib.Approximate("tanh")) }, 1, nil},
		"silu":                  {nnlib.SiLU, 1, nil},
		"adaptive_avg_pool_3x2": {func() *nnlib.Module { return nnlib.AdaptiveAvgPool2d(3, 2) }, 1, nil},
		"adaptive_avg_pool_1":   {func() *nnlib.Module { return nnlib.AdaptiveAvgPool2d(1) }, 1, nil},
		"conv_transpose": {func() *nnlib.Module {
			return nnlib.ConvTranspose2d(4, 6, 3, nnlib.Stride(2), nnlib.Padding(1), nnlib.OutputPadding(1), nnlib.Groups(2))
		}, 1, nil},
		"conv_transpose_dilation": {func() *nnlib.Module { return nnlib.ConvTranspose2d(3, 2, 2, nnlib.Dilation(2), nnlib.Bias(false)) }, 1, nil},
		"upsample_nearest_scale":  {func() *nnlib.Module { return nnlib.Upsample(nnlib.ScaleFactor(2)) }, 1, nil},
		"upsample_nearest_size":   {func() *nnlib.Module { return nnlib.Upsample(nnlib.Size(7, 5)) }, 1, nil},
		"upsample_bilinear_size":  {func() *nnlib.Module { return nnlib.Upsample(nnlib.Size(7, 5), nnlib.Mode("bilinear")) }, 1, nil},
		"upsample_bilinear_align": {func() *nnlib.Module {
			return nnlib.Upsample(nnlib.Size(7, 5), nnlib.Mode("bilinear"), nnlib.AlignCorners(true))
		}, 1, nil},
		"upsample_bilinear_scale": {func() *nnlib.Module { return nnlib.Upsample(nnlib.ScaleFactor(2), nnlib.Mode("bilinear")) }, 1, nil},
		"mha_self_masks":          {func() *nnlib.Module { return nnlib.MultiheadAttention(8, 2, nnlib.BatchFirst(true)) }, 5, []int{3, 4}},
		"mha_per_head": {func() *nnlib.Module {
			return nnlib.MultiheadAttention(8, 2, nnlib.BatchFirst(true), nnlib.AverageAttnWeights(false))
		}, 3, nil},
		"mha_seq_first_no_weights": {func() *nnlib.Module { return nnlib.MultiheadAttention(8, 4, nnlib.NeedWeights(false)) }, 3, nil},
		"encoder_relu_post": {func() *nnlib.Module {
			return nnlib.TransformerEncoderLayer(8, 2, nnlib.DimFeedforward(16), nnlib.DropoutP(0))
		}, 2, []int{1}},
		"encoder_gelu_pre": {func() *nnlib.Module {
			return nnlib.TransformerEncoderLayer(8, 2, nnlib.DimFeedforward(16), nnlib.DropoutP(0), nnlib.Activation("gelu"), nnlib.NormFirst(true), nnlib.BatchFirst(true))
		}, 3, []int{2}},
		"decoder_post": {func() *nnlib.Module {
			return nnlib.TransformerDecoderLayer(8, 2, nnlib.DimFeedforward(16), nnlib.DropoutP(0), nnlib.BatchFirst(true))
		}, 3, []int{2}},
		"decoder_pre_gelu": {func() *nnlib.Module {
			return nnlib.TransformerDecoderLayer(8, 2, nnlib.DimFeedforward(16), nnlib.DropoutP(0), nnlib.Activation("gelu"), nnlib.NormFirst(true))
		}, 2, nil},
		"lstm_2layer_bi": {func() *nnlib.Module {
			return nnlib.LSTM(3, 4, nnlib.NumLayers(2), nnlib.BatchFirst(true), nnlib.Bidirectional(true))
		}, 3, nil},
		"lstm_1layer": {func() *nnlib.Module { return nnlib.LSTM(3, 5) }, 1, nil},
		"gru_2layer":  {func() *nnlib.Module { return nnlib.GRU(3, 4, nnlib.NumLayers(2)) }, 1, nil},
		"gru_bi_h0":   {func() *nnlib.Module { return nnlib.GRU(3, 4, nnlib.Bidirectional(true), nnlib.BatchFirst(true)) }, 2, nil},
	}
	seen := map[string]bool{}
	for name := range ref {
		seen[strings.SplitN(name, ".", 2)[0]] = true
	}
	if len(seen) != len(cases) {
		t.Errorf("the reference has %d cases, the test %d", len(seen), len(cases))
	}
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		c := cases[name]
		t.Run(name, func(t *testing.T) { checkLayerCase(t, ref, name, c) })
	}
}

func checkLayerCase(t *testing.T, ref map[string]*tensorlib.Tensor, name string, c layerCase) {
	m := c.build()
	var sd []nnlib.NamedTensor
	for k, v := range ref {
		if p, ok := strings.CutPrefix(k, name+".param."); ok {
			sd = append(sd, nnlib.NamedTensor{Name: p, Tensor: v})
		}
	}
	if _, _, err := m.LoadStateDict(sd, true); err != nil {
		t.Fatal(err)
	}
	in := make([]*tensorlib.Tensor, c.inputs)
	for i := range in {
		v := ref[fmt.Sprintf("%s.in%d", name, i)]
		if v == nil {
			continue
		}
		in[i] = v.Clone()
		grad := true
		for _, j := range c.noGrad {
			grad = grad && i != j
		}
		in[i].SetRequiresGrad(grad)
	}
	if name == "encoder_relu_post" || strings.HasPrefix(name, "decoder") || strings.HasPrefix(name, "encoder") {
		m.Eval()
	}
	outs := m.ForwardAll(in...)
	var loss *tensorlib.Tensor
	for i, o := range outs {
		want := ref[fmt.Sprintf("%s.out%d", name, i)]
		if want == nil {
			if o != nil {
				t.Errorf("output %d is %v, want nil", i, o.Shape())
			}
			continue
		}
		if msg := closeTo(o, want); msg != "" {
			t.Errorf("output %d: %s", i, msg)
			continue
		}
		term := o.Mul(ref[fmt.Sprintf("%s.gy%d", name, i)]).Sum()
		if loss == nil {
			loss = term
		} else {
			loss = loss.Add(term)
		}
	}
	if t.Failed() {
		return
	}
	loss.Backward()
	for i, x := range in {
		want := ref[fmt.Sprintf("%s.gin%d", name, i)]
		if want == nil {
			continue
		}
		if msg := closeTo(x.Grad(), want); msg != "" {
			t.Errorf("gradient of input %d: %s", i, msg)
		}
	}
	for _, p := range m.NamedParameters() {
		want := ref[name+".grad."+p.Name]
		if want == nil {
			if g := p.Tensor.Grad(); g != nil {
				t.Errorf("%s has a gradient; PyTorch gives none", p.Name)
			}
			continue
		}
		if msg := closeTo(p.Tensor.Grad(), want); msg != "" {
			t.Errorf("gradient of %s: %s", p.Name, msg)
		}
	}
	for _, b := range m.NamedBuffers() {
		if want := ref[name+".after."+b.Name]; want != nil {
			if msg := closeTo(b.Tensor, want); msg != "" {
				t.Errorf("buffer %s after the call: %s", b.Name, msg)
			}
		}
	}
}

// TestLayersPrintLikePyTorch compares String with the reprs written by
// scripts/torch_reference/layers.py; the keys are the Go calls.
func TestLayersPrintLikePyTorch(t *testing.T) {
	raw, err := os.ReadFile("testdata/layers_repr.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	build := map[string]*nnlib.Module{
		"BatchNorm1d(4)": nnlib.BatchNorm1d(4),
		"LayerNorm(8)":   nnlib.LayerNorm(8),
		"LayerNorm(5, Eps(0.1), ElementwiseAffine(false))": nnlib.LayerNorm(5, nnlib.Eps(0.1), nnlib.ElementwiseAffine(false)),
		"Embedding(10, 3, PaddingIdx(0))":                  nnlib.Embedding(10, 3, nnlib.PaddingIdx(0)),
		"GELU()":                                           nnlib.GELU(),
		"GELU(Approximate(tanh))":                          nnlib.GELU(nnlib.Approximate("tanh")),
		"SiLU()":                                           nnlib.SiLU(),
		"AdaptiveAvgPool2d(1, 1)":                          nnlib.AdaptiveAvgPool2d(1, 1),
		"AdaptiveAvgPool2d(2)":                             nnlib.AdaptiveAvgPool2d(2),
		"ConvTranspose2d(4, 2, 3, Stride(2), Padding(1), OutputPadding(1))": nnlib.ConvTranspose2d(4, 2, 3, nnlib.Stride(2), nnlib.Padding(1), nnlib.OutputPadding(1)),
		"Upsample(ScaleFactor(2))":                                                             nnlib.Upsample(nnlib.ScaleFactor(2)),
		"Upsample(Size(4), Mode(bilinear))":                                                    nnlib.Upsample(nnlib.Size(4), nnlib.Mode("bilinear")),
		"Upsample(Size(4, 5), Mode(bilinear), AlignCorners(true))":                             nnlib.Upsample(nnlib.Size(4, 5), nnlib.Mode("bilinear"), nnlib.AlignCorners(true)),
		"ModuleList(ReLU(), Tanh())":                                                           nnlib.ModuleList(nnlib.ReLU(), nnlib.Tanh()),
		"MultiheadAttention(8, 2)":                                                             nnlib.MultiheadAttention(8, 2),
		"TransformerEncoderLayer(8, 2, DimFeedforward(16))":                                    nnlib.TransformerEncoderLayer(8, 2, nnlib.DimFeedforward(16)),
		"TransformerDecoderLayer(8, 2, DimFeedforward(16), Activation(gelu), NormFirst(true))": nnlib.TransformerDecoderLayer(8, 2, nnlib.DimFeedforward(16), nnlib.Activation("gelu"), nnlib.NormFirst(true)),
		"LSTM(4, 8, NumLayers(2), BatchFirst(true), Bidirectional(true))":                      nnlib.LSTM(4, 8, nnlib.NumLayers(2), nnlib.BatchFirst(true), nnlib.Bidirectional(true)),
		"LSTM(4, 8, Bias(false), DropoutP(0.5), NumLayers(2))":                                 nnlib.LSTM(4, 8, nnlib.Bias(false), nnlib.DropoutP(0.5), nnlib.NumLayers(2)),
		"GRU(4, 8)": nnlib.GRU(4, 8),
	}
	if len(build) != len(want) {
		t.Errorf("the reference has %d layers, the test %d", len(want), len(build))
	}
	for k, m := range build {
		if got := m.String(); got != want[k] {
			t.Errorf("%s prints\n%s\nwant\n%s", k, got, want[k])
		}
	}
}

// TestLayerStateDictNamesMatchPyTorch checks parameter names and shapes
// against the reference's, for every case.
func TestLayerStateDictNamesMatchPyTorch(t *testing.T) {
	ref := layerReference(t)
	m := nnlib.LSTM(3, 4, nnlib.NumLayers(2), nnlib.BatchFirst(true), nnlib.Bidirectional(true))
	for _, e := range m.StateDict() {
		w := ref["lstm_2layer_bi.param."+e.Name]
		if w == nil || fmt.Sprint(w.Shape()) != fmt.Sprint(e.Tensor.Shape()) {
			t.Errorf("%s %v not in PyTorch's state dict with that shape", e.Name, e.Tensor.Shape())
		}
	}
}
