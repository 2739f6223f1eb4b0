package models

import (
	"fmt"
	"strconv"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// GPTConfig sets a GPT's size; zero fields take the values in brackets.
type GPTConfig struct {
	Vocab   int // tokens (16)
	Context int // longest sequence, the rows of pos_emb (16)
	Dim     int // width of the residual stream (32)
	Heads   int // attention heads per block (2)
	Layers  int // blocks (2)
}

// GPT is a small decoder-only transformer with GPT-2's layout: tok_emb and
// pos_emb (Embedding), blocks.N (pre-norm: x + attn(ln1(x)), then
// x + mlp(ln2(x)), with attn a causal MultiheadAttention (batch first) and
// mlp Linear(D, 4D), GELU, Linear(4D, D)), ln_f and unembed (Linear without
// bias). Forward takes token ids [N, T] (T ≤ Context, as float32 integers)
// and returns logits [N, T, Vocab]. Each block has a hook point
// "resid_mid" between attention and MLP; its attention has the points of
// nnlib.MultiheadAttention ("blocks.0.attn.pattern", ...).
func GPT(cfg GPTConfig) *nnlib.Module {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&cfg.Vocab, 16)
	def(&cfg.Context, 16)
	def(&cfg.Dim, 32)
	def(&cfg.Heads, 2)
	def(&cfg.Layers, 2)
	if cfg.Vocab < 0 || cfg.Context < 0 || cfg.Dim < 0 || cfg.Layers < 0 || cfg.Heads <= 0 || cfg.Dim%cfg.Heads != 0 {
		panic(fmt.Sprintf("models: GPT: bad config %+v (Dim must be a multiple of Heads)", cfg))
	}
	m := nnlib.NewModule("GPT", func(self *nnlib.Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		if len(in) != 1 || in[0].Dim() != 2 {
			panic(fmt.Sprintf("models: GPT: Forward takes one tensor of token ids [N T], got %d inputs", len(in)))
		}
		t := in[0].Size(1)
		if t > cfg.Context {
			panic(fmt.Sprintf("models: GPT: sequence of %d tokens is longer than the context %d", t, cfg.Context))
		}
		x := self.Child("tok_emb").Forward(in[0]).Add(self.Child("pos_emb").Forward(tensorlib.Arange(0, float32(t), 1)))
		for _, b := range self.Child("blocks").Children() {
			x = b.Forward(x)
		}
		return self.Child("unembed").Forward(self.Child("ln_f").Forward(x))
	})
	m.AddModule("tok_emb", nnlib.Embedding(cfg.Vocab, cfg.Dim))
	m.AddModule("pos_emb", nnlib.Embedding(cfg.Context, cfg.Dim))
	blocks := nnlib.ModuleList()
	for i := 0; i < cfg.Layers; i++ {
		blocks.AddModule(strconv.Itoa(i), gptBlock(cfg))
	}
	m.AddModule("blocks", blocks)
	m.AddModule("ln_f", nnlib.LayerNorm(cfg.Dim))
	m.AddModule("unembed", nnlib.Linear(cfg.Dim, cfg.Vocab, nnlib.Bias(false)))
	m.Doc = "A small GPT-style decoder-only transformer."
	return m
}

func gptBlock(cfg GPTConfig) *nnlib.Module {
	m := nnlib.NewModule("Block", func(self *nnlib.Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		x := in[0]
		h := self.Child("ln1").Forward(x)
		x = self.Point("resid_mid", x.Add(self.Child("attn").Forward(h, h, h)))
		return x.Add(self.Child("mlp").Forward(self.Child("ln2").Forward(x)))
	})
	m.AddModule("ln1", nnlib.LayerNorm(cfg.Dim))
	m.AddModule("attn", nnlib.MultiheadAttention(cfg.Dim, cfg.Heads, nnlib.BatchFirst(true), nnlib.Causal(true), nnlib.NeedWeights(false)))
	m.AddModule("ln2", nnlib.LayerNorm(cfg.Dim))
	m.AddModule("mlp", nnlib.Sequential(nnlib.Linear(cfg.Dim, 4*cfg.Dim), nnlib.GELU(), nnlib.Linear(4*cfg.Dim, cfg.Dim)))
	m.AddHookPoint("resid_mid")
	return m
}
