package gemm

import (
	"runtime"
	"sync"
	"testing"
)

// BenchmarkPeak measures the machine's float32 peak in this process: every
// core (GOMAXPROCS goroutines) runs register-only AVX2 FMAs, no memory
// traffic. GEMM throughput is judged against it.
func BenchmarkPeak(b *testing.B) {
	if !hasPeakLoop() {
		b.Skip("no AVX2 and FMA")
	}
	const rounds = 1 << 20 // about 200 Mflop a call per core, ~1 ms or more
	procs := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	b.ResetTimer()
	for range b.N {
		wg.Add(procs)
		for range procs {
			go func() {
				defer wg.Done()
				runPeakLoop(rounds)
			}()
		}
		wg.Wait()
	}
	flops := float64(procs) * rounds * peakLoopFlops * float64(b.N)
	b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
