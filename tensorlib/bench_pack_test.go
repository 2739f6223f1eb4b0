package tensorlib

import (
	"fmt"
	"testing"
)

// The packers of the convolutions that pack their products straight from
// the input, alone: one panel of blockK rows by up to 3072 columns (gemm's
// panel), at the sliver widths of the AVX2 (16) and AVX-512 (32) kernels,
// whatever kernels this CPU runs. name, input [n, c, h, w], 3×3 kernels
// with padding 1, stride s.
type packBenchmark struct {
	name          string
	n, c, h, w, s int
}

var packBenchmarks = []packBenchmark{
	{"cnn_1_28x28", 64, 1, 28, 28, 1},        // the notebook CNN's first layer (p = 784)
	{"cnn_8_14x14", 64, 8, 14, 14, 1},        // its second (p = 196)
	{"cnn_grad_16_14x14", 64, 16, 14, 14, 1}, // the second's input gradient
	{"resnet_64_32x32", 4, 64, 32, 32, 1},
	{"resnet_128_16x16", 8, 128, 16, 16, 1},
	{"resnet_256_8x8", 32, 256, 8, 8, 1},
	{"resnet_512_4x4", 32, 512, 4, 4, 1},
	{"resnet_128_s2", 8, 128, 16, 16, 2},
}

// geometry returns the case's convolution and the input its packers read
// (the phase planes for stride 2).
func (c packBenchmark) geometry() (convGeom, []float32) {
	x := netWave(0.1, 1, 0, c.n, c.c, c.h, c.w)
	g := convGeometry(x, Zeros(4, c.c, 3, 3), nil, ConvOptions{Stride: [2]int{c.s, c.s}, Padding: [2]int{1, 1}})
	if g.phased() {
		return g, phaseSplit(&g, x.data)
	}
	return g, x.data
}

func BenchmarkImagePacker(b *testing.B) {
	for _, c := range packBenchmarks {
		g, src := c.geometry()
		kb, nb := min(256, g.k+1), min(3072, g.n*g.p)
		for _, width := range []int{16, 32} {
			b.Run(fmt.Sprintf("%s/w%d", c.name, width), func(b *testing.B) {
				pk := imagePacker{g: &g, x: src, ones: true}
				dst := make([]float32, (nb+width-1)/width*width*kb)
				b.SetBytes(int64(4 * kb * nb))
				defer reportCPUTime(b)()
				for i := 0; i < b.N; i++ {
					pk.pack(dst, 0, kb, 0, nb, width)
				}
			})
		}
	}
}

func BenchmarkColTPacker(b *testing.B) {
	for _, c := range packBenchmarks {
		g, src := c.geometry()
		// B is the column matrix transposed: its rows are positions.
		kb, nb := min(256, g.n*g.p), min(3072, g.k)
		for _, width := range []int{16, 32} {
			b.Run(fmt.Sprintf("%s/w%d", c.name, width), func(b *testing.B) {
				pk := benchColTPacker(&g, src)
				dst := make([]float32, (nb+width-1)/width*width*kb)
				b.SetBytes(int64(4 * kb * nb))
				defer reportCPUTime(b)()
				for i := 0; i < b.N; i++ {
					pk.pack(dst, 0, kb, 0, nb, width)
				}
			})
		}
	}
}

// benchColTPacker returns the weight gradient's packer of x's first
// samples, as backwardBlock makes it.
func benchColTPacker(g *convGeom, x []float32) colTPacker {
	return colTPacker{g: g, x: x, lanes: g.laneTables()}
}
