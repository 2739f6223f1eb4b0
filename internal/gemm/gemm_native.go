//go:build !openblas || !cgo

package gemm

// Backend reports which code Sgemm runs: the micro-kernel's name ("avx512"
// or "avx2"), or "gonum" where there is none.
func Backend() string {
	if len(kernels) == 0 {
		return "gonum"
	}
	return kernels[0].name
}

// sgemm is the default build's backend: the best micro-kernel this CPU runs,
// or gonum's blas32 when there is none.
func sgemm(p *problem) {
	if len(kernels) == 0 {
		gonumBands(p)
		return
	}
	blocked(&kernels[0], p)
}
