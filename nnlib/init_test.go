package nnlib_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// spread returns the largest magnitude and the standard deviation of t.
func spread(t *tensorlib.Tensor) (maxAbs, std float64) {
	var s, sq float64
	d := t.Data()
	for _, v := range d {
		maxAbs = math.Max(maxAbs, math.Abs(float64(v)))
		s += float64(v)
		sq += float64(v) * float64(v)
	}
	n := float64(len(d))
	return maxAbs, math.Sqrt(sq/n - (s/n)*(s/n))
}

// TestDefaultInitialisationFollowsPyTorch checks each new layer's
// parameters against PyTorch's init rule: uniform within a bound (the
// largest value near it), normal with a given std, or constants.
func TestDefaultInitialisationFollowsPyTorch(t *testing.T) {
	tensorlib.ManualSeed(0)
	uniform := func(name string, p *tensorlib.Tensor, bound float64) {
		m, _ := spread(p)
		if m > bound || m < 0.9*bound {
			t.Errorf("%s: largest magnitude %v, want uniform within ±%v", name, m, bound)
		}
	}
	constant := func(name string, p *tensorlib.Tensor, v float32) {
		for _, x := range p.Data() {
			if x != v {
				t.Errorf("%s: value %v, want all %v", name, x, v)
				return
			}
		}
	}
	mha := nnlib.MultiheadAttention(64, 4)
	uniform("MultiheadAttention in_proj_weight (Xavier)", mha.Param("in_proj_weight"), math.Sqrt(6.0/(64+3*64)))
	constant("in_proj_bias", mha.Param("in_proj_bias"), 0)
	constant("out_proj.bias", mha.GetParameter("out_proj.bias"), 0)
	uniform("out_proj.weight", mha.GetParameter("out_proj.weight"), 1/8.0)
	for _, p := range nnlib.LSTM(16, 32, nnlib.NumLayers(2)).NamedParameters() {
		uniform("LSTM "+p.Name, p.Tensor, 1/math.Sqrt(32))
	}
	for _, p := range nnlib.GRU(16, 25).NamedParameters() {
		uniform("GRU "+p.Name, p.Tensor, 0.2)
	}
	ct := nnlib.ConvTranspose2d(8, 6, 3, nnlib.Groups(2))
	uniform("ConvTranspose2d weight", ct.Param("weight"), 1/math.Sqrt(3*9))
	uniform("ConvTranspose2d bias", ct.Param("bias"), 1/math.Sqrt(3*9))
	if _, std := spread(nnlib.Embedding(100, 50).Param("weight")); math.Abs(std-1) > 0.05 {
		t.Errorf("Embedding weight std %v, want N(0, 1)", std)
	}
	pad := nnlib.Embedding(5, 3, nnlib.PaddingIdx(2)).Param("weight")
	constant("Embedding padding row", pad.Select(0, 2), 0)
	ln := nnlib.LayerNorm(6)
	constant("LayerNorm weight", ln.Param("weight"), 1)
	constant("LayerNorm bias", ln.Param("bias"), 0)
}

// TestNewLayersRejectBadInputClearly checks that misuse panics with a
// message naming the layer and the values.
func TestNewLayersRejectBadInputClearly(t *testing.T) {
	cases := []struct {
		want string
		fn   func()
	}{
		{"MultiheadAttention: embed_dim 10 must be a positive multiple of num_heads 3", func() { nnlib.MultiheadAttention(10, 3) }},
		{"MultiheadAttention: input 0 must be 3D with 8 features, got [2 8]", func() {
			nnlib.MultiheadAttention(8, 2).Forward(tensorlib.Zeros(2, 8), tensorlib.Zeros(2, 8), tensorlib.Zeros(2, 8))
		}},
		{"key_padding_mask of shape [3 3], want [1 4]", func() {
			x := tensorlib.Zeros(1, 4, 8)
			nnlib.MultiheadAttention(8, 2, nnlib.BatchFirst(true)).Forward(x, x, x, tensorlib.Zeros(3, 3))
		}},
		{"LSTM: h0 of shape [1 2 4], want [2 2 4]", func() {
			nnlib.LSTM(3, 4, nnlib.NumLayers(2)).Forward(tensorlib.Zeros(5, 2, 3), tensorlib.Zeros(1, 2, 4))
		}},
		{"GRU: input must be 3D with 3 features, got [5 2 4]", func() { nnlib.GRU(3, 4).Forward(tensorlib.Zeros(5, 2, 4)) }},
		{"Embedding: index 10 out of range", func() { nnlib.Embedding(10, 2).Forward(tensorlib.Tensor1(10)) }},
		{"LayerNorm: input of shape [2 5] does not end with the normalized shape [4]", func() { nnlib.LayerNorm(4).Forward(tensorlib.Zeros(2, 5)) }},
		{"Upsample: give exactly one of Size and ScaleFactor", func() { nnlib.Upsample() }},
		{"ModuleList holds modules and has no forward", func() { nnlib.ModuleList(nnlib.ReLU()).Forward(tensorlib.Zeros(1)) }},
		{"option Causal does not apply (LSTM takes", func() { nnlib.LSTM(3, 4, nnlib.Causal(true)) }},
	}
	for _, c := range cases {
		func() {
			defer func() {
				r, _ := recover().(string)
				if !strings.Contains(r, c.want) {
					t.Errorf("panic %q, want one containing %q", r, c.want)
				}
			}()
			c.fn()
		}()
	}
}
