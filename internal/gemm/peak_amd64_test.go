package gemm

// peakLoop returns the FMA loop of the widest vector unit the micro-kernels
// use on this CPU (the AVX-512 loop when kernels[0] is an AVX-512 kernel,
// else the AVX2 one), the flops of one of its rounds, and its name; nil
// without AVX2 and FMA.
func peakLoop() (run func(rounds int), flops int, name string) {
	if !hasAVX2FMA() {
		return nil, 0, ""
	}
	if len(kernels) > 0 && kernels[0].name == "avx512" {
		return fmaLoopAVX512, fmaLoopFlopsAVX512, "avx512"
	}
	return fmaLoopAVX2, fmaLoopFlopsAVX2, "avx2"
}
