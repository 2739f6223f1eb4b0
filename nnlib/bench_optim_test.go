package nnlib_test

import (
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// BenchmarkOptimizerStep is one Step over parameters of the sizes of a
// 3×3 convolution from 256 to 512 channels, its bias, and a 512→10 linear
// layer (1.2 million values), with gradients in place.
func BenchmarkOptimizerStep(b *testing.B) {
	for _, c := range []struct {
		name string
		make func(ps []*tensorlib.Tensor) interface{ Step() }
	}{
		{"adam", func(ps []*tensorlib.Tensor) interface{ Step() } { return nnlib.NewAdam(ps, 1e-3) }},
		{"adam_weight_decay", func(ps []*tensorlib.Tensor) interface{ Step() } {
			return nnlib.NewAdam(ps, 1e-3, nnlib.WeightDecay(1e-4))
		}},
		{"sgd", func(ps []*tensorlib.Tensor) interface{ Step() } { return nnlib.NewSGD(ps, 1e-2) }},
		{"sgd_momentum", func(ps []*tensorlib.Tensor) interface{ Step() } { return nnlib.NewSGD(ps, 1e-2, nnlib.Momentum(0.9)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			tensorlib.ManualSeed(1)
			ps := []*tensorlib.Tensor{tensorlib.Randn(512, 256, 3, 3), tensorlib.Randn(512), tensorlib.Randn(10, 512)}
			for _, p := range ps {
				p.SetRequiresGrad(true)
				p.Mul(p).Sum().Backward()
			}
			opt := c.make(ps)
			for b.Loop() {
				opt.Step()
			}
		})
	}
}
