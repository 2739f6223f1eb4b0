package tensorlib

import "testing"

// BenchmarkConvTranspose2d is a decoder's 2× upsampling step at batch 16:
// 32 to 16 channels, 16×16 to 32×32, kernel 4, stride 2, padding 1,
// forward and backward.
func BenchmarkConvTranspose2d(b *testing.B) {
	b.Run("b16_32to16_16x16_fwd_bwd", func(b *testing.B) {
		x := Randn(16, 32, 16, 16).SetRequiresGrad(true)
		w := Randn(32, 16, 4, 4).SetRequiresGrad(true)
		bias := Randn(16).SetRequiresGrad(true)
		opt := ConvTransposeOptions{Stride: [2]int{2, 2}, Padding: [2]int{1, 1}}
		for range b.N {
			ConvTranspose2d(x, w, bias, opt).Sum().Backward()
		}
	})
}
