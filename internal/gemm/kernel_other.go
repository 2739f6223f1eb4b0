//go:build !amd64 || (openblas && cgo)

package gemm

// cpuKernels reports no kernels: other architectures use gonum's blas32, and
// the openblas build (where cgo rules out Go assembly) uses OpenBLAS.
func cpuKernels() []kernel { return nil }
