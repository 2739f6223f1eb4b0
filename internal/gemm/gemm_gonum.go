package gemm

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// gonumSgemm runs a validated problem through gonum's pure-Go blas32. It is
// the fallback where no micro-kernel runs and the reference the benchmarks
// compare against.
func gonumSgemm(p *problem) {
	ta, tb := blas.NoTrans, blas.NoTrans
	ar, ac := p.m, p.k
	if p.transA {
		ta, ar, ac = blas.Trans, p.k, p.m
	}
	br, bc := p.k, p.n
	if p.transB {
		tb, br, bc = blas.Trans, p.n, p.k
	}
	blas32.Gemm(ta, tb, p.alpha,
		blas32.General{Rows: ar, Cols: ac, Stride: p.lda, Data: p.a},
		blas32.General{Rows: br, Cols: bc, Stride: p.ldb, Data: p.b},
		p.beta,
		blas32.General{Rows: p.m, Cols: p.n, Stride: p.ldc, Data: p.c})
}
