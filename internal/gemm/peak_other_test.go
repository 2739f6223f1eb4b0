//go:build !amd64

package gemm

// peakLoop reports no loop: there are no micro-kernels to judge.
func peakLoop() (run func(rounds int), flops int, name string) { return nil, 0, "" }
