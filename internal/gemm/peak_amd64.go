//go:build amd64

package gemm

// fmaLoopAVX2 is in peak_amd64.s: n rounds of fmaLoopFlops flops of
// register-only FMAs. It needs AVX2 and FMA (see hasFMA).
//
//go:noescape
func fmaLoopAVX2(n int)

// fmaLoopFlops is the work of one round of fmaLoopAVX2.
const fmaLoopFlops = 12 * 8 * 2
