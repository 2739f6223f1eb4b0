package tensorlib

import (
	"runtime"
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
