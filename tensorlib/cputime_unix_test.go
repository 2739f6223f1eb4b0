//go:build unix

package tensorlib

import (
	"syscall"
	"testing"
	"time"
)

// reportCPUTime starts measuring the process's CPU time (user and system,
// all threads) and returns a function that reports it per op as
// cpu-ns/op. On a machine shared with other work, wall time per op also
// measures the share of the cores the benchmark got; CPU time measures
// the work it did. It counts gemm's workers while they poll for work.
func reportCPUTime(b *testing.B) func() {
	start := processCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
