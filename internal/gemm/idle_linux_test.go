package gemm

import (
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the process has used, all threads together.
func processCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Workers poll for the next product for a bounded time only: once the
// products stop, the process goes back to using no CPU.
func TestWorkersStopPollingWhenIdle(t *testing.T) {
	if len(kernels) == 0 || runtime.GOMAXPROCS(0) < 2 {
		t.Skip("no micro-kernel or one core")
	}
	// Short enough for the workers to poll after it, long enough to split.
	p := newProblem(rand.New(rand.NewPCG(9, 10)), false, false, 150, 150, 150, 0, 1, 0)
	if parts, _ := split(&kernels[0], p); parts < 2 || 2*150*150*150 >= kernels[0].pollFlops {
		t.Fatalf("150³ split into %d parts (pollFlops %g), the test needs a parallel product after which workers poll", parts, kernels[0].pollFlops)
	}
	for range 20 {
		blocked(&kernels[0], p)
	}
	time.Sleep(100 * spinTime)
	before := processCPU(t)
	const idle = 200 * time.Millisecond
	time.Sleep(idle)
	// A worker still polling would use the whole interval.
	if used := processCPU(t) - before; used > idle/4 {
		t.Errorf("the process used %v of CPU in %v without products", used, idle)
	}
}
