package parallel

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gohooks/gohooks/internal/vmath"
)

func TestForRunsEveryItemOnceWithDistinctWorkers(t *testing.T) {
	for _, c := range []struct{ n, workers int }{{0, 2}, {1, 2}, {7, 1}, {100, 2}, {1000, 4}, {3, 8}} {
		counts := make([]atomic.Int32, c.n)
		var busy [64]atomic.Int32
		var bad atomic.Bool
		For(c.n, c.workers, func(wk, i int) {
			if wk < 0 || wk >= max(c.workers, 1) || busy[wk].Add(1) != 1 {
				bad.Store(true)
			}
			counts[i].Add(1)
			busy[wk].Add(-1)
		})
		if bad.Load() {
			t.Errorf("n=%d workers=%d: a worker number out of range or used by two goroutines at once", c.n, c.workers)
		}
		for i := range counts {
			if got := counts[i].Load(); got != 1 {
				t.Errorf("n=%d workers=%d: item %d ran %d times", c.n, c.workers, i, got)
			}
		}
	}
}

// resetBackoff ends a backoff an earlier test may have started.
func resetBackoff() {
	pool.serialUntil.Store(0)
	pool.weak.Store(0)
}

func TestForUsesAnotherGoroutine(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs GOMAXPROCS ≥ 2")
	}
	resetBackoff()
	requireHelper(t)
}

// requireHelper runs a loop whose item 0 waits until another goroutine has
// run an item: For must not run all items on the caller.
func requireHelper(t *testing.T) {
	t.Helper()
	other := make(chan struct{})
	var once sync.Once
	For(2, 2, func(wk, i int) {
		if wk != 0 {
			once.Do(func() { close(other) })
			return
		}
		select {
		case <-other:
		case <-time.After(10 * time.Second):
			t.Error("no helper joined within 10 s")
		}
	})
}

// A helper that keeps the caller waiting (as one whose core another
// process holds does) makes loops run on the caller alone for a while.
func TestForBacksOffWhenHelpersStall(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs GOMAXPROCS ≥ 2")
	}
	resetBackoff()
	for range weakLimit {
		For(8, 2, func(wk, i int) {
			if wk != 0 {
				time.Sleep(20 * Spin)
			}
		})
	}
	var helped atomic.Int32
	For(100, 2, func(wk, i int) {
		if wk != 0 {
			helped.Add(1)
		}
		time.Sleep(time.Microsecond)
	})
	if n := helped.Load(); n != 0 {
		t.Errorf("helpers ran %d items right after %d stalled loops", n, weakLimit)
	}
	time.Sleep(2 * backoff)
	requireHelper(t)
}

func TestForRaisesAWorkersPanicOnTheCaller(t *testing.T) {
	boom := errors.New("boom")
	var after atomic.Int32
	func() {
		defer func() {
			if r := recover(); r != boom {
				t.Errorf("recovered %v, want boom", r)
			}
		}()
		For(1000, 2, func(wk, i int) {
			if i == 10 {
				panic(boom)
			}
			if i > 500 {
				after.Add(1)
			}
			time.Sleep(time.Microsecond)
		})
	}()
	if n := after.Load(); n > 10 {
		t.Errorf("%d items after 500 ran after the panic at item 10", n)
	}
	// The helpers still work afterwards.
	var sum atomic.Int64
	For(100, 2, func(_, i int) { sum.Add(int64(i)) })
	if sum.Load() != 4950 {
		t.Errorf("sum after a panic = %d, want 4950", sum.Load())
	}
}

func TestNestedAndConcurrentLoopsFinish(t *testing.T) {
	var total atomic.Int64
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				For(8, 2, func(_, i int) {
					For(8, 2, func(_, j int) { total.Add(1) })
				})
			}
		}()
	}
	wg.Wait()
	if got := total.Load(); got != 4*50*64 {
		t.Errorf("ran %d inner items, want %d", got, 4*50*64)
	}
}

// After the last loop the helpers park: an idle process uses no CPU, as a
// notebook kernel that waits for hours between cells must.
func TestIdleHelpersUseNoCPU(t *testing.T) {
	For(100, runtime.GOMAXPROCS(0), func(_, i int) {})
	time.Sleep(10 * Spin)
	before := cpuTime()
	time.Sleep(300 * time.Millisecond)
	if used := cpuTime() - before; used > 30*time.Millisecond {
		t.Errorf("idle process used %v of CPU in 300 ms", used)
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFor is a loop of 25 items of 16384 floats (a ReLU of 401408
// elements into a buffer that stays in cache), back to back, against the
// same loop on one goroutine and on goroutines started per loop.
func BenchmarkFor(b *testing.B) {
	const n, block = 401408, 1 << 14
	src, dst := make([]float32, n), make([]float32, n)
	for i := range src {
		src[i] = float32(i%7) - 3
	}
	items := (n + block - 1) / block
	item := func(_, i int) {
		lo, hi := i*block, min((i+1)*block, n)
		vmath.ReLU(dst[lo:hi], src[lo:hi])
	}
	b.Run("serial", func(b *testing.B) {
		for b.Loop() {
			for i := range items {
				item(0, i)
			}
		}
	})
	b.Run("pool", func(b *testing.B) {
		for b.Loop() {
			For(items, runtime.GOMAXPROCS(0), item)
		}
	})
	b.Run("goroutines", func(b *testing.B) {
		for b.Loop() {
			var wg sync.WaitGroup
			var next atomic.Int64
			for range runtime.GOMAXPROCS(0) {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := int(next.Add(1) - 1); i < items; i = int(next.Add(1) - 1) {
						item(0, i)
					}
				}()
			}
			wg.Wait()
		}
	})
}
