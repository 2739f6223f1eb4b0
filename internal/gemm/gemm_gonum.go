package gemm

import (
	"github.com/gohooks/gohooks/internal/interrupt"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// bandFlops bounds the work of one call into an outside library (gonum,
// OpenBLAS), which cannot be stopped: a long product is cut into bands of
// rows of C of about this many flops, and an interrupt is noticed between
// bands.
const bandFlops = 1 << 30

// bandRows is the number of rows of C in one band of p (see bandFlops).
func bandRows(p *problem) int {
	return max(64, bandFlops/(2*p.n*p.k))
}

// rows returns the part of p that computes rows [i0, i0+n) of C.
func (p *problem) rows(i0, n int) problem {
	q := *p
	q.m = n
	// Row i of op(A) starts at row i of A, or at column i when A is stored
	// transposed.
	if p.transA {
		q.a = p.a[i0:]
	} else {
		q.a = p.a[i0*p.lda:]
	}
	q.c = p.c[i0*p.ldc:]
	return q
}

// gonumBands runs p through gonum band by band, checking for an interrupt
// before each.
func gonumBands(p *problem) {
	band := bandRows(p)
	for i0 := 0; i0 < p.m; i0 += band {
		interrupt.Check()
		q := p.rows(i0, min(band, p.m-i0))
		gonumSgemm(&q)
	}
}

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
