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

// BenchmarkLayerNormInto is BenchmarkNorm's LayerNorm forward and backward
// (16×64 rows of 128) without the autograd graph, into outputs that are
// reused, so that they stay in cache (as PyTorch's caching allocator hands
// an operation the block its previous result freed): the row kernels
// split over the cores as LayerNorm splits them, and the weight and bias
// gradients' sums over the blocks.
func BenchmarkLayerNormInto(b *testing.B) {
	b.Run("b16_t64_d128", func(b *testing.B) {
		ManualSeed(1)
		const rows, d = 16 * 64, 128
		x, g := Randn(rows, d), Randn(rows, d)
		w, bias := ones(d), make([]float32, d)
		y, dx := make([]float32, rows*d), make([]float32, rows*d)
		mean, rstd := make([]float32, rows), make([]float32, rows)
		for b.Loop() {
			layerNormRows(y, x.data, w, bias, mean, rstd, d, 1e-5)
			pw, pb, blocks := layerNormBackwardRows(dx, g.data, x.data, w, mean, rstd, d)
			blockSums(pw, blocks, d)
			blockSums(pb, blocks, d)
		}
	})
}
