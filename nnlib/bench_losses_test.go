package nnlib_test

import (
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// BenchmarkCrossEntropy is the notebook CNN's loss, forward and backward:
// logits of a batch of 64 over 10 classes (bench/torch_bench.py's
// cross_entropy).
func BenchmarkCrossEntropy(b *testing.B) {
	b.Run("b64_c10", func(b *testing.B) {
		tensorlib.ManualSeed(1)
		x := tensorlib.Randn(64, 10).SetRequiresGrad(true)
		target := make([]float32, 64)
		for i := range target {
			target[i] = float32((7*i + 3) % 10)
		}
		y := tensorlib.New(target, 64)
		for b.Loop() {
			nnlib.CrossEntropyLoss(x, y).Backward()
			x.ZeroGrad()
		}
	})
}
