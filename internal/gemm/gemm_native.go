//go:build !openblas || !cgo

package gemm

// sgemm is the default build's backend: the best micro-kernel this CPU runs,
// or gonum's blas32 when there is none.
func sgemm(p *problem) {
	if len(kernels) == 0 {
		gonumSgemm(p)
		return
	}
	blocked(&kernels[0], p)
}
