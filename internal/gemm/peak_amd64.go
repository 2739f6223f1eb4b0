//go:build amd64

package gemm

// The FMA loops are in peak_amd64.s: n rounds of register-only fused
// multiply-adds, fmaLoopFlopsAVX2 or fmaLoopFlopsAVX512 flops a round.
// fmaLoopAVX2 needs AVX2 and FMA (see hasAVX2FMA), fmaLoopAVX512 the
// AVX-512 kernels (see cpuKernels). They measure the peak that GEMM is
// judged against (see peakLoop in the tests).

//go:noescape
func fmaLoopAVX2(n int)

//go:noescape
func fmaLoopAVX512(n int)

// fmaLoopFlopsAVX2 and fmaLoopFlopsAVX512 are the work of one round of
// fmaLoopAVX2 (12 chains of 8 lanes) and fmaLoopAVX512 (16 chains of 16
// lanes).
const (
	fmaLoopFlopsAVX2   = 12 * 8 * 2
	fmaLoopFlopsAVX512 = 16 * 16 * 2
)
