package gemm

import (
	"runtime"
	"sync"
	"testing"
)

// BenchmarkPeak measures the machine's float32 peak in this process: every
// core (GOMAXPROCS goroutines) runs register-only FMAs, no memory traffic,
// on the widest vector unit the micro-kernels use on this CPU (AVX-512 when
// they are the AVX-512 kernels, else AVX2; see peakLoop), with enough
// independent chains to keep every FMA pipe busy. GEMM throughput is
// judged against it.
func BenchmarkPeak(b *testing.B) {
	run, per, _ := peakLoop()
	if run == nil {
		b.Skip("no AVX2 and FMA")
	}
	rounds := 200_000_000 / per // about 200 Mflop a call per core, ~1 ms or more
	procs := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	b.ResetTimer()
	for range b.N {
		wg.Add(procs)
		for range procs {
			go func() {
				defer wg.Done()
				run(rounds)
			}()
		}
		wg.Wait()
	}
	flops := float64(procs) * float64(rounds) * float64(per) * float64(b.N)
	b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// The peak loop is the one of the kernels Sgemm runs, and it runs.
func TestPeakLoop(t *testing.T) {
	run, per, name := peakLoop()
	if run == nil {
		if len(kernels) > 0 {
			t.Fatalf("no peak loop, but Sgemm runs the %s kernels", kernels[0].name)
		}
		t.Skip("no peak loop")
	}
	if name != kernels[0].name {
		t.Errorf("peak loop %s, but Sgemm runs the %s kernels", name, kernels[0].name)
	}
	if per <= 0 {
		t.Errorf("%d flops a round", per)
	}
	for _, n := range []int{0, 1, 3} {
		run(n)
	}
}
