// Package parallel runs the items of a loop on the calling goroutine and a
// few long-lived helper goroutines, for loops whose items take microseconds.
//
// Starting goroutines for every loop, as a plain WaitGroup does, costs more
// than a 100 µs loop saves: the runtime has to wake an idle thread for each,
// and on a small machine the caller often finishes alone before the helper
// runs. Here the helpers (GOMAXPROCS-1 of them, started on first use) stay:
// after a loop they watch for the next one for a short while (Spin) before
// they park, so loops that follow each other closely, as the operations of
// a training step do, find them awake. A parked helper costs no CPU; an
// idle process has every helper parked within Spin of its last loop.
//
// The rules:
//   - For returns only after every item has finished, and no helper calls
//     fn after For returns.
//   - Items are claimed one at a time, so a helper the scheduler holds back
//     delays the loop by one item at most; the caller runs the items no
//     helper has claimed.
//   - A panic in fn stops further items from starting and is raised again
//     on the caller once every running item has ended.
//   - Under load from other processes the caller runs loops alone for a
//     while (see weakLimit).
//   - One loop runs in parallel at a time. A loop started while another
//     runs (from fn itself, or from another goroutine) runs its items on
//     its caller alone, in order; so nested loops cannot deadlock.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Spin is how long a helper keeps watching for a new loop after its last
// one before it parks. Waking a parked goroutine takes tens of
// microseconds on a virtual machine, longer than many loops; a helper that
// spins costs at most Spin of one core after the last loop. The notebook
// CNN's training step at batch 64 runs 14 loops, 30 µs apart at the median
// (quartiles 8 and 86 µs, on a 2-vCPU machine under load), so most of them
// find the helper awake.
const Spin = 50 * time.Microsecond

// When other processes hold the cores, a helper joins late, or is stopped
// in the middle of an item that the caller then waits for, and a loop
// takes longer than on the caller alone. After weakLimit loops in a row
// in which the helpers together ran less than a quarter of one goroutine's
// even share of the items (or the caller waited longer than Spin for
// them), loops run on their callers alone for backoff.
const (
	weakLimit = 3
	backoff   = 10 * time.Millisecond
)

// A loop is one call of For. It is not reused: a helper that picks it up
// late finds no item left and touches nothing else.
type loop struct {
	fn      func(worker, i int)
	n       int
	workers int
	next    atomic.Int64 // next item to claim
	ids     atomic.Int64 // worker numbers handed out; the caller is 0
	active  atomic.Int64 // goroutines that may still run an item
	stop    atomic.Bool  // a panic happened: start no more items
	helped  atomic.Int64 // items the helpers ran
	once    sync.Once
	panic   any
	waiting atomic.Bool   // the caller parks until active drops to 0
	wake    chan struct{} // set before waiting
}

var pool struct {
	mu          sync.Mutex
	started     int
	current     atomic.Pointer[loop] // the loop running in parallel, or nil
	seq         atomic.Uint64        // counts published loops
	sleepers    atomic.Int64         // helpers parked or about to park
	wake        chan struct{}        // one value wakes one parked helper
	weak        atomic.Int64         // weak loops in a row
	serialUntil atomic.Int64         // UnixNano before which loops run alone
}

// For calls fn(worker, i) for every i in [0, n), on up to workers
// goroutines at once (the caller among them). worker, in [0, workers),
// tells concurrent calls apart, so that fn can use scratch space of its
// own; items on one goroutine run one after another with the same
// worker.
func For(n, workers int, fn func(worker, i int)) {
	workers = min(workers, n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(0, i)
		}
		return
	}
	l := &loop{fn: fn, n: n, workers: workers}
	if time.Now().UnixNano() < pool.serialUntil.Load() || !pool.current.CompareAndSwap(nil, l) {
		for i := 0; i < n; i++ { // backing off, or another loop has the helpers
			fn(0, i)
		}
		return
	}
	ensureHelpers(workers - 1)
	pool.seq.Add(1)
	if s := pool.sleepers.Load(); s > 0 {
		for range min(s, int64(workers-1)) {
			select {
			case pool.wake <- struct{}{}:
			default:
			}
		}
	}
	l.active.Add(1)
	l.run(0)
	stalled := l.wait()
	l.fn = nil // a helper may keep l: not what fn refers to
	if stalled || int(l.helped.Load())*4*workers < n {
		if pool.weak.Add(1) >= weakLimit {
			pool.serialUntil.Store(time.Now().Add(backoff).UnixNano())
			pool.weak.Store(0)
		}
	} else {
		pool.weak.Store(0)
	}
	pool.current.Store(nil)
	if l.panic != nil {
		panic(l.panic)
	}
}

// run claims and runs items as worker wk until none is left, then leaves
// the loop. A panic stops the loop and is kept for the caller.
func (l *loop) run(wk int) {
	defer func() {
		if r := recover(); r != nil {
			l.once.Do(func() { l.panic = r })
			l.stop.Store(true)
		}
		l.leave()
	}()
	for !l.stop.Load() {
		i := int(l.next.Add(1) - 1)
		if i >= l.n {
			return
		}
		l.fn(wk, i)
		if wk != 0 {
			l.helped.Add(1)
		}
	}
}

// leave drops a goroutine from active, waking the caller if it waits for
// the last one.
func (l *loop) leave() {
	if l.active.Add(-1) == 0 && l.waiting.Load() {
		select {
		case l.wake <- struct{}{}:
		default:
		}
	}
}

// wait returns once every item has ended. The caller's own run has claimed
// past the end (or stopped), so every item is claimed, and an item runs
// only while its goroutine counts in active. The helpers' last items are
// short, so the caller yields for a while before it parks.
func (l *loop) wait() (stalled bool) {
	start := time.Now()
	for spins := 0; l.active.Load() != 0; spins++ {
		if spins&15 == 15 && time.Since(start) > Spin {
			l.wake = make(chan struct{}, 1)
			l.waiting.Store(true)
			if l.active.Load() != 0 {
				<-l.wake
			}
			return true
		}
		runtime.Gosched()
	}
	return false
}

// ensureHelpers starts helpers until n are running. The caller holds
// pool.current and has not published its loop yet: new helpers join it.
func ensureHelpers(n int) {
	pool.mu.Lock()
	defer pool.mu.Unlock()
	if pool.wake == nil {
		pool.wake = make(chan struct{}, 256)
	}
	for ; pool.started < n; pool.started++ {
		go helper(pool.seq.Load())
	}
}

// helper joins each loop published after the count seen, spinning for
// Spin after each before it parks.
func helper(seen uint64) {
	var last *loop
	for {
		seen = awaitLoop(seen)
		l := pool.current.Load()
		if l == nil || l == last {
			continue // finished before this helper looked, or already joined
		}
		last = l
		l.active.Add(1)
		wk := int(l.ids.Add(1))
		if wk >= l.workers {
			l.leave()
			continue
		}
		l.run(wk)
	}
}

// awaitLoop returns the loop count once it differs from seen: spinning
// (yielding the processor to other goroutines) for Spin, then parked.
func awaitLoop(seen uint64) uint64 {
	start := time.Now()
	for spins := 0; ; spins++ {
		if s := pool.seq.Load(); s != seen {
			return s
		}
		if spins&15 == 15 && time.Since(start) > Spin {
			break
		}
		runtime.Gosched()
	}
	for {
		pool.sleepers.Add(1)
		// A loop published after the Add sees this sleeper and sends a
		// value; one published before it is seen here.
		if s := pool.seq.Load(); s != seen {
			pool.sleepers.Add(-1)
			return s
		}
		<-pool.wake
		pool.sleepers.Add(-1)
		if s := pool.seq.Load(); s != seen {
			return s
		}
		// A stale value from a loop this helper had already seen.
	}
}
