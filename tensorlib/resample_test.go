package tensorlib

import "testing"

// TestResamplingMatchesTorch compares adaptive average pooling and nearest
// and bilinear upsampling, forward and backward, with PyTorch's values
// (testdata/gen_network_torch.py's resample_* cases): output sizes that do
// not divide the input, shrinking and growing, aligned corners and scale
// factors (PyTorch's interpolate takes the factor; these functions take
// its inverse).
func TestResamplingMatchesTorch(t *testing.T) {
	cases := []struct {
		name   string
		xs     []int
		gradFn string
		fn     func(*Tensor) *Tensor
	}{
		{"adaptive_7x5_to_3x2", []int{2, 3, 7, 5}, "AdaptiveAvgPool2DBackward0", func(x *Tensor) *Tensor { return AdaptiveAvgPool2d(x, 3, 2) }},
		{"adaptive_5x7_to_4x3", []int{1, 2, 5, 7}, "AdaptiveAvgPool2DBackward0", func(x *Tensor) *Tensor { return AdaptiveAvgPool2d(x, 4, 3) }},
		{"adaptive_3x3_to_5x4", []int{1, 2, 3, 3}, "AdaptiveAvgPool2DBackward0", func(x *Tensor) *Tensor { return AdaptiveAvgPool2d(x, 5, 4) }},
		{"adaptive_9x6_to_1x1", []int{2, 3, 9, 6}, "AdaptiveAvgPool2DBackward0", func(x *Tensor) *Tensor { return AdaptiveAvgPool2d(x, 1, 1) }},
		{"nearest_3x4_to_7x5", []int{1, 2, 3, 4}, "UpsampleNearest2DBackward0", func(x *Tensor) *Tensor { return UpsampleNearest2d(x, 7, 5, 0, 0) }},
		{"nearest_5x7_to_3x4", []int{2, 2, 5, 7}, "UpsampleNearest2DBackward0", func(x *Tensor) *Tensor { return UpsampleNearest2d(x, 3, 4, 0, 0) }},
		{"nearest_scale_2", []int{2, 3, 4, 5}, "UpsampleNearest2DBackward0", func(x *Tensor) *Tensor { return UpsampleNearest2d(x, 8, 10, 0.5, 0.5) }},
		{"nearest_scale_1_7", []int{1, 2, 3, 4}, "UpsampleNearest2DBackward0", func(x *Tensor) *Tensor { return UpsampleNearest2d(x, 5, 6, 1/1.7, 1/1.7) }},
		{"bilinear_3x4_to_7x5", []int{1, 2, 3, 4}, "UpsampleBilinear2DBackward0", func(x *Tensor) *Tensor { return UpsampleBilinear2d(x, 7, 5, false, 0, 0) }},
		{"bilinear_6x5_to_4x3", []int{2, 2, 6, 5}, "UpsampleBilinear2DBackward0", func(x *Tensor) *Tensor { return UpsampleBilinear2d(x, 4, 3, false, 0, 0) }},
		{"bilinear_align_3x4_to_7x5", []int{1, 2, 3, 4}, "UpsampleBilinear2DBackward0", func(x *Tensor) *Tensor { return UpsampleBilinear2d(x, 7, 5, true, 0, 0) }},
		{"bilinear_align_5x5_to_1x2", []int{1, 2, 5, 5}, "UpsampleBilinear2DBackward0", func(x *Tensor) *Tensor { return UpsampleBilinear2d(x, 1, 2, true, 0, 0) }},
		{"bilinear_scale_1_7", []int{1, 2, 3, 4}, "UpsampleBilinear2DBackward0", func(x *Tensor) *Tensor { return UpsampleBilinear2d(x, 5, 6, false, 1/1.7, 1/1.7) }},
		{"bilinear_8x8_to_16x16", []int{1, 2, 8, 8}, "UpsampleBilinear2DBackward0", func(x *Tensor) *Tensor { return UpsampleBilinear2d(x, 16, 16, false, 0, 0) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref := netRef(t, "resample_"+c.name)
			x := netWave(0.4, 1, 0, c.xs...).SetRequiresGrad(true)
			y := c.fn(x)
			netShape(t, "y", y, ref.Shape)
			netGradFn(t, y, c.gradFn)
			netClose(t, "y", y, ref.Y)
			y.BackwardWith(netOutGrad(y))
			netClose(t, "x.grad", x.Grad(), ref.Gx)
		})
	}
}

// TestCopiesAndBatchedProductsMatchTorch compares Permute, Transpose, Cat,
// Index, Embedding (with a padding row) and batched MatMul (broadcast batches, and q·kᵀ through
// Transpose), forward and backward, with PyTorch's values
// (testdata/gen_network_torch.py's copy_* and matmul_* cases). Gx is the
// first input's gradient, Gw the second's.
func TestCopiesAndBatchedProductsMatchTorch(t *testing.T) {
	two := func(as, bs []int, f func(a, b *Tensor) *Tensor) func() (*Tensor, *Tensor, *Tensor) {
		return func() (*Tensor, *Tensor, *Tensor) {
			a := netWave(0.1, 1, 0, as...).SetRequiresGrad(true)
			b := netWave(0.2, 1, 0, bs...).SetRequiresGrad(true)
			return f(a, b), a, b
		}
	}
	one := func(xs []int, f func(x *Tensor) *Tensor) func() (*Tensor, *Tensor, *Tensor) {
		return func() (*Tensor, *Tensor, *Tensor) {
			x := netWave(0.1, 1, 0, xs...).SetRequiresGrad(true)
			return f(x), x, nil
		}
	}
	cases := []struct {
		name string
		run  func() (y, a, b *Tensor)
	}{
		{"copy_permute", one([]int{2, 3, 4, 5}, func(x *Tensor) *Tensor { return x.Permute(0, 3, 1, 2) })},
		{"copy_transpose", one([]int{3, 17, 19}, func(x *Tensor) *Tensor { return x.Transpose(1, 2) })},
		{"copy_index", one([]int{7, 3}, func(x *Tensor) *Tensor {
			return x.Index(New([]float32{2, 0, 6, 2, 2, -1}, 2, 3))
		})},
		{"copy_embedding", one([]int{10, 4}, func(x *Tensor) *Tensor {
			return Embedding(x, New([]float32{1, 2, 3, 9, 4, 1, 9, 9}, 2, 4), 1)
		})},
		{"copy_cat", two([]int{2, 3, 4}, []int{2, 5, 4}, func(a, b *Tensor) *Tensor { return Cat([]*Tensor{a, b}, 1) })},
		{"matmul_batched", two([]int{6, 4, 5}, []int{6, 5, 3}, (*Tensor).MatMul)},
		{"matmul_broadcast", two([]int{2, 3, 4, 5}, []int{5, 3}, (*Tensor).MatMul)},
		{"matmul_broadcast_batch", two([]int{2, 1, 4, 5}, []int{3, 5, 2}, (*Tensor).MatMul)},
		{"matmul_stack_by_vector", two([]int{2, 3, 4}, []int{4}, (*Tensor).MatMul)},
		{"matmul_q_kT", two([]int{8, 9, 7}, []int{8, 10, 7}, func(a, b *Tensor) *Tensor { return a.MatMul(b.Transpose(1, 2)) })},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref := netRef(t, c.name)
			y, a, b := c.run()
			netShape(t, "y", y, ref.Shape)
			netClose(t, "y", y, ref.Y)
			y.BackwardWith(netOutGrad(y))
			netClose(t, "a.grad", a.Grad(), ref.Gx)
			if b != nil {
				netClose(t, "b.grad", b.Grad(), ref.Gw)
			}
		})
	}
}

func TestEmbeddingRejectsBadInput(t *testing.T) {
	w := Zeros(5, 3)
	netPanics(t, "tensorlib: Embedding: weight of shape [15] is not a [num dim] table", func() { Embedding(Zeros(15), Zeros(2), -1) })
	netPanics(t, "tensorlib: Embedding: index 5 out of range for 5 embeddings", func() { Embedding(w, Tensor1(0, 5), -1) })
	netPanics(t, "tensorlib: Embedding: index -1 out of range for 5 embeddings", func() { Embedding(w, Tensor1(-1), -1) })
	netPanics(t, "tensorlib: Embedding: index 1.5 out of range for 5 embeddings", func() { Embedding(w, Tensor1(1.5), -1) })
	netPanics(t, "tensorlib: Embedding: padding index 5 out of range for 5 embeddings", func() { Embedding(w, Tensor1(0), 5) })
}
