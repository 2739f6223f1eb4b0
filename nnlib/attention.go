package nnlib

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/tensorlib"
)

// MultiheadAttention is PyTorch's nn.MultiheadAttention for key and value
// of the query's size embedDim. Parameters in_proj_weight [3E, E] (Xavier
// uniform), in_proj_bias [3E] (zeros) and the child out_proj (a Linear
// printed as NonDynamicallyQuantizableLinear, bias zeros).
//
// Forward takes query, key and value ([L, N, E], or [N, L, E] with
// BatchFirst), then optionally key_padding_mask [N, S] and attn_mask
// ([L, S] or [N·heads, L, S]); either may be nil. Masks are boolean: a
// non-zero entry marks a key the query may not attend to (PyTorch's bool
// masks; additive float masks are not supported). It returns two outputs:
// the attention output and the weights ([N, L, S] averaged over heads, or
// [N, heads, L, S] with AverageAttnWeights(false); nil with
// NeedWeights(false)), which PyTorch takes as keyword arguments of each
// call.
//
// Hook points inside (see AddHookPoint), each [N, heads, ·, ·]: "q", "k",
// "v" (projected, per head), "scores" (scaled and masked, before softmax),
// "pattern" (the softmax) and "z" (the per-head output, before out_proj).
// Options: BatchFirst, NeedWeights, AverageAttnWeights, Causal, DropoutP,
// Bias.
func MultiheadAttention(embedDim, numHeads int, opts ...Option) *Module {
	o := collectOptions("MultiheadAttention", opts, "BatchFirst", "NeedWeights", "AverageAttnWeights", "Causal", "DropoutP", "Bias")
	if embedDim <= 0 || numHeads <= 0 || embedDim%numHeads != 0 {
		panic(fmt.Sprintf("nnlib: MultiheadAttention: embed_dim %d must be a positive multiple of num_heads %d", embedDim, numHeads))
	}
	cfg := attnConfig{
		e: embedDim, heads: numHeads,
		batchFirst: flagOr(o, "BatchFirst", false),
		needW:      flagOr(o, "NeedWeights", true),
		average:    flagOr(o, "AverageAttnWeights", true),
		causal:     flagOr(o, "Causal", false),
		dropout:    valueOr(o, "DropoutP", 0),
		bias:       flagOr(o, "Bias", true),
	}
	m := NewMultiOutputModule("MultiheadAttention", cfg.forward)
	bound := float32(math.Sqrt(6 / float64(embedDim+3*embedDim)))
	m.RegisterParameter("in_proj_weight", tensorlib.Uniform(-bound, bound, 3*embedDim, embedDim))
	if cfg.bias {
		m.RegisterParameter("in_proj_bias", tensorlib.Zeros(3*embedDim))
	}
	out := Linear(embedDim, embedDim, Bias(cfg.bias))
	out.name = "NonDynamicallyQuantizableLinear"
	if cfg.bias {
		out.Param("bias").Fill(0)
	}
	m.AddModule("out_proj", out)
	for _, p := range []string{"q", "k", "v", "scores", "pattern", "z"} {
		m.AddHookPoint(p)
	}
	m.Doc = "Allows the model to jointly attend to information from different representation subspaces."
	return m
}

type attnConfig struct {
	e, heads                                 int
	batchFirst, needW, average, causal, bias bool
	dropout                                  float32
}

func optionalInput(in []*tensorlib.Tensor, i int) *tensorlib.Tensor {
	if i < len(in) {
		return in[i]
	}
	return nil
}

func (c attnConfig) forward(self *Module, in ...*tensorlib.Tensor) []*tensorlib.Tensor {
	if len(in) < 3 || len(in) > 5 {
		panic(fmt.Sprintf("nnlib: MultiheadAttention: Forward takes query, key, value and optionally key_padding_mask and attn_mask, got %d inputs", len(in)))
	}
	q, k, v := in[0], in[1], in[2]
	for i, t := range []*tensorlib.Tensor{q, k, v} {
		if t == nil || t.Dim() != 3 || t.Size(2) != c.e {
			panic(fmt.Sprintf("nnlib: MultiheadAttention: input %d must be 3D with %d features, got %v", i, c.e, shapeOf(t)))
		}
	}
	if !c.batchFirst {
		q, k, v = q.Transpose(0, 1), k.Transpose(0, 1), v.Transpose(0, 1)
	}
	n, l, s := q.Size(0), q.Size(1), k.Size(1)
	if k.Size(0) != n || v.Size(0) != n || v.Size(1) != s {
		panic(fmt.Sprintf("nnlib: MultiheadAttention: query %v, key %v and value %v do not fit", in[0].Shape(), in[1].Shape(), in[2].Shape()))
	}
	d := c.e / c.heads
	w := self.Param("in_proj_weight")
	var b *tensorlib.Tensor
	if c.bias {
		b = self.Param("in_proj_bias")
	}
	proj := func(x *tensorlib.Tensor, i int) *tensorlib.Tensor {
		var bi *tensorlib.Tensor
		if b != nil {
			bi = b.Narrow(0, i*c.e, c.e)
		}
		y := tensorlib.Linear(x, w.Narrow(0, i*c.e, c.e), bi)
		return y.Reshape(n, x.Size(1), c.heads, d).Permute(0, 2, 1, 3)
	}
	qh := self.Point("q", proj(q, 0))
	kh := self.Point("k", proj(k, 1))
	vh := self.Point("v", proj(v, 2))
	scores := qh.DivScalar(float32(math.Sqrt(float64(d)))).MatMul(kh.Transpose(2, 3))
	if mask := c.mask(optionalInput(in, 3), optionalInput(in, 4), n, l, s); mask != nil {
		scores = scores.MaskedFill(mask, float32(math.Inf(-1)))
	}
	scores = self.Point("scores", scores)
	pattern := self.Point("pattern", scores.Softmax(-1))
	if c.dropout > 0 {
		pattern = tensorlib.Dropout(pattern, c.dropout, self.Training())
	}
	z := self.Point("z", pattern.MatMul(vh))
	// PyTorch applies out_proj's parameters without calling the module, so
	// its hooks never fire; neither do they here.
	op := self.Child("out_proj")
	var ob *tensorlib.Tensor
	if c.bias {
		ob = op.Param("bias")
	}
	out := tensorlib.Linear(z.Permute(0, 2, 1, 3).Reshape(n, l, c.e), op.Param("weight"), ob)
	if !c.batchFirst {
		out = out.Transpose(0, 1)
	}
	var weights *tensorlib.Tensor
	if c.needW {
		weights = pattern
		if c.average {
			weights = pattern.Sum(1).DivScalar(float32(c.heads))
		}
	}
	return []*tensorlib.Tensor{out, weights}
}

// mask combines the key padding mask, the attention mask and the causal
// mask into one [N, heads, L, S] mask (nil if there is none).
func (c attnConfig) mask(keyPadding, attn *tensorlib.Tensor, n, l, s int) *tensorlib.Tensor {
	if keyPadding == nil && attn == nil && !c.causal {
		return nil
	}
	m := make([]float32, n*c.heads*l*s)
	set := func(b, h, i, j int) { m[((b*c.heads+h)*l+i)*s+j] = 1 }
	if keyPadding != nil {
		if keyPadding.Dim() != 2 || keyPadding.Size(0) != n || keyPadding.Size(1) != s {
			panic(fmt.Sprintf("nnlib: MultiheadAttention: key_padding_mask of shape %v, want [%d %d]", keyPadding.Shape(), n, s))
		}
		kp := keyPadding.Data()
		for b := 0; b < n; b++ {
			for j := 0; j < s; j++ {
				if kp[b*s+j] != 0 {
					for h := 0; h < c.heads; h++ {
						for i := 0; i < l; i++ {
							set(b, h, i, j)
						}
					}
				}
			}
		}
	}
	if attn != nil {
		am := attn.Data()
		switch {
		case attn.Dim() == 2 && attn.Size(0) == l && attn.Size(1) == s:
			for b := 0; b < n; b++ {
				for h := 0; h < c.heads; h++ {
					for i := 0; i < l*s; i++ {
						if am[i] != 0 {
							m[(b*c.heads+h)*l*s+i] = 1
						}
					}
				}
			}
		case attn.Dim() == 3 && attn.Size(0) == n*c.heads && attn.Size(1) == l && attn.Size(2) == s:
			for i, v := range am {
				if v != 0 {
					m[i] = 1
				}
			}
		default:
			panic(fmt.Sprintf("nnlib: MultiheadAttention: attn_mask of shape %v, want [%d %d] or [%d %d %d]", attn.Shape(), l, s, n*c.heads, l, s))
		}
	}
	if c.causal {
		for b := 0; b < n; b++ {
			for h := 0; h < c.heads; h++ {
				for i := 0; i < l; i++ {
					for j := i + 1; j < s; j++ {
						set(b, h, i, j)
					}
				}
			}
		}
	}
	return tensorlib.New(m, n, c.heads, l, s)
}

func shapeOf(t *tensorlib.Tensor) any {
	if t == nil {
		return "nil"
	}
	return t.Shape()
}

// CausalMask returns the [size, size] mask that lets position i attend to
// positions 0..i only (ones above the diagonal), PyTorch's
// Transformer.generate_square_subsequent_mask as a boolean mask.
func CausalMask(size int) *tensorlib.Tensor {
	m := make([]float32, size*size)
	for i := 0; i < size; i++ {
		for j := i + 1; j < size; j++ {
			m[i*size+j] = 1
		}
	}
	return tensorlib.New(m, size, size)
}
