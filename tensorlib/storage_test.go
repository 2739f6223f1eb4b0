package tensorlib

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
	"unsafe"
)

func TestSizeClassesFitAndWasteAtMostAQuarter(t *testing.T) {
	if 1<<poolShift != poolMin {
		t.Fatalf("poolShift %d does not match poolMin %d", poolShift, poolMin)
	}
	for n := poolMin; n < 1<<24; n += 1 + n/1000 {
		c := class(n)
		size := classSize(c)
		if size < n || (c > 0 && classSize(c-1) >= n) || 4*size > 5*n+4*poolMin/4 {
			t.Fatalf("n=%d: class %d of %d elements (class below: %d)", n, c, size, classSize(max(c-1, 0)))
		}
	}
	if classSize(0) != poolMin {
		t.Errorf("class 0 holds %d elements, want %d", classSize(0), poolMin)
	}
}

// TestPooledBufferIsNotReusedWhileReferenced keeps a view of a pooled
// buffer's last element and checks that no later buffer shares its memory
// while the view is alive, over several garbage collections.
func TestPooledBufferIsNotReusedWhileReferenced(t *testing.T) {
	held := newBuf(poolMin + 100)
	tail := held[len(held)-1:] // an interior pointer only
	tail[0] = 42
	held = nil
	for i := 0; i < 5; i++ {
		runtime.GC()
		for j := 0; j < 20; j++ {
			b := newBuf(poolMin + 100)
			for k := range b {
				b[k] = -1
			}
		}
	}
	if tail[0] != 42 {
		t.Fatalf("a buffer still referenced through a view was handed out again (value %g)", tail[0])
	}
}

// TestFreedBufferIsReused checks that the pools do their job: a buffer
// dropped and collected comes back (finalizers run on their own goroutine
// soon after a collection).
func TestFreedBufferIsReused(t *testing.T) {
	// Let the garbage of earlier tests reach the pools, then empty them:
	// pools at their cap would drop the buffer instead of keeping it.
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	for c := range nClasses {
		for p := takePooled(c); p != nil; p = takePooled(c) {
			runtime.SetFinalizer(p, nil) // dropped: the collector frees it
		}
	}
	b := newBuf(3 * poolMin)
	addr := uintptr(unsafe.Pointer(&b[0]))
	b = nil
	var keep [][]float32
	for i := 0; i < 20; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		c := newBuf(3 * poolMin)
		if uintptr(unsafe.Pointer(&c[0])) == addr {
			return
		}
		keep = append(keep, c) // so that the next try does not get c back
	}
	t.Fatalf("the freed buffer did not come back within 20 collections (%d others handed out)", len(keep))
}

// emptyPools lets earlier garbage reach the pools and then drops it, so
// that a test starts from empty pools.
func emptyPools() {
	runtime.GC()
	time.Sleep(10 * time.Millisecond)
	for c := range nClasses {
		for p := takePooled(c); p != nil; p = takePooled(c) {
		}
	}
}

// A loop that drops each large output at once (as x.ReLU() in a loop
// does) takes most of its buffers from the pools: tensorlib starts
// collections itself, since buffers taken from pools do not make the
// runtime's heap grow. Without that, the pools ran dry after each
// collection and most buffers were fresh memory.
func TestDroppedOutputsComeBackFromThePools(t *testing.T) {
	emptyPools()
	const n, size = 1000, 400_000 // 1.8 MiB buffers
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < n; i++ {
		b := newBuf(size)
		b[0], b[size-1] = 1, 2
	}
	runtime.ReadMemStats(&after)
	fresh := float64(after.TotalAlloc-before.TotalAlloc) / float64(4*classSize(class(size)))
	t.Logf("%d buffers handed out, about %.0f of them fresh; %d collections", n, fresh, after.NumGC-before.NumGC)
	if fresh > n/2 {
		t.Errorf("%.0f of %d buffers were fresh memory, want under half", fresh, n)
	}
	poolMu.Lock()
	p, limit := pooled, poolLimit
	poolMu.Unlock()
	if p > limit {
		t.Errorf("pools hold %d bytes, over their limit %d", p, limit)
	}
}

// A size class nobody asks for is emptied after idleCycles collections.
func TestIdlePoolsAreEmptied(t *testing.T) {
	emptyPools()
	const size = 5 * poolMin
	c := class(size)
	for i := 0; i < 3; i++ {
		newBuf(size)
	}
	waitFor := func(what string, cond func() bool) {
		for i := 0; i < 50; i++ {
			runtime.GC()
			time.Sleep(5 * time.Millisecond)
			if cond() {
				return
			}
		}
		t.Fatalf("%s did not happen within 50 collections", what)
	}
	inPool := func() int {
		poolMu.Lock()
		defer poolMu.Unlock()
		return len(pools[c])
	}
	waitFor("the dropped buffers reaching their pool", func() bool { return inPool() > 0 })
	waitFor("the idle pool being emptied", func() bool { return inPool() == 0 })
}

// With GOGC off tensorlib starts no collection, and the pools keep at
// most minBudget.
func TestNoCollectionsWithGOGCOff(t *testing.T) {
	emptyPools()
	old := debug.SetGCPercent(-1)
	defer debug.SetGCPercent(old)
	runtime.GC() // the pacer reads GOGC after a collection
	time.Sleep(10 * time.Millisecond)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < 100; i++ {
		newBuf(400_000)
	}
	time.Sleep(10 * time.Millisecond)
	runtime.ReadMemStats(&after)
	if after.NumGC != before.NumGC {
		t.Errorf("%d collections ran with GOGC off", after.NumGC-before.NumGC)
	}
	poolMu.Lock()
	limit := poolLimit
	poolMu.Unlock()
	if limit != minBudget {
		t.Errorf("pool limit %d with GOGC off, want %d", limit, minBudget)
	}
}
