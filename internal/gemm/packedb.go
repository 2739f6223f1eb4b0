package gemm

import "fmt"

// PackB writes part of a matrix B that is not stored as one, in the layout
// the micro-kernels read: rows [p0, p0+kb) and columns [j0, j0+nb) of B as
// slivers of width columns. Sliver t (columns j0+t·width onwards) starts at
// dst[t·width·kb] and holds, for each of the kb rows in turn, width values
// of that row; columns past j0+nb are zero. dst is exactly ⌈nb/width⌉·
// width·kb long. A PackB may be called from several goroutines at once,
// for different parts, and must not keep dst.
//
// A convolution's B is the unfolded image (im2col): packing it straight
// from the image saves writing the column matrix and reading it back.
type PackB func(dst []float32, p0, kb, j0, nb, width int)

// SgemmPackB computes C = alpha·A·B + beta·C, where A is m×k (row stride
// lda, not transposed), B is k×n and given by pack, and C is m×n (row
// stride ldc), with Sgemm's rules for beta, sizes and interrupts. It
// splits across cores as Sgemm does; pack is then called concurrently.
func SgemmPackB(m, n, k int, alpha float32, a []float32, lda int, pack PackB, beta float32, c []float32, ldc int) {
	if pack == nil {
		panic("gemm: SgemmPackB: nil PackB")
	}
	p := problem{
		m: m, n: n, k: k,
		alpha: alpha, a: a, lda: lda, ldb: max(1, n),
		beta: beta, c: c, ldc: ldc,
		packB: pack,
	}
	if m < 0 || n < 0 || k < 0 {
		panic(fmt.Sprintf("gemm: SgemmPackB: negative size (m=%d n=%d k=%d)", m, n, k))
	}
	checkOperand("A", p.a, m, k, lda, m > 0 && n > 0 && k > 0 && alpha != 0)
	checkOperand("C", p.c, m, n, ldc, m > 0 && n > 0)
	if m == 0 || n == 0 {
		return
	}
	if k == 0 || alpha == 0 {
		scaleC(&p)
		return
	}
	if len(kernels) == 0 {
		// One sliver as wide as B is B itself, row by row.
		b := make([]float32, k*n)
		pack(b, 0, k, 0, n, n)
		Sgemm(false, false, m, n, k, alpha, a, lda, b, n, beta, c, ldc)
		return
	}
	blocked(&kernels[0], &p)
}

// PackWidth is the sliver width SgemmPackB asks its PackB for on this CPU
// (0 when it packs all of B at once), so that tables for that width can be
// made in advance.
func PackWidth() int {
	if len(kernels) == 0 {
		return 0
	}
	return kernels[0].nr
}
