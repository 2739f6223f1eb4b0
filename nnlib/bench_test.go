package nnlib_test

import (
	"testing"

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
