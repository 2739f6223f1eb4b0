package nnlib

import (
	"fmt"

	"github.com/gohooks/gohooks/tensorlib"
)

// transformerConfig holds the options shared by the transformer layers.
type transformerConfig struct {
	ff         int
	dropout    float32
	gelu       bool
	normFirst  bool
	batchFirst bool
	eps        float32
}

func transformerOptions(name string, opts []Option) transformerConfig {
	o := collectOptions(name, opts, "DimFeedforward", "DropoutP", "Activation", "NormFirst", "BatchFirst", "LayerNormEps")
	c := transformerConfig{ff: 2048, dropout: valueOr(o, "DropoutP", 0.1), normFirst: flagOr(o, "NormFirst", false),
		batchFirst: flagOr(o, "BatchFirst", false), eps: valueOr(o, "LayerNormEps", 1e-5)}
	if f, ok := o["DimFeedforward"]; ok {
		c.ff = f.ints[0]
	}
	if a, ok := o["Activation"]; ok {
		c.gelu = a.text == "gelu"
	}
	return c
}

// addFeedForward adds linear1, dropout and linear2 and returns the block
// linear2(dropout(activation(linear1(x)))). The activation is a function,
// not a child, as in PyTorch when it is given by name.
func (c transformerConfig) addFeedForward(m *Module, dModel int) func(self *Module, x *tensorlib.Tensor) *tensorlib.Tensor {
	m.AddModule("linear1", Linear(dModel, c.ff))
	m.AddModule("dropout", Dropout(c.dropout))
	m.AddModule("linear2", Linear(c.ff, dModel))
	return func(self *Module, x *tensorlib.Tensor) *tensorlib.Tensor {
		h := self.Child("linear1").Forward(x)
		if c.gelu {
			h = h.GELU()
		} else {
			h = h.ReLU()
		}
		return self.Child("linear2").Forward(self.Child("dropout").Forward(h))
	}
}

// TransformerEncoderLayer is PyTorch's nn.TransformerEncoderLayer: self
// attention and a feed-forward block, each with a residual connection,
// dropout and LayerNorm (after the residual by default, before the block
// with NormFirst). Children self_attn, linear1, dropout, linear2, norm1,
// norm2, dropout1, dropout2. Forward takes src and optionally src_mask and
// src_key_padding_mask (boolean masks as MultiheadAttention's; either may be
// nil). Options: DimFeedforward (2048), DropoutP (0.1), Activation ("relu"),
// LayerNormEps, BatchFirst, NormFirst.
func TransformerEncoderLayer(dModel, nhead int, opts ...Option) *Module {
	c := transformerOptions("TransformerEncoderLayer", opts)
	var ff func(self *Module, x *tensorlib.Tensor) *tensorlib.Tensor
	m := NewModule("TransformerEncoderLayer", func(self *Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		if len(in) < 1 || len(in) > 3 {
			panic(fmt.Sprintf("nnlib: TransformerEncoderLayer: Forward takes src and optionally src_mask and src_key_padding_mask, got %d inputs", len(in)))
		}
		x := in[0]
		sa := func(x *tensorlib.Tensor) *tensorlib.Tensor {
			a := self.Child("self_attn").Forward(x, x, x, optionalInput(in, 2), optionalInput(in, 1))
			return self.Child("dropout1").Forward(a)
		}
		ffb := func(x *tensorlib.Tensor) *tensorlib.Tensor { return self.Child("dropout2").Forward(ff(self, x)) }
		n1, n2 := self.Child("norm1"), self.Child("norm2")
		if c.normFirst {
			x = x.Add(sa(n1.Forward(x)))
			return x.Add(ffb(n2.Forward(x)))
		}
		x = n1.Forward(x.Add(sa(x)))
		return n2.Forward(x.Add(ffb(x)))
	})
	m.AddModule("self_attn", MultiheadAttention(dModel, nhead, DropoutP(c.dropout), BatchFirst(c.batchFirst), NeedWeights(false)))
	ff = c.addFeedForward(m, dModel)
	m.AddModule("norm1", LayerNorm(dModel, Eps(c.eps)))
	m.AddModule("norm2", LayerNorm(dModel, Eps(c.eps)))
	m.AddModule("dropout1", Dropout(c.dropout))
	m.AddModule("dropout2", Dropout(c.dropout))
	m.Doc = "TransformerEncoderLayer is made up of self-attn and feedforward network."
	return m
}

// TransformerDecoderLayer is PyTorch's nn.TransformerDecoderLayer: self
// attention, attention over the encoder's output (memory) and a
// feed-forward block, each with a residual connection, dropout and
// LayerNorm. Children self_attn, multihead_attn, linear1, dropout, linear2,
// norm1-3, dropout1-3. Forward takes tgt, memory and optionally tgt_mask,
// memory_mask, tgt_key_padding_mask and memory_key_padding_mask (nil for
// none). Options as TransformerEncoderLayer.
func TransformerDecoderLayer(dModel, nhead int, opts ...Option) *Module {
	c := transformerOptions("TransformerDecoderLayer", opts)
	var ff func(self *Module, x *tensorlib.Tensor) *tensorlib.Tensor
	m := NewModule("TransformerDecoderLayer", func(self *Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		if len(in) < 2 || len(in) > 6 {
			panic(fmt.Sprintf("nnlib: TransformerDecoderLayer: Forward takes tgt, memory and up to four masks, got %d inputs", len(in)))
		}
		x, mem := in[0], in[1]
		sa := func(x *tensorlib.Tensor) *tensorlib.Tensor {
			a := self.Child("self_attn").Forward(x, x, x, optionalInput(in, 4), optionalInput(in, 2))
			return self.Child("dropout1").Forward(a)
		}
		mha := func(x *tensorlib.Tensor) *tensorlib.Tensor {
			a := self.Child("multihead_attn").Forward(x, mem, mem, optionalInput(in, 5), optionalInput(in, 3))
			return self.Child("dropout2").Forward(a)
		}
		ffb := func(x *tensorlib.Tensor) *tensorlib.Tensor { return self.Child("dropout3").Forward(ff(self, x)) }
		n1, n2, n3 := self.Child("norm1"), self.Child("norm2"), self.Child("norm3")
		if c.normFirst {
			x = x.Add(sa(n1.Forward(x)))
			x = x.Add(mha(n2.Forward(x)))
			return x.Add(ffb(n3.Forward(x)))
		}
		x = n1.Forward(x.Add(sa(x)))
		x = n2.Forward(x.Add(mha(x)))
		return n3.Forward(x.Add(ffb(x)))
	})
	m.AddModule("self_attn", MultiheadAttention(dModel, nhead, DropoutP(c.dropout), BatchFirst(c.batchFirst), NeedWeights(false)))
	m.AddModule("multihead_attn", MultiheadAttention(dModel, nhead, DropoutP(c.dropout), BatchFirst(c.batchFirst), NeedWeights(false)))
	ff = c.addFeedForward(m, dModel)
	for _, name := range []string{"norm1", "norm2", "norm3"} {
		m.AddModule(name, LayerNorm(dModel, Eps(c.eps)))
	}
	for _, name := range []string{"dropout1", "dropout2", "dropout3"} {
		m.AddModule(name, Dropout(c.dropout))
	}
	m.Doc = "TransformerDecoderLayer is made up of self-attn, multi-head-attn and feedforward network."
	return m
}
