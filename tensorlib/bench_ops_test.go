package tensorlib

import (
	"testing"
)

// BenchmarkOps times the resampling, pooling, indexing, shape and batched
// product operations one at a time, with PyTorch's shapes; workloads of
// the same names in bench/torch_bench.py (prefixed op_) time PyTorch's.
// Names ending in _bwd run the forward and the backward with a gradient
// of ones; the others run the forward with nothing requiring grad.
func BenchmarkOps(b *testing.B) {
	ManualSeed(1)
	img := Randn(32, 64, 16, 16)
	act := Randn(64, 8, 28, 28)
	act2 := Randn(64, 8, 28, 28)
	table := Randn(10000, 128)
	idx := Zeros(64, 64)
	for i := range idx.data {
		idx.data[i] = float32((i * 7919) % 10000)
	}
	heads := Randn(16, 4, 64, 64)
	q, k := Randn(64, 64, 64), Randn(64, 64, 64)
	big := Randn(64, 8, 28, 28)

	// bwd runs f on a leaf copy of x that requires grad and back-propagates
	// ones.
	bwd := func(x *Tensor, f func(*Tensor) *Tensor) func() {
		leaf := x.Clone().SetRequiresGrad(true)
		return func() {
			leaf.ZeroGrad()
			y := f(leaf)
			y.BackwardWith(OnesLike(y))
		}
	}
	fwd := func(x *Tensor, f func(*Tensor) *Tensor) func() {
		return func() { f(x) }
	}
	nearest := func(x *Tensor) *Tensor { return UpsampleNearest2d(x, 32, 32, 0, 0) }
	bilinear := func(x *Tensor) *Tensor { return UpsampleBilinear2d(x, 32, 32, false, 0, 0) }
	k3 := PoolOptions{Stride: [2]int{2, 2}, Padding: [2]int{1, 1}}
	maxpool := func(x *Tensor) *Tensor { return MaxPool2d(x, [2]int{3, 3}, k3) }
	avgpool := func(x *Tensor) *Tensor { return AvgPool2d(x, [2]int{3, 3}, k3) }
	adaptive := func(x *Tensor) *Tensor { return AdaptiveAvgPool2d(x, 1, 1) }
	index := func(t *Tensor) *Tensor { return t.Index(idx) }
	cat := func(x *Tensor) *Tensor { return Cat([]*Tensor{x, act2}, 1) }
	stack := func(x *Tensor) *Tensor { return Stack([]*Tensor{x, act2}, 1) }
	transpose := func(x *Tensor) *Tensor { return x.Transpose(1, 3) }
	permute := func(x *Tensor) *Tensor { return x.Permute(0, 2, 1, 3) }
	bmm := func(x *Tensor) *Tensor { return x.MatMul(k) }
	qkT := func(x *Tensor) *Tensor { return x.MatMul(k.Transpose(1, 2)) }
	cases := []struct {
		name string
		run  func()
	}{
		{"upsample_nearest", fwd(img, nearest)},
		{"upsample_nearest_bwd", bwd(img, nearest)},
		{"upsample_bilinear", fwd(img, bilinear)},
		{"upsample_bilinear_bwd", bwd(img, bilinear)},
		{"maxpool_k3s2p1", fwd(img, maxpool)},
		{"maxpool_k3s2p1_bwd", bwd(img, maxpool)},
		{"avgpool_k3s2p1", fwd(img, avgpool)},
		{"avgpool_k3s2p1_bwd", bwd(img, avgpool)},
		{"adaptive_avgpool_1x1", fwd(img, adaptive)},
		{"adaptive_avgpool_1x1_bwd", bwd(img, adaptive)},
		{"index", fwd(table, index)},
		{"index_bwd", bwd(table, index)},
		{"cat", fwd(act, cat)},
		{"cat_bwd", bwd(act, cat)},
		{"stack", fwd(act, stack)},
		{"chunk", func() { act.Chunk(4, 1) }},
		{"narrow", func() { act.Narrow(1, 2, 4) }},
		{"select", func() { act.Select(1, 3) }},
		{"slice", func() { act.Slice(3, 1, 27) }},
		{"transpose13", fwd(big, transpose)},
		{"transpose13_bwd", bwd(big, transpose)},
		{"permute0213", fwd(heads, permute)},
		{"bmm", fwd(q, bmm)},
		{"bmm_bwd", bwd(q, bmm)},
		{"bmm_qkT", fwd(q, qkT)},
		{"dropout", func() { Dropout(act, 0.5, true) }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.run()
			}
		})
	}
}
