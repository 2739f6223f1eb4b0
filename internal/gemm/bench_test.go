package gemm

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

var benchSizes = []int{128, 512, 1024}

// benchSquare times C = A·B for n×n matrices and reports GFLOP/s.
func benchSquare(b *testing.B, run func(p *problem)) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			p := newProblem(rand.New(rand.NewPCG(1, 1)), false, false, n, n, n, 0, 1, 0)
			run(p)
			b.ResetTimer()
			for range b.N {
				run(p)
			}
			b.ReportMetric(2*float64(n)*float64(n)*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}

func BenchmarkSgemm(b *testing.B) {
	benchSquare(b, func(p *problem) {
		Sgemm(p.transA, p.transB, p.m, p.n, p.k, p.alpha, p.a, p.lda, p.b, p.ldb, p.beta, p.c, p.ldc)
	})
}

// BenchmarkSgemmGonum is the pure-Go reference the kernels are measured
// against.
func BenchmarkSgemmGonum(b *testing.B) {
	benchSquare(b, gonumSgemm)
}

type shape struct {
	name           string
	transA, transB bool
	m, n, k        int
}

// The products inside one sample of the notebook CNN (batch 64; conv
// 1→8 at 28×28 and 8→16 at 14×14 as im2col GEMMs, then Linear 784→10 on
// the whole batch): small and skinny, where packing overhead shows.
var cnnShapes = []shape{
	{"conv1_fwd", false, false, 8, 784, 9},
	{"conv1_dw", false, true, 8, 9, 784},
	{"conv2_fwd", false, false, 16, 196, 72},
	{"conv2_dw", false, true, 16, 72, 196},
	{"conv2_dx", true, false, 72, 196, 16},
	{"linear_fwd", false, true, 64, 10, 784},
	{"linear_dx", false, false, 64, 784, 10},
	{"linear_dw", true, false, 10, 784, 64},
}

// The products of one sample in ResNet-18's 3×3 convolutions at 32×32
// (64 channels at 32×32 up to 512 at 4×4): forward (weights times
// im2col columns), weight gradient (output gradient times columnsᵀ) and
// input gradient (weightsᵀ times output gradient). Each layer does about
// the same flops, so every row counts in the training step.
var resnetShapes = []shape{
	{"l1_fwd", false, false, 64, 1024, 576},
	{"l1_dw", false, true, 64, 576, 1024},
	{"l1_dx", true, false, 576, 1024, 64},
	{"l2_fwd", false, false, 128, 256, 1152},
	{"l2_dw", false, true, 128, 1152, 256},
	{"l2_dx", true, false, 1152, 256, 128},
	{"l3_fwd", false, false, 256, 64, 2304},
	{"l3_dw", false, true, 256, 2304, 64},
	{"l3_dx", true, false, 2304, 64, 256},
	{"l4_fwd", false, false, 512, 16, 4608},
	{"l4_dw", false, true, 512, 4608, 16},
	{"l4_dx", true, false, 4608, 16, 512},
}

func benchShapes(b *testing.B, shapes []shape, run func(p *problem)) {
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			p := newProblem(rand.New(rand.NewPCG(1, 1)), s.transA, s.transB, s.m, s.n, s.k, 0, 1, 0)
			run(p)
			b.ResetTimer()
			for range b.N {
				run(p)
			}
			b.ReportMetric(2*float64(s.m*s.n*s.k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}

func BenchmarkSgemmCNN(b *testing.B) {
	benchShapes(b, cnnShapes, func(p *problem) {
		Sgemm(p.transA, p.transB, p.m, p.n, p.k, p.alpha, p.a, p.lda, p.b, p.ldb, p.beta, p.c, p.ldc)
	})
}

func BenchmarkSgemmResNet(b *testing.B) {
	benchShapes(b, resnetShapes, func(p *problem) {
		Sgemm(p.transA, p.transB, p.m, p.n, p.k, p.alpha, p.a, p.lda, p.b, p.ldb, p.beta, p.c, p.ldc)
	})
}

func BenchmarkSgemmCNNGonum(b *testing.B) {
	benchShapes(b, cnnShapes, gonumSgemm)
}

// BenchmarkSgemmKernel times each micro-kernel this CPU runs, so the AVX2
// path is measured on AVX-512 machines too.
func BenchmarkSgemmKernel(b *testing.B) {
	for i := range kernels {
		kn := &kernels[i]
		b.Run(kn.name, func(b *testing.B) {
			benchSquare(b, func(p *problem) { blocked(kn, p) })
		})
	}
}

// BenchmarkSgemmKernelCNN times each micro-kernel on the CNN's products.
func BenchmarkSgemmKernelCNN(b *testing.B) {
	for i := range kernels {
		kn := &kernels[i]
		b.Run(kn.name, func(b *testing.B) {
			benchShapes(b, cnnShapes, func(p *problem) { blocked(kn, p) })
		})
	}
}
