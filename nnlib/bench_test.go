package nnlib_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// BenchmarkTrainStep is one Adam step of the notebook CNN on a batch of 64
// Fashion-MNIST images: forward, cross-entropy, backward, update.
func BenchmarkTrainStep(b *testing.B) {
	setups := []struct {
		name  string
		hooks func(net *nnlib.Module)
	}{
		{"b64_no_hooks", func(*nnlib.Module) {}},
		{"b64_forward_hook_every_module", func(net *nnlib.Module) {
			for _, m := range net.Modules() {
				m.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
					return nil
				})
			}
		}},
		{"b64_full_backward_hook_every_module", func(net *nnlib.Module) {
			for _, m := range net.Modules() {
				m.RegisterFullBackwardHook(func(m *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
					return nil
				})
			}
		}},
	}
	x, y := nnlib.FashionMNIST().Batch(0, 64)
	for _, s := range setups {
		b.Run(s.name, func(b *testing.B) {
			tensorlib.ManualSeed(1)
			net := notebookCNN()
			s.hooks(net)
			opt := nnlib.NewAdam(net.Parameters(), 1e-3)
			for b.Loop() {
				loss := nnlib.CrossEntropyLoss(net.Forward(x), y)
				opt.ZeroGrad()
				loss.Backward()
				opt.Step()
			}
		})
	}
}

// BenchmarkTrainStepBatch is BenchmarkTrainStep without hooks at batch
// sizes 1, 8, 64 and 256 (the Fashion-MNIST sample holds 1000 images).
func BenchmarkTrainStepBatch(b *testing.B) {
	for _, n := range []int{1, 8, 64, 256} {
		b.Run(fmt.Sprintf("b%d", n), func(b *testing.B) {
			x, y := nnlib.FashionMNIST().Batch(0, n)
			tensorlib.ManualSeed(1)
			net := notebookCNN()
			opt := nnlib.NewAdam(net.Parameters(), 1e-3)
			for b.Loop() {
				loss := nnlib.CrossEntropyLoss(net.Forward(x), y)
				opt.ZeroGrad()
				loss.Backward()
				opt.Step()
			}
		})
	}
}

// BenchmarkHookDispatch measures what Forward adds around a module whose
// forward does nothing: per call, with no hooks, with one forward pre-hook
// and one forward hook, and with a full backward hook (which wraps the
// input and output in identity nodes; the backward pass is not included).
func BenchmarkHookDispatch(b *testing.B) {
	x := tensorlib.Tensor1(1).SetRequiresGrad(true)
	newModule := func() *nnlib.Module {
		return nnlib.NewModule("Noop", func(self *nnlib.Module, in ...*tensorlib.Tensor) *tensorlib.Tensor { return in[0] })
	}
	b.Run("no_hooks", func(b *testing.B) {
		m := newModule()
		for b.Loop() {
			m.Forward(x)
		}
	})
	b.Run("forward_pre_and_forward_hook", func(b *testing.B) {
		m := newModule()
		m.RegisterForwardPreHook(func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil })
		m.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { return nil })
		for b.Loop() {
			m.Forward(x)
		}
	})
	b.Run("full_backward_hook_forward_only", func(b *testing.B) {
		m := newModule()
		m.RegisterFullBackwardHook(func(*nnlib.Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil })
		for b.Loop() {
			m.Forward(x)
		}
	})
	b.Run("full_backward_hook_forward_and_backward", func(b *testing.B) {
		m := newModule()
		m.RegisterFullBackwardHook(func(*nnlib.Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil })
		for b.Loop() {
			m.Forward(x).Backward()
		}
	})
}

// BenchmarkForwardHookOverhead measures what a forward hook on every
// module adds to the training step, with less noise than comparing two
// BenchmarkTrainStep runs: two identical networks, one with the hooks,
// take steps in turn in one process, so that load from other processes and
// the garbage collector's state hit both alike. It reports each network's
// median time per step and the overhead in percent between the medians
// (a median shrugs off the steps that a collection or a preemption hit);
// b.N counts pairs of steps.
func BenchmarkForwardHookOverhead(b *testing.B) {
	x, y := nnlib.FashionMNIST().Batch(0, 64)
	type side struct {
		net   *nnlib.Module
		opt   *nnlib.Adam
		times []time.Duration
	}
	var sides [2]side
	for i := range sides {
		tensorlib.ManualSeed(1)
		net := notebookCNN()
		if i == 1 {
			for _, m := range net.Modules() {
				m.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { return nil })
			}
		}
		sides[i] = side{net: net, opt: nnlib.NewAdam(net.Parameters(), 1e-3)}
	}
	step := func(s *side) {
		start := time.Now()
		loss := nnlib.CrossEntropyLoss(s.net.Forward(x), y)
		s.opt.ZeroGrad()
		loss.Backward()
		s.opt.Step()
		s.times = append(s.times, time.Since(start))
	}
	n := 0
	for b.Loop() {
		// Alternate which side goes first, so neither always follows
		// the other's garbage.
		first := n % 2
		step(&sides[first])
		step(&sides[1-first])
		n++
	}
	median := func(d []time.Duration) float64 {
		d = slices.Clone(d)
		slices.Sort(d)
		return float64(d[len(d)/2])
	}
	without, with := median(sides[0].times), median(sides[1].times)
	b.ReportMetric(without, "ns/step")
	b.ReportMetric(with, "ns/hooked-step")
	b.ReportMetric(100*(with/without-1), "%overhead")
}

// BenchmarkLayers is one forward and backward pass of layers the
// transformer and recurrent models use, against a fixed output gradient:
// LayerNorm over d=128 of a batch of 16 sequences of 64 (the GPT block's
// shape), and an LSTM with 128 inputs and 128 hidden units over 16 steps
// of a batch of 32 (bench/torch_bench.py's layer_norm and lstm).
func BenchmarkLayers(b *testing.B) {
	b.Run("layernorm_b16_t64_d128", func(b *testing.B) {
		tensorlib.ManualSeed(1)
		ln := nnlib.LayerNorm(128)
		x := tensorlib.Randn(16, 64, 128).SetRequiresGrad(true)
		g := tensorlib.Randn(16, 64, 128)
		for b.Loop() {
			ln.Forward(x).BackwardWith(g)
			x.ZeroGrad()
			ln.ZeroGrad()
		}
	})
	b.Run("lstm_l16_b32_h128", func(b *testing.B) {
		tensorlib.ManualSeed(1)
		lstm := nnlib.LSTM(128, 128)
		x := tensorlib.Randn(16, 32, 128).SetRequiresGrad(true)
		g := tensorlib.Randn(16, 32, 128)
		for b.Loop() {
			lstm.Forward(x).BackwardWith(g)
			x.ZeroGrad()
			lstm.ZeroGrad()
		}
	})
	// torch_bench.py's op_embedding_bwd: a 10000×128 table, 64×64 indices.
	b.Run("embedding_10000x128_i64x64", func(b *testing.B) {
		tensorlib.ManualSeed(1)
		emb := nnlib.Embedding(10000, 128)
		idx := tensorlib.Zeros(64, 64)
		d := make([]float32, 64*64)
		for i := range d {
			d[i] = float32((i * 7919) % 10000)
		}
		idx.CopyFrom(tensorlib.New(d, 64, 64))
		g := tensorlib.Ones(64, 64, 128)
		for b.Loop() {
			emb.Forward(idx).BackwardWith(g)
			emb.ZeroGrad()
		}
	})
}
