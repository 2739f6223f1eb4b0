package tensorlib

import "testing"

// BenchmarkNorm is one forward and backward pass of BatchNorm in training
// mode at the shapes of ResNet-18's first and last stages on a batch of 32
// at 32×32, and of LayerNorm at the GPT block's shape.
func BenchmarkNorm(b *testing.B) {
	for _, s := range []struct {
		name  string
		shape []int
	}{{"batchnorm_b32_64x32x32", []int{32, 64, 32, 32}}, {"batchnorm_b32_512x4x4", []int{32, 512, 4, 4}}} {
		b.Run(s.name, func(b *testing.B) {
			ManualSeed(1)
			c := s.shape[1]
			x := Randn(s.shape...).SetRequiresGrad(true)
			w, bias := Ones(c).SetRequiresGrad(true), Zeros(c).SetRequiresGrad(true)
			rm, rv := Zeros(c), Ones(c)
			g := Randn(s.shape...)
			for b.Loop() {
				BatchNorm(x, rm, rv, w, bias, true, 0.1, 1e-5).BackwardWith(g)
				x.ZeroGrad()
				w.ZeroGrad()
				bias.ZeroGrad()
			}
		})
	}
	b.Run("layernorm_b16_t64_d128", func(b *testing.B) {
		ManualSeed(1)
		x := Randn(16, 64, 128).SetRequiresGrad(true)
		w, bias := Ones(128).SetRequiresGrad(true), Zeros(128).SetRequiresGrad(true)
		g := Randn(16, 64, 128)
		for b.Loop() {
			LayerNorm(x, []int{128}, w, bias, 1e-5).BackwardWith(g)
			x.ZeroGrad()
			w.ZeroGrad()
			bias.ZeroGrad()
		}
	})
}
