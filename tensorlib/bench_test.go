package tensorlib

import (
	"fmt"
	"testing"
)

func BenchmarkMatMul(b *testing.B) {
	for _, n := range []int{128, 512, 1024} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			x, y := Rand(n, n), Rand(n, n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				x.MatMul(y)
			}
			b.ReportMetric(2*float64(n*n*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}

func BenchmarkReLU(b *testing.B) {
	x := Randn(64, 8, 28, 28)
	b.SetBytes(int64(4 * x.Numel()))
	for i := 0; i < b.N; i++ {
		x.ReLU()
	}
}

// BenchmarkElementwise is one out-of-place operation on a 64×8×28×28
// tensor (401408 elements, the notebook CNN's first activation), with
// nothing requiring grad.
func BenchmarkElementwise(b *testing.B) {
	ManualSeed(1)
	x, y, u := Randn(64, 8, 28, 28), Randn(64, 8, 28, 28), Rand(64, 8, 28, 28)
	for _, c := range []struct {
		name string
		op   func() *Tensor
	}{
		{"relu", x.ReLU},
		{"add", func() *Tensor { return x.Add(y) }},
		{"mul", func() *Tensor { return x.Mul(y) }},
		{"exp", x.Exp},
		{"tanh", x.Tanh},
		{"sigmoid", x.Sigmoid},
		{"gelu", x.GELU},
		{"log", u.Log},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(4 * x.Numel()))
			for b.Loop() {
				c.op()
			}
		})
	}
}

// BenchmarkSoftmax is softmax and log-softmax over the last dimension of a
// 16×4×64×64 tensor (attention scores: batch 16, 4 heads, sequence 64), and
// over the 10 classes of a 64×10 batch of logits.
func BenchmarkSoftmax(b *testing.B) {
	ManualSeed(1)
	att, logits := Randn(16, 4, 64, 64), Randn(64, 10)
	for _, c := range []struct {
		name string
		op   func() *Tensor
	}{
		{"16x4x64x64", func() *Tensor { return att.Softmax(-1) }},
		{"16x4x64x64_log", func() *Tensor { return att.LogSoftmax(-1) }},
		{"64x10_log", func() *Tensor { return logits.LogSoftmax(-1) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				c.op()
			}
		})
	}
}

// BenchmarkSoftmaxInto is BenchmarkSoftmax's rows over the last dimension
// of a 16×4×64×64 tensor written into the same output every time, so that
// the output stays in cache (as PyTorch's caching allocator hands an
// operation the block its previous result freed): the kernels' cost
// without a fresh output's.
func BenchmarkSoftmaxInto(b *testing.B) {
	ManualSeed(1)
	att := Randn(16, 4, 64, 64)
	out := make([]float32, att.Numel())
	for _, log := range []bool{false, true} {
		name := "16x4x64x64"
		if log {
			name += "_log"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				softmaxRows(out, att.data, 16*4*64, 64, log)
			}
		})
	}
}

func BenchmarkAddBroadcast(b *testing.B) {
	x, bias := Randn(64, 8, 28, 28), Randn(8, 1, 1)
	b.SetBytes(int64(4 * x.Numel()))
	for i := 0; i < b.N; i++ {
		x.Add(bias)
	}
}

// BenchmarkSmallCNNForwardBackward is the notebook CNN (conv 1→8, ReLU,
// max pool, conv 8→16, ReLU, max pool, linear 784→10, cross entropy) at
// batch 64, written with tensorlib operations alone.
func BenchmarkSmallCNNForwardBackward(b *testing.B) {
	ManualSeed(1)
	x := Rand(64, 1, 28, 28)
	onehot := Zeros(64, 10)
	for i := 0; i < 64; i++ {
		onehot.data[i*10+i%10] = 1
	}
	w1 := Uniform(-0.3, 0.3, 8, 1, 3, 3).SetRequiresGrad(true)
	b1 := Zeros(8).SetRequiresGrad(true)
	w2 := Uniform(-0.1, 0.1, 16, 8, 3, 3).SetRequiresGrad(true)
	b2 := Zeros(16).SetRequiresGrad(true)
	w3 := Uniform(-0.03, 0.03, 10, 784).SetRequiresGrad(true)
	b3 := Zeros(10).SetRequiresGrad(true)
	pad := ConvOptions{Padding: [2]int{1, 1}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h := MaxPool2d(Conv2d(x, w1, b1, pad).ReLU(), [2]int{2, 2}, PoolOptions{})
		h = MaxPool2d(Conv2d(h, w2, b2, pad).ReLU(), [2]int{2, 2}, PoolOptions{})
		logits := Linear(h.Flatten(1, -1), w3, b3)
		loss := logits.LogSoftmax(1).Mul(onehot).Sum().DivScalar(-64)
		loss.Backward()
		for _, p := range []*Tensor{w1, b1, w2, b2, w3, b3} {
			p.ZeroGrad()
		}
	}
}
