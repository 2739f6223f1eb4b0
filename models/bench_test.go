package models_test

import (
	"testing"

	"github.com/gohooks/gohooks/models"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// BenchmarkResNet18TrainStep is one Adam step of a full-width ResNet-18
// with the 32×32 stem on a batch of 32 random images and 10 classes, in
// training mode; bench/torch_bench.py's resnet18_step is the same in
// PyTorch.
func BenchmarkResNet18TrainStep(b *testing.B) {
	b.Run("b32_32x32", func(b *testing.B) {
		tensorlib.ManualSeed(0)
		net := models.ResNet18(models.ResNetConfig{NumClasses: 10, SmallInput: true})
		opt := nnlib.NewAdam(net.Parameters(), 1e-3)
		x := tensorlib.Randn(32, 3, 32, 32)
		y := tensorlib.New(make([]float32, 32), 32)
		step := func() {
			loss := nnlib.CrossEntropyLoss(net.Forward(x), y)
			opt.ZeroGrad()
			loss.Backward()
			opt.Step()
		}
		// The first step also allocates Adam's state and the buffers
		// later steps reuse; torch_bench.py warms up the same way.
		step()
		b.ResetTimer()
		for range b.N {
			step()
		}
	})
}

// BenchmarkGPTBlockStep is one Adam step through one GPT block (width 128,
// 4 heads, 64 tokens, batch 16) with a mean-square loss on its output;
// bench/torch_bench.py's gpt_block_step is the same in PyTorch.
func BenchmarkGPTBlockStep(b *testing.B) {
	b.Run("d128_h4_t64_b16", func(b *testing.B) {
		tensorlib.ManualSeed(0)
		gpt := models.GPT(models.GPTConfig{Vocab: 16, Context: 64, Dim: 128, Heads: 4, Layers: 1})
		block := gpt.GetSubmodule("blocks.0")
		opt := nnlib.NewAdam(block.Parameters(), 1e-3)
		x := tensorlib.Randn(16, 64, 128)
		b.ResetTimer()
		for range b.N {
			out := block.Forward(x)
			loss := out.Mul(out).Mean()
			opt.ZeroGrad()
			loss.Backward()
			opt.Step()
		}
	})
}
