// Package gemm is the one entry point for float32 matrix multiplication in
// gohooks. Every matrix product in tensorlib goes through Sgemm, so a faster
// kernel changes every op at once.
//
// Sgemm follows BLAS sgemm on row-major storage:
//
//   - op(A) is m×k, op(B) is k×n and C is m×n; lda, ldb and ldc are the row
//     strides of A, B and C as stored (a transposed A is stored k×m).
//   - When beta is 0, C is written without being read, so it may hold NaN or
//     Inf on entry. When alpha is 0 or k is 0, A and B are not read.
//   - Sizes that do not fit the slices panic with a message naming the
//     operand; nothing is written in that case.
//   - Sgemm never allocates once its packing buffers are warm.
//
// Which code runs depends on the build and the CPU:
//
//   - The default build on amd64 with AVX2 and FMA uses blocked, packed
//     micro-kernels written in Go assembly (AVX-512 when the CPU and OS
//     support it), without cgo. A·Bᵀ with a small C (weight gradients,
//     Linear) is done as unpacked dot products instead, a product with
//     few rows and B not transposed (convolutions' forward products) reads
//     B unpacked, and one with few columns reads A unpacked (convolutions
//     late in a network, on small images). Products above a
//     size threshold (about 120³) are split across GOMAXPROCS cores by
//     long-lived worker goroutines; small products run on the calling
//     goroutine only. From about 200³ on, with 256 rows or more, the
//     goroutines pack each panel of B together and share it, each
//     computing a band of rows of C (see shared.go); smaller products are
//     cut into chunks of rows or columns that each goroutine packs for
//     itself. After a product below about 200³ (1100³ with the AVX-512
//     kernels, which finish 512³ in under a millisecond) the workers poll
//     for the next one for parallel.Spin (50 µs), yielding to other
//     goroutines, then park: an idle process uses no CPU.
//   - Other architectures and older amd64 CPUs use gonum's blas32.
//   - The openblas build tag (with cgo and libopenblas-dev installed) routes
//     large products, and small ones with neither operand transposed, to
//     OpenBLAS's cblas_sgemm (through package cblas), which runs its own
//     threads; the rest stay on the micro-kernels, which were faster there
//     (see useOpenBLAS and bench/RESULTS.md).
//
// SgemmPackB takes B from a function that packs its panels (a
// convolution's unfolded input, never stored). PackRows and PackColT8 pack
// slivers of such an image through bit masks of the lanes to read: they
// read no other lane, so a sliver may run past a plane's edge, and they
// only move values, so every code path gives the same bits. They use
// masked loads of the instruction set of the kernels that run (AVX-512 for
// width 32, AVX2 for width 16 and the transposed blocks of 8), Go
// elsewhere.
//
// Backend names the code in use.
//
// A long product stops at the next block boundary when interrupt.Request has
// been called: Sgemm then panics with interrupt.ErrInterrupted on the calling
// goroutine, leaving C partly updated. Worker goroutines never panic; they
// stop and the caller raises the interrupt after joining them. With OpenBLAS
// or gonum the boundary is a band of rows of C worth about 2^30 flops.
package gemm

import "fmt"

// Sgemm computes C = alpha*op(A)*op(B) + beta*C on row-major matrices, where
// op(X) is X or its transpose. op(A) is m×k, op(B) is k×n, C is m×n; lda, ldb
// and ldc are the row strides of A, B and C as stored.
func Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	p := problem{
		transA: transA, transB: transB,
		m: m, n: n, k: k,
		alpha: alpha, a: a, lda: lda, b: b, ldb: ldb,
		beta: beta, c: c, ldc: ldc,
	}
	p.validate()
	if m == 0 || n == 0 {
		return
	}
	if k == 0 || alpha == 0 {
		scaleC(&p)
		return
	}
	sgemm(&p)
}

// problem is one Sgemm call, validated.
type problem struct {
	transA, transB bool
	m, n, k        int
	alpha          float32
	a              []float32
	lda            int
	b              []float32
	ldb            int
	beta           float32
	c              []float32
	ldc            int
	packB          PackB // when set, B is not stored: packB packs its panels
}

func (p *problem) validate() {
	if p.m < 0 || p.n < 0 || p.k < 0 {
		panic(fmt.Sprintf("gemm: Sgemm: negative size (m=%d n=%d k=%d)", p.m, p.n, p.k))
	}
	ar, ac := p.m, p.k
	if p.transA {
		ar, ac = p.k, p.m
	}
	br, bc := p.k, p.n
	if p.transB {
		br, bc = p.n, p.k
	}
	checkOperand("A", p.a, ar, ac, p.lda, p.m > 0 && p.n > 0 && p.k > 0 && p.alpha != 0)
	checkOperand("B", p.b, br, bc, p.ldb, p.m > 0 && p.n > 0 && p.k > 0 && p.alpha != 0)
	checkOperand("C", p.c, p.m, p.n, p.ldc, p.m > 0 && p.n > 0)
}

// checkOperand panics when a rows×cols matrix with row stride ld does not fit
// in x. The stride is always checked, as BLAS does; the length only when the
// operand will be read or written.
func checkOperand(name string, x []float32, rows, cols, ld int, used bool) {
	if ld < max(1, cols) {
		panic(fmt.Sprintf("gemm: Sgemm: ld%s %d is less than the %d columns of %s", lower(name), ld, cols, name))
	}
	if !used || rows == 0 || cols == 0 {
		return
	}
	if need := (rows-1)*ld + cols; len(x) < need {
		panic(fmt.Sprintf("gemm: Sgemm: %s has %d elements, a %d×%d matrix with stride %d needs %d", name, len(x), rows, cols, ld, need))
	}
}

func lower(name string) string {
	return string(rune(name[0]) + 'a' - 'A')
}

// scaleC sets C = beta*C, writing zeros when beta is 0 (even over NaN).
func scaleC(p *problem) {
	for i := 0; i < p.m; i++ {
		row := p.c[i*p.ldc:][:p.n]
		if p.beta == 0 {
			clear(row)
			continue
		}
		if p.beta == 1 {
			continue
		}
		for j := range row {
			row[j] *= p.beta
		}
	}
}
