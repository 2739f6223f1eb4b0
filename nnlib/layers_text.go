package nnlib

import (
	"fmt"

	"github.com/gohooks/gohooks/tensorlib"
)

// LayerNorm is PyTorch's nn.LayerNorm over the last dimension, of size dim:
// (x - mean)/sqrt(var + eps)·weight + bias with the biased variance, weight
// ones and bias zeros. Options: Eps (default 1e-5), ElementwiseAffine.
func LayerNorm(dim int, opts ...Option) *Module {
	o := collectOptions("LayerNorm", opts, "Eps", "ElementwiseAffine")
	eps := valueOr(o, "Eps", 1e-5)
	affine := flagOr(o, "ElementwiseAffine", true)
	if dim <= 0 {
		panic(fmt.Sprintf("nnlib: LayerNorm: dimension %d must be positive", dim))
	}
	m := NewModule("LayerNorm", func(self *Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		var w, b *tensorlib.Tensor
		if affine {
			w, b = self.Param("weight"), self.Param("bias")
		}
		return tensorlib.LayerNorm(oneInput("LayerNorm", in), []int{dim}, w, b, eps)
	})
	if affine {
		m.RegisterParameter("weight", tensorlib.Ones(dim))
		m.RegisterParameter("bias", tensorlib.Zeros(dim))
	}
	m.Doc = "Applies Layer Normalization over the last dimension of the input."
	m.ExtraRepr = func() string {
		return fmt.Sprintf("(%d,), eps=%s, elementwise_affine=%s", dim, pyFloat(eps), pyBool(affine))
	}
	return m
}

// Embedding is PyTorch's nn.Embedding: a table of num vectors of size dim
// (weight [num, dim], initialised from N(0, 1)), indexed by a tensor of
// integer-valued indices; the output has the index's shape plus dim. With
// PaddingIdx that row starts at zero and gets no gradient. Option:
// PaddingIdx.
func Embedding(num, dim int, opts ...Option) *Module {
	o := collectOptions("Embedding", opts, "PaddingIdx")
	pad := -1
	if p, ok := o["PaddingIdx"]; ok {
		pad = p.ints[0]
		if pad < 0 {
			pad += num
		}
		if pad < 0 || pad >= num {
			panic(fmt.Sprintf("nnlib: Embedding: padding index %d out of range for %d embeddings", p.ints[0], num))
		}
	}
	m := NewModule("Embedding", func(self *Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		idx := oneInput("Embedding", in)
		for _, v := range idx.Data() {
			if r := int(v); float32(r) != v || r < 0 || r >= num {
				panic(fmt.Sprintf("nnlib: Embedding: index %v out of range for %d embeddings", v, num))
			}
		}
		return tensorlib.Embedding(self.Param("weight"), idx, pad)
	})
	w := tensorlib.Randn(num, dim)
	if pad >= 0 {
		w = zeroRow(w, pad)
	}
	m.RegisterParameter("weight", w)
	m.Doc = "A lookup table of embeddings of a fixed size."
	m.ExtraRepr = func() string {
		s := fmt.Sprintf("%d, %d", num, dim)
		if pad >= 0 {
			s += fmt.Sprintf(", padding_idx=%d", pad)
		}
		return s
	}
	return m
}

// zeroRow returns w with row r set to zeros.
func zeroRow(w *tensorlib.Tensor, r int) *tensorlib.Tensor {
	d := w.Data()
	cols := w.Size(1)
	clear(d[r*cols : (r+1)*cols])
	return tensorlib.New(d, w.Shape()...)
}
