//go:build gemm_avx2

package gemm

// Built with the gemm_avx2 tag (go test -tags gemm_avx2 ...), the package
// runs its AVX2 kernels where the AVX-512 ones would run, so that the code
// AVX2 machines run (slivers of 16 floats, the AVX2 packers) can be
// measured and tested on an AVX-512 machine. Not for other builds.
func init() {
	for len(kernels) > 0 && kernels[0].nr != 16 {
		kernels = kernels[1:]
	}
}
