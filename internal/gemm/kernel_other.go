//go:build !amd64

package gemm

// cpuKernels reports no kernels: other architectures use gonum's blas32.
func cpuKernels() []kernel { return nil }
