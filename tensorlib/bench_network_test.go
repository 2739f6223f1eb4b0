package tensorlib

import "testing"

// The convolution workloads of the notebook CNN at batch 64: 1→8 channels
// at 28×28 and 8→16 at 14×14, 3×3 kernels with padding 1.
var convBenchmarks = []struct {
	name               string
	n, cin, cout, size int
}{
	{"b64_1to8_28x28", 64, 1, 8, 28},
	{"b64_8to16_14x14", 64, 8, 16, 14},
}

func BenchmarkConv2dForward(b *testing.B) {
	for _, c := range convBenchmarks {
		b.Run(c.name, func(b *testing.B) {
			ManualSeed(1)
			x := Rand(c.n, c.cin, c.size, c.size)
			w := Uniform(-0.3, 0.3, c.cout, c.cin, 3, 3)
			bias := Zeros(c.cout)
			opt := ConvOptions{Padding: [2]int{1, 1}}
			b.ResetTimer()
			defer reportCPUTime(b)()
			for i := 0; i < b.N; i++ {
				Conv2d(x, w, bias, opt)
			}
		})
	}
}

// BenchmarkConv2dForwardBackward computes the gradients of the input, the
// weight and the bias, as inside a network.
func BenchmarkConv2dForwardBackward(b *testing.B) {
	for _, c := range convBenchmarks {
		b.Run(c.name, func(b *testing.B) {
			ManualSeed(1)
			x := Rand(c.n, c.cin, c.size, c.size).SetRequiresGrad(true)
			w := Uniform(-0.3, 0.3, c.cout, c.cin, 3, 3).SetRequiresGrad(true)
			bias := Zeros(c.cout).SetRequiresGrad(true)
			g := Rand(c.n, c.cout, c.size, c.size)
			opt := ConvOptions{Padding: [2]int{1, 1}}
			b.ResetTimer()
			defer reportCPUTime(b)()
			for i := 0; i < b.N; i++ {
				Conv2d(x, w, bias, opt).BackwardWith(g)
				x.ZeroGrad()
				w.ZeroGrad()
				bias.ZeroGrad()
			}
		})
	}
}

// BenchmarkMaxPool2d is the notebook CNN's 2×2 pooling at batch 64, after
// each convolution: forward alone, and forward with backward.
func BenchmarkMaxPool2d(b *testing.B) {
	for _, c := range []struct {
		name       string
		c, size    int
		isBackward bool
	}{
		{"b64_8x28x28", 8, 28, false},
		{"b64_8x28x28_backward", 8, 28, true},
		{"b64_16x14x14", 16, 14, false},
		{"b64_16x14x14_backward", 16, 14, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			ManualSeed(1)
			x := Rand(64, c.c, c.size, c.size).SetRequiresGrad(c.isBackward)
			g := Rand(64, c.c, c.size/2, c.size/2)
			b.ResetTimer()
			defer reportCPUTime(b)()
			for i := 0; i < b.N; i++ {
				y := MaxPool2d(x, [2]int{2, 2}, PoolOptions{})
				if c.isBackward {
					y.BackwardWith(g)
					x.ZeroGrad()
				}
			}
		})
	}
}

// BenchmarkLinear is the notebook CNN's classifier, 784→10 at batch 64,
// and a wider 512→512 layer.
func BenchmarkLinear(b *testing.B) {
	for _, c := range []struct {
		name         string
		n, in, out   int
		withBackward bool
	}{
		{"b64_784to10", 64, 784, 10, false},
		{"b64_784to10_backward", 64, 784, 10, true},
		{"b64_512to512", 64, 512, 512, false},
		{"b64_512to512_backward", 64, 512, 512, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			ManualSeed(1)
			x := Rand(c.n, c.in).SetRequiresGrad(c.withBackward)
			w := Uniform(-0.05, 0.05, c.out, c.in).SetRequiresGrad(c.withBackward)
			bias := Zeros(c.out).SetRequiresGrad(c.withBackward)
			g := Rand(c.n, c.out)
			b.ResetTimer()
			defer reportCPUTime(b)()
			for i := 0; i < b.N; i++ {
				y := Linear(x, w, bias)
				if c.withBackward {
					y.BackwardWith(g)
					x.ZeroGrad()
					w.ZeroGrad()
					bias.ZeroGrad()
				}
			}
		})
	}
}

func BenchmarkBatchNorm(b *testing.B) {
	b.Run("b64_16x14x14_train_backward", func(b *testing.B) {
		ManualSeed(1)
		x := Rand(64, 16, 14, 14).SetRequiresGrad(true)
		w, bias := Ones(16).SetRequiresGrad(true), Zeros(16).SetRequiresGrad(true)
		rm, rv := Zeros(16), Ones(16)
		g := Rand(64, 16, 14, 14)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			BatchNorm(x, rm, rv, w, bias, true, 0.1, 1e-5).BackwardWith(g)
			x.ZeroGrad()
			w.ZeroGrad()
			bias.ZeroGrad()
		}
	})
}

// The convolutions of ResNet-18 with the 32×32 stem at batch 32 (models'
// BenchmarkResNet18TrainStep): name, channels in and out, input size,
// kernel, stride (padding is 1 for 3×3 kernels, 0 for 1×1), and how many
// times the network runs it.
var resnetConvs = []struct {
	name                  string
	cin, cout, size, k, s int
	times                 int
}{
	{"stem_3to64_32x32", 3, 64, 32, 3, 1, 1},
	{"l1_64to64_32x32", 64, 64, 32, 3, 1, 4},
	{"l2_64to128_s2", 64, 128, 32, 3, 2, 1},
	{"l2_128to128_16x16", 128, 128, 16, 3, 1, 3},
	{"l2_down_1x1_s2", 64, 128, 32, 1, 2, 1},
	{"l3_128to256_s2", 128, 256, 16, 3, 2, 1},
	{"l3_256to256_8x8", 256, 256, 8, 3, 1, 3},
	{"l3_down_1x1_s2", 128, 256, 16, 1, 2, 1},
	{"l4_256to512_s2", 256, 512, 8, 3, 2, 1},
	{"l4_512to512_4x4", 512, 512, 4, 3, 1, 3},
	{"l4_down_1x1_s2", 256, 512, 8, 1, 2, 1},
}

// BenchmarkConv2dResNet18 is each of ResNet-18's convolution shapes at
// batch 32, forward and backward (the input gradient too, except for the
// stem), without bias.
func BenchmarkConv2dResNet18(b *testing.B) {
	for _, c := range resnetConvs {
		b.Run(c.name, func(b *testing.B) {
			ManualSeed(1)
			x := Randn(32, c.cin, c.size, c.size).SetRequiresGrad(c.name[:4] != "stem")
			w := Randn(c.cout, c.cin, c.k, c.k).SetRequiresGrad(true)
			opt := ConvOptions{Stride: [2]int{c.s, c.s}, Padding: [2]int{c.k / 2, c.k / 2}}
			g := Randn(Conv2d(x, w, nil, opt).Shape()...)
			b.ResetTimer()
			defer reportCPUTime(b)()
			for i := 0; i < b.N; i++ {
				Conv2d(x, w, nil, opt).BackwardWith(g)
				x.ZeroGrad()
				w.ZeroGrad()
			}
		})
	}
}
