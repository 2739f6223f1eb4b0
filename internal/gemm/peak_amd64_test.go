package gemm

func hasPeakLoop() bool      { return hasAVX2FMA() }
func runPeakLoop(rounds int) { fmaLoopAVX2(rounds) }

const peakLoopFlops = fmaLoopFlops
