package nnlib

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/tensorlib"
)

// rnnConfig is one recurrent layer stack: LSTM (4 gates) or GRU (3).
type rnnConfig struct {
	name                          string
	gates                         int
	in, hidden, layers            int
	bias, batchFirst, bidirection bool
	dropout                       float32
}

func (c rnnConfig) dirs() int {
	if c.bidirection {
		return 2
	}
	return 1
}

// LSTM is PyTorch's nn.LSTM. Per layer l and direction (suffix "_reverse"
// for the backward one) it has weight_ih_l{l} [4H, in], weight_hh_l{l}
// [4H, H], bias_ih_l{l} and bias_hh_l{l} [4H], gates in the order i, f, g,
// o, all initialised uniformly in ±1/sqrt(H). Forward takes the sequence
// ([L, N, in], or [N, L, in] with BatchFirst) and optionally h0 and c0
// ([layers·directions, N, H]; nil for zeros). It returns three outputs:
// output ([L, N, directions·H]), h_n and c_n. PyTorch returns
// (output, (h_n, c_n)); gohooks flattens the pair, so forward hooks see
// three outputs and gradOut has three slots (PyTorch gives its hooks two,
// the second always None). Options: NumLayers, Bias, BatchFirst, DropoutP
// (between layers, in training), Bidirectional.
func LSTM(inputSize, hiddenSize int, opts ...Option) *Module {
	return recurrent("LSTM", 4, inputSize, hiddenSize, opts)
}

// GRU is PyTorch's nn.GRU: LSTM's parameters with three gates (r, z, n) of
// size 3H, and n = tanh(W_in x + b_in + r·(W_hn h + b_hn)),
// h' = (1-z)·n + z·h. Forward takes the sequence and optionally h0; it
// returns two outputs, output and h_n. Options as LSTM.
func GRU(inputSize, hiddenSize int, opts ...Option) *Module {
	return recurrent("GRU", 3, inputSize, hiddenSize, opts)
}

func recurrent(name string, gates, inputSize, hiddenSize int, opts []Option) *Module {
	o := collectOptions(name, opts, "NumLayers", "Bias", "BatchFirst", "DropoutP", "Bidirectional")
	c := rnnConfig{name: name, gates: gates, in: inputSize, hidden: hiddenSize, layers: 1,
		bias: flagOr(o, "Bias", true), batchFirst: flagOr(o, "BatchFirst", false),
		dropout: valueOr(o, "DropoutP", 0), bidirection: flagOr(o, "Bidirectional", false)}
	if l, ok := o["NumLayers"]; ok {
		c.layers = l.ints[0]
	}
	if inputSize <= 0 || hiddenSize <= 0 || c.layers <= 0 {
		panic(fmt.Sprintf("nnlib: %s: input size %d, hidden size %d and layers %d must be positive", name, inputSize, hiddenSize, c.layers))
	}
	m := NewMultiOutputModule(name, c.forward)
	bound := float32(1 / math.Sqrt(float64(hiddenSize)))
	for l := 0; l < c.layers; l++ {
		in := inputSize
		if l > 0 {
			in = hiddenSize * c.dirs()
		}
		for d := 0; d < c.dirs(); d++ {
			sfx := c.suffix(l, d)
			m.RegisterParameter("weight_ih"+sfx, tensorlib.Uniform(-bound, bound, gates*hiddenSize, in))
			m.RegisterParameter("weight_hh"+sfx, tensorlib.Uniform(-bound, bound, gates*hiddenSize, hiddenSize))
			if c.bias {
				m.RegisterParameter("bias_ih"+sfx, tensorlib.Uniform(-bound, bound, gates*hiddenSize))
				m.RegisterParameter("bias_hh"+sfx, tensorlib.Uniform(-bound, bound, gates*hiddenSize))
			}
		}
	}
	if name == "LSTM" {
		m.Doc = "Applies a multi-layer long short-term memory (LSTM) RNN to an input sequence."
	} else {
		m.Doc = "Applies a multi-layer gated recurrent unit (GRU) RNN to an input sequence."
	}
	m.ExtraRepr = func() string {
		s := fmt.Sprintf("%d, %d", inputSize, hiddenSize)
		if c.layers != 1 {
			s += fmt.Sprintf(", num_layers=%d", c.layers)
		}
		if !c.bias {
			s += ", bias=False"
		}
		if c.batchFirst {
			s += ", batch_first=True"
		}
		if c.dropout != 0 {
			s += ", dropout=" + pyFloat(c.dropout)
		}
		if c.bidirection {
			s += ", bidirectional=True"
		}
		return s
	}
	return m
}

func (c rnnConfig) suffix(layer, dir int) string {
	s := fmt.Sprintf("_l%d", layer)
	if dir == 1 {
		s += "_reverse"
	}
	return s
}

func (c rnnConfig) forward(self *Module, in ...*tensorlib.Tensor) []*tensorlib.Tensor {
	lstm := c.gates == 4
	maxIn := 2
	if lstm {
		maxIn = 3
	}
	if len(in) < 1 || len(in) > maxIn {
		panic(fmt.Sprintf("nnlib: %s: Forward takes the input sequence and up to %d initial states, got %d inputs", c.name, maxIn-1, len(in)))
	}
	x := in[0]
	if x == nil || x.Dim() != 3 || x.Size(2) != c.in {
		panic(fmt.Sprintf("nnlib: %s: input must be 3D with %d features, got %v", c.name, c.in, shapeOf(x)))
	}
	if c.batchFirst {
		x = x.Transpose(0, 1)
	}
	steps, n := x.Size(0), x.Size(1)
	states := c.layers * c.dirs()
	initial := func(i int, what string) func(k int) *tensorlib.Tensor {
		t := optionalInput(in, i)
		if t == nil {
			zero := tensorlib.Zeros(n, c.hidden)
			return func(int) *tensorlib.Tensor { return zero }
		}
		if t.Dim() != 3 || t.Size(0) != states || t.Size(1) != n || t.Size(2) != c.hidden {
			panic(fmt.Sprintf("nnlib: %s: %s of shape %v, want [%d %d %d]", c.name, what, t.Shape(), states, n, c.hidden))
		}
		return func(k int) *tensorlib.Tensor { return t.Select(0, k) }
	}
	h0 := initial(1, "h0")
	var c0 func(int) *tensorlib.Tensor
	if lstm {
		c0 = initial(2, "c0")
	}
	var hn, cn []*tensorlib.Tensor
	for l := 0; l < c.layers; l++ {
		var outs []*tensorlib.Tensor
		for d := 0; d < c.dirs(); d++ {
			k := l*c.dirs() + d
			var cs *tensorlib.Tensor
			if lstm {
				cs = c0(k)
			}
			seq, h, cell := c.direction(self, x, c.suffix(l, d), d == 1, h0(k), cs, steps)
			outs = append(outs, seq)
			hn = append(hn, h)
			cn = append(cn, cell)
		}
		if len(outs) == 1 {
			x = outs[0]
		} else {
			x = tensorlib.Cat(outs, 2)
		}
		if c.dropout > 0 && l < c.layers-1 {
			x = tensorlib.Dropout(x, c.dropout, self.Training())
		}
	}
	if c.batchFirst {
		x = x.Transpose(0, 1)
	}
	res := []*tensorlib.Tensor{x, tensorlib.Stack(hn, 0)}
	if lstm {
		res = append(res, tensorlib.Stack(cn, 0))
	}
	return res
}

// direction runs one layer in one direction over x [L, N, in] and returns
// the output sequence [L, N, H] and the final states.
func (c rnnConfig) direction(self *Module, x *tensorlib.Tensor, sfx string, reverse bool, h, cell *tensorlib.Tensor, steps int) (*tensorlib.Tensor, *tensorlib.Tensor, *tensorlib.Tensor) {
	var bih, bhh *tensorlib.Tensor
	if c.bias {
		bih, bhh = self.Param("bias_ih"+sfx), self.Param("bias_hh"+sfx)
	}
	// As PyTorch's CPU LSTM does, the input projection of every step is
	// one product, unbound into steps, and the gates are chunks: each is
	// one node in the backward pass, not one per step or gate whose
	// gradient, the size of the whole, would be added up one by one.
	gx := tensorlib.Linear(x, self.Param("weight_ih"+sfx), bih).Unbind(0) // L × [N, gates·H]
	whh := self.Param("weight_hh" + sfx)
	hs := make([]*tensorlib.Tensor, steps)
	for s := 0; s < steps; s++ {
		t := s
		if reverse {
			t = steps - 1 - s
		}
		gh := tensorlib.Linear(h, whh, bhh) // [N, gates·H]
		gxt := gx[t]
		if c.gates == 4 {
			g := gxt.Add(gh).Chunk(4, 1)
			i, f := g[0].Sigmoid(), g[1].Sigmoid()
			gg, o := g[2].Tanh(), g[3].Sigmoid()
			cell = f.Mul(cell).Add(i.Mul(gg))
			h = o.Mul(cell.Tanh())
		} else {
			gxs, ghs := gxt.Chunk(3, 1), gh.Chunk(3, 1)
			r := gxs[0].Add(ghs[0]).Sigmoid()
			z := gxs[1].Add(ghs[1]).Sigmoid()
			nn := gxs[2].Add(r.Mul(ghs[2])).Tanh()
			h = nn.Add(z.Mul(h.Sub(nn)))
		}
		hs[t] = h
	}
	return tensorlib.Stack(hs, 0), h, cell
}
