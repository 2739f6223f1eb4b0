//go:build openblas && cgo

package cblas

/*
#cgo CFLAGS: -I/usr/include/openblas
#cgo LDFLAGS: -lopenblas
#include <cblas.h>
*/
import "C"

// Sgemm is cblas_sgemm on row-major matrices: C = alpha*op(A)*op(B) +
// beta*C, with op(A) m×k and op(B) k×n, A, B and C given by their first
// element and row stride. The caller has checked the sizes.
func Sgemm(transA, transB bool, m, n, k int, alpha float32, a *float32, lda int, b *float32, ldb int, beta float32, c *float32, ldc int) {
	ta, tb := C.enum_CBLAS_TRANSPOSE(C.CblasNoTrans), C.enum_CBLAS_TRANSPOSE(C.CblasNoTrans)
	if transA {
		ta = C.CblasTrans
	}
	if transB {
		tb = C.CblasTrans
	}
	C.cblas_sgemm(C.CblasRowMajor, ta, tb,
		C.blasint(m), C.blasint(n), C.blasint(k),
		C.float(alpha), (*C.float)(a), C.blasint(lda),
		(*C.float)(b), C.blasint(ldb),
		C.float(beta), (*C.float)(c), C.blasint(ldc))
}

// Threads reports how many threads OpenBLAS runs a product on.
func Threads() int { return int(C.openblas_get_num_threads()) }
