package tensorlib

import (
	"math/bits"
	"runtime"
	"sync"
	"unsafe"
)

// Tensor storage of poolMin elements and more comes from newBuf, which
// reuses the buffers of tensors the garbage collector found unreachable,
// by size class, instead of asking the runtime for fresh memory every
// time: a fresh large buffer costs page faults (the runtime returns freed
// pages to the OS) or a clear, and the allocation brings the next garbage
// collection nearer.
//
// A buffer goes back to its pool only through a finalizer on its first
// element, which the runtime runs once nothing refers to any part of the
// buffer any more: not a tensor, not a view, not a closure of the autograd
// graph, not a slice the user holds. So a buffer is never handed out while
// it is still in use, without tensorlib having to know who uses it.
//
// Pooled bytes count as live to the garbage collector, which then runs
// less often. The pools keep at most poolCap bytes, beyond which a
// finalized buffer is left to the collector; what they keep stays with the
// process, as in PyTorch's caching allocator. A larger cap saves little
// more and grows the heap: over 200 steps of the notebook CNN at batch 64,
// the peak RSS was 37 MiB without pools, 84 MiB with 32 MiB pools and
// 360-440 MiB with 256 MiB pools, for the same CPU time from 32 MiB up.
const (
	poolMin = 1 << 14 // elements (64 KiB)
	poolCap = 32 << 20
)

// Size classes: 4, 5, 6 and 7 quarters of each power of two from poolMin
// up, so that a buffer is at most 25% larger than asked for.
const nClasses = 4 * 40

var (
	poolMu     sync.Mutex
	pools      [nClasses][]*float32 // free buffers by class, first elements
	pooled     int                  // bytes in pools
	finalizers [nClasses]func(*float32)
)

func init() {
	for c := range finalizers {
		bytes := 4 * classSize(c)
		finalizers[c] = func(p *float32) {
			poolMu.Lock()
			defer poolMu.Unlock()
			if pooled+bytes > poolCap {
				return // the collector frees it next time
			}
			pooled += bytes
			pools[c] = append(pools[c], p)
		}
	}
}

// takePooled returns a free buffer of class c, or nil.
func takePooled(c int) *float32 {
	poolMu.Lock()
	defer poolMu.Unlock()
	free := pools[c]
	if len(free) == 0 {
		return nil
	}
	p := free[len(free)-1]
	free[len(free)-1] = nil
	pools[c] = free[:len(free)-1]
	pooled -= 4 * classSize(c)
	return p
}

// poolShift is log2(poolMin).
const poolShift = 14

// class returns the size class for n ≥ poolMin elements: the smallest c
// with classSize(c) ≥ n.
func class(n int) int {
	e := bits.Len(uint(n-1)) - 1 // 2^e < n ≤ 2^(e+1)
	q := (n - 1) >> (e - 2)      // 4..7: n ≤ (q+1)·2^(e-2)
	return 4*(e-poolShift) + q - 3
}

// classSize returns the number of elements of buffers of class c.
func classSize(c int) int {
	return (4 + c%4) << (c/4 + poolShift - 2)
}

// newBuf returns a slice of n elements whose values are undefined: the
// caller writes every one of them.
func newBuf(n int) []float32 {
	if n < poolMin {
		return make([]float32, n)
	}
	c := class(n)
	if c >= nClasses {
		return make([]float32, n)
	}
	size := classSize(c)
	if p := takePooled(c); p != nil {
		runtime.SetFinalizer(p, finalizers[c])
		return unsafe.Slice(p, size)[:n:n]
	}
	b := make([]float32, size)
	runtime.SetFinalizer(&b[0], finalizers[c])
	return b[:n:n]
}

// zeroBuf returns a slice of n zeros, cleared on several cores when it is
// large.
func zeroBuf(n int) []float32 {
	b := newBuf(n)
	forBlocks(n, func(lo, hi int) { clear(b[lo:hi]) })
	return b
}
