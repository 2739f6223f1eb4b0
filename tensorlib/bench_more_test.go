package tensorlib

import "testing"

// BenchmarkMoreOps times element-wise operations beyond
// BenchmarkElementwise's, broadcasting, softmax along a dimension other
// than the last, and reductions along rows and columns, with PyTorch's
// shapes; bench/torch_bench.py's more_op workloads (prefixed mop_) time
// PyTorch's. Names ending in _bwd run the forward and the backward with a
// gradient of ones; the others run the forward with nothing requiring
// grad.
func BenchmarkMoreOps(b *testing.B) {
	ManualSeed(1)
	act := Randn(64, 8, 28, 28)
	bias := Randn(8, 1, 1)
	heads := Randn(16, 4, 64, 64)
	rows := Randn(512, 784)
	softmax1 := heads.Clone().SetRequiresGrad(true)
	cases := []struct {
		name string
		run  func()
	}{
		{"silu", func() { act.SiLU() }},
		{"clamp", func() { act.Clamp(-0.5, 0.5) }},
		{"add_bias", func() { act.Add(bias) }},
		{"softmax_dim1_bwd", func() {
			softmax1.ZeroGrad()
			y := softmax1.Softmax(1)
			y.BackwardWith(OnesLike(y))
		}},
		{"amax_rows", func() { rows.Max(1) }},
		{"var_rows", func() { rows.Var(1) }},
		{"mean_dim0", func() { rows.Mean(0) }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.run()
			}
		})
	}
}
