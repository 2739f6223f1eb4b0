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
