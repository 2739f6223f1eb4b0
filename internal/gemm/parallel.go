package gemm

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelFlops is the smallest product (2·m·n·k) worth splitting: below it
// waking a worker costs more than the time it saves.
const parallelFlops = 2 * 96 * 96 * 96

// split decides how many goroutines compute p and whether they divide the
// columns (alongN) or the rows of C. Each part gets at least two tiles.
func split(kn *kernel, p *problem) (parts int, alongN bool) {
	procs := runtime.GOMAXPROCS(0)
	if procs < 2 || 2*float64(p.m)*float64(p.n)*float64(p.k) < parallelFlops {
		return 1, false
	}
	alongN = p.n >= p.m
	tiles := p.m / (2 * kn.mr)
	if alongN {
		tiles = p.n / (2 * kn.nr)
	}
	return min(procs, tiles), alongN
}

// A call is one parallel Sgemm: its own copy of the problem, shared with the
// workers, and the count of parts still running. Calls are pooled so the
// parallel path allocates nothing either.
type call struct {
	p       problem
	kn      *kernel
	wg      sync.WaitGroup
	stopped atomic.Bool
}

var calls = sync.Pool{New: func() any { return new(call) }}

// A job is one part of a call: a range of rows and columns of C.
type job struct {
	c              *call
	i0, i1, j0, j1 int
}

// workers are long-lived goroutines that run jobs; starting a goroutine per
// part would allocate on every call. They run only kernels over validated
// problems and never panic on an interrupt (see workspace.run).
var workers struct {
	mu      sync.Mutex
	started int
	jobs    chan job
}

// ensureWorkers starts workers until n are running.
func ensureWorkers(n int) {
	workers.mu.Lock()
	defer workers.mu.Unlock()
	if workers.jobs == nil {
		workers.jobs = make(chan job, 64)
	}
	for ; workers.started < n; workers.started++ {
		go func(jobs <-chan job) {
			for j := range jobs {
				j.run()
			}
		}(workers.jobs)
	}
}

func (j job) run() {
	ws := workspaces.Get().(*workspace)
	if !ws.run(j.c.kn, &j.c.p, j.i0, j.i1, j.j0, j.j1) {
		j.c.stopped.Store(true)
	}
	workspaces.Put(ws)
	j.c.wg.Done()
}

// runParallel computes p in parts pieces, the last on the calling goroutine.
// It reports false when an interrupt stopped any piece.
func runParallel(kn *kernel, p *problem, parts int, alongN bool) bool {
	ensureWorkers(parts - 1)
	cl := calls.Get().(*call)
	cl.p, cl.kn = *p, kn
	cl.stopped.Store(false)
	size, unit := p.m, kn.mr
	if alongN {
		size, unit = p.n, kn.nr
	}
	chunk := roundUp((size+parts-1)/parts, unit)
	var mine job
	cl.wg.Add(parts)
	for lo := 0; lo < size; lo += chunk {
		j := job{c: cl, i0: 0, i1: p.m, j0: 0, j1: p.n}
		hi := min(lo+chunk, size)
		if alongN {
			j.j0, j.j1 = lo, hi
		} else {
			j.i0, j.i1 = lo, hi
		}
		if hi == size {
			mine = j
			break
		}
		workers.jobs <- j
	}
	// Rounding the chunk up can leave fewer pieces than parts.
	for n := (size + chunk - 1) / chunk; n < parts; n++ {
		cl.wg.Done()
	}
	mine.run()
	cl.wg.Wait()
	ok := !cl.stopped.Load()
	cl.p, cl.kn = problem{}, nil // do not keep the caller's slices alive
	calls.Put(cl)
	return ok
}
