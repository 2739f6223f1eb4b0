//go:build !amd64

package gemm

func hasPeakLoop() bool { return false }
func runPeakLoop(int)   {}

const peakLoopFlops = 0
