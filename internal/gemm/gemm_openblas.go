//go:build openblas && cgo

package gemm

/*
#cgo CFLAGS: -I/usr/include/openblas
#cgo LDFLAGS: -lopenblas
#include <cblas.h>
*/
import "C"

import "github.com/gohooks/gohooks/internal/interrupt"

// Backend reports which code Sgemm runs: "openblas" in this build.
func Backend() string { return "openblas" }

// openblasChunkFlops bounds the work of one cblas_sgemm call so that an
// interrupt is noticed between calls: a long product is cut into bands of
// rows of C of about this many flops.
const openblasChunkFlops = 1 << 30

// sgemm routes a validated, non-empty problem to OpenBLAS, band by band.
func sgemm(p *problem) {
	ta, tb := C.enum_CBLAS_TRANSPOSE(C.CblasNoTrans), C.enum_CBLAS_TRANSPOSE(C.CblasNoTrans)
	if p.transA {
		ta = C.CblasTrans
	}
	if p.transB {
		tb = C.CblasTrans
	}
	band := max(64, openblasChunkFlops/(2*p.n*p.k))
	for i0 := 0; i0 < p.m; i0 += band {
		interrupt.Check()
		rows := min(band, p.m-i0)
		// Row i of op(A) starts at row i of A, or at column i when A is
		// stored transposed.
		aoff := i0 * p.lda
		if p.transA {
			aoff = i0
		}
		C.cblas_sgemm(C.CblasRowMajor, ta, tb,
			C.blasint(rows), C.blasint(p.n), C.blasint(p.k),
			C.float(p.alpha), (*C.float)(&p.a[aoff]), C.blasint(p.lda),
			(*C.float)(&p.b[0]), C.blasint(p.ldb),
			C.float(p.beta), (*C.float)(&p.c[i0*p.ldc]), C.blasint(p.ldc))
	}
}
