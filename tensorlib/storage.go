package tensorlib

import (
	"math"
	"math/bits"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Tensor storage of poolMin elements and more comes from newBuf, which
// reuses the buffers of tensors the garbage collector found unreachable,
// by size class, instead of asking the runtime for fresh memory every
// time. Fresh memory is what makes an operation slow when its output is
// large: the runtime clears it, and pages the runtime gave back to the OS
// fault in again, cleared a second time by the kernel. A ReLU of 401k
// floats takes about 40 µs into memory it wrote before and 170-240 µs
// into fresh memory.
//
// A buffer goes back to its pool only through a finalizer on its first
// element, which the runtime runs once nothing refers to any part of the
// buffer any more: not a tensor, not a view, not a closure of the autograd
// graph, not a slice the user holds. So a buffer is never handed out while
// it is still in use, without tensorlib having to know who uses it.
//
// Buffers come back only when the collector runs, and it runs when the
// heap has grown by GOGC percent of what was live. A buffer taken from a
// pool does not grow the heap, so with pools that keep every buffer the
// collector would almost never run: the pools would run dry and the heap
// would grow by fresh buffers instead, cycle after cycle. So tensorlib
// paces the collector itself for the memory it hands out: once the bytes
// handed out (pooled or fresh) since the last collection pass the
// collector's own allowance, GOGC percent of the heap that was live apart
// from the pools (at least minBudget), newBuf starts a collection on a
// goroutine of its own, as if that much had been allocated. The pools then
// need hold no more than what is handed out until buffers come back: the
// allowance before a collection starts, and what the operations that run
// while it does take (on a busy machine a collection takes milliseconds,
// and a buffer dropped during one comes back only after the next). They
// keep up to four allowances; and a size class that goes unused for
// idleCycles collections in a row is emptied. With GOGC off
// (debug.SetGCPercent(-1)) tensorlib starts no collection and keeps at
// most minBudget.
//
// A reused buffer is one dropped a collection or two ago, tens of
// operations back, and out of cache; PyTorch's allocator hands out the
// block the last result freed an instant before. minBudget weighs the
// two costs of a collection: a loop of x.ReLU() on 401k floats (Zen 5, two
// cores) took 125-155, 115-132, 93-102 and 121-124 µs an operation with
// 16, 32, 64 and 128 MiB (a collection started this way takes about 1 ms,
// and larger budgets hand out colder buffers); without the pacer, 121-203
// µs, a tenth of the buffers fresh.
const (
	poolMin    = 1 << 14 // elements (64 KiB)
	minBudget  = 64 << 20
	idleCycles = 4
	// Buffers over maxPooled bytes are never kept: they are rare, and
	// keeping one would hold on to a lot of memory that a program may
	// not need again.
	maxPooled = 64 << 20
)

// Size classes: 4, 5, 6 and 7 quarters of each power of two from poolMin
// up, so that a buffer is at most 25% larger than asked for.
const nClasses = 4 * 40

var (
	poolMu     sync.Mutex
	pools      [nClasses][]*float32 // free buffers by class, first elements
	poolTaken  [nClasses]bool       // handed out a pooled buffer this cycle
	poolIdle   [nClasses]int        // cycles in a row without
	pooled     int                  // bytes in pools
	poolLimit  = minBudget          // bytes the pools may hold
	finalizers [nClasses]func(*float32)
)

// The pacer's state: bytes handed out since the last collection, the
// allowance after which newBuf starts one, and whether it has started one
// that has not ended yet.
var (
	handedOut  atomic.Int64
	budget     atomic.Int64
	collecting atomic.Bool
	pacerOnce  sync.Once
)

func init() {
	budget.Store(minBudget)
	for c := range finalizers {
		bytes := 4 * classSize(c)
		finalizers[c] = func(p *float32) {
			poolMu.Lock()
			defer poolMu.Unlock()
			if pooled+bytes > poolLimit || bytes > maxPooled {
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
	poolTaken[c] = true
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
	pace(4 * size)
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

// pace counts bytes handed out and starts a collection once they pass the
// budget, unless one is running. The collection runs on its own goroutine
// (runtime.GC blocks its caller until the cycle has ended), so the
// operation that asked goes on at once.
func pace(bytes int) {
	pacerOnce.Do(armSentinel)
	if handedOut.Add(int64(bytes)) > budget.Load() && collecting.CompareAndSwap(false, true) {
		go func() {
			runtime.GC()
			collecting.Store(false)
		}()
	}
}

// A sentinel is garbage from the moment it is made; its finalizer runs
// after the next collection, whoever started it, and makes the next
// sentinel. It is large enough not to share a tiny-allocator block,
// whose objects' finalizers may run late.
type sentinel struct{ _ [32]byte }

func armSentinel() {
	runtime.SetFinalizer(new(sentinel), func(*sentinel) {
		afterCollection()
		armSentinel()
	})
}

// afterCollection starts a new cycle of the pacer: it sets the budget
// from the live heap the collection found and ages the pools.
func afterCollection() {
	gogc, live := collectorState()
	poolMu.Lock()
	allowance := int64(math.MaxInt64)
	if gogc >= 0 {
		allowance = max(minBudget, (live-int64(pooled))*int64(gogc)/100)
	}
	poolLimit = int(min(allowance, math.MaxInt/4) * 4)
	if gogc < 0 {
		poolLimit = minBudget
	}
	for c := range pools {
		if poolTaken[c] || len(pools[c]) == 0 {
			poolTaken[c], poolIdle[c] = false, 0
			continue
		}
		if poolIdle[c]++; poolIdle[c] >= idleCycles {
			// A pooled buffer has no finalizer (it ran): dropped, the
			// collector frees it.
			clear(pools[c])
			pooled -= 4 * classSize(c) * len(pools[c])
			pools[c] = pools[c][:0]
		}
	}
	poolMu.Unlock()
	budget.Store(allowance)
	handedOut.Store(0)
}

// collectorState returns GOGC (negative when off) and the bytes the last
// collection found live.
func collectorState() (gogc int, live int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	gogc, live = -1, 0
	if s[0].Value.Kind() == metrics.KindUint64 {
		// math.MaxUint64 is how the runtime reports GOGC=off.
		if v := s[0].Value.Uint64(); v <= math.MaxInt32 {
			gogc = int(v)
		}
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		live = int64(min(s[1].Value.Uint64(), math.MaxInt64))
	}
	return gogc, live
}
