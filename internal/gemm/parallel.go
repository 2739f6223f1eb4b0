package gemm

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gohooks/gohooks/internal/parallel"
)

// parallelFlops is the smallest product (2·m·n·k) split across cores.
// Workers poll for the next product for a while after each one (see
// spinTime), so in a run of products handing a chunk over is a channel
// receive, not a wake-up, and a 128³ product (60-80 µs on one core) can
// use the second core. When the worker has parked and wakes late, the
// caller computes the chunks it has not claimed, so a split product takes
// about as long as on one goroutine plus the wake-up call.
const parallelFlops = 2 * 120 * 120 * 120

// pollFlopsAVX2 and pollFlopsAVX512 bound the products after which workers
// and the caller poll (see spinTime), with the AVX2 and the AVX-512 kernels
// (kernel.pollFlops). For longer products a wake-up is a negligible share
// of the time. With AVX2 on Zen 3, in quiet A/B runs polling around them
// made 512³ and 1024³ a few percent slower, not faster. The AVX-512
// kernels on Zen 5 do 512³ in about 0.75 ms on two cores, and there a
// parked worker's wake-up cost more than polling: in quiet interleaved
// runs in one process, 512³ reached 84% of the FMA peak polling, 72%
// parking (1024³: 80% and 80%).
const (
	pollFlopsAVX2   = 2 * 200 * 200 * 200
	pollFlopsAVX512 = 2 * 1100 * 1100 * 1100
)

// minChunk is the narrowest share of rows or columns worth cutting a big
// product into beyond one per goroutine.
const minChunk = 512

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

// A call is one parallel Sgemm: its own copy of the problem, cut into
// chunks along rows or columns of C that the caller and the workers claim
// one at a time. Claiming rather than assigning lets the caller do a
// worker's share when that worker has not been scheduled yet, as happens
// when other goroutines (tensorlib's own) or processes hold the cores.
//
// A worker may pick its job up after the product is finished; it then finds
// no chunk left. refs counts the goroutines that may still touch the call,
// and the last one out returns it to the pool, so the parallel path
// allocates nothing.
type call struct {
	p       problem
	kn      *kernel
	alongN  bool
	size    int // rows or columns of C being divided
	chunk   int // rows or columns per chunk
	chunks  int
	next    atomic.Int64 // next chunk to claim
	left    atomic.Int64 // chunks not finished
	refs    atomic.Int64
	stopped atomic.Bool
	done    chan struct{} // one value when left reaches zero
	// poll says the product is short enough (below kn.pollFlops) that the
	// goroutines waiting around it poll instead of parking at once.
	poll bool
	// shared says the goroutines share packed panels of B (see
	// sharedWork); the fields below serve that mode only.
	shared bool
	panels *sharedPanels
}

var calls = sync.Pool{New: func() any { return &call{done: make(chan struct{}, 1)} }}

// workers are long-lived goroutines that help with calls; starting a
// goroutine per call would allocate. They run only kernels over validated
// problems and never panic on an interrupt (see workspace.run).
var workers struct {
	mu      sync.Mutex
	started int
	jobs    chan *call
}

// ensureWorkers starts workers until n are running.
func ensureWorkers(n int) {
	workers.mu.Lock()
	defer workers.mu.Unlock()
	if workers.jobs == nil {
		workers.jobs = make(chan *call, 64)
	}
	for ; workers.started < n; workers.started++ {
		go func(jobs <-chan *call) {
			for cl := range jobs {
				for cl != nil {
					poll := cl.poll
					cl.work()
					cl.release()
					cl = nil
					if poll {
						cl = nextJob(jobs)
					}
				}
			}
		}(workers.jobs)
	}
}

// spinTime is how long a worker, or a caller waiting for its workers,
// polls before it parks: the same as tensorlib's loops (parallel.Spin),
// whose helpers take turns on the cores with these workers. Waking a
// parked goroutine goes through the scheduler and a futex, and the woken
// thread may start late: without polling, 128³ ran faster on one
// goroutine even on an idle machine. Products come in runs (the layers of
// a network, the samples of a batch), so a worker that has just finished
// one usually gets the next while still polling; after spinTime without
// one it parks, so an idle process uses no CPU.
const spinTime = parallel.Spin

// nextJob polls jobs for up to spinTime, yielding the core to other
// goroutines between polls, and returns nil when none came.
func nextJob(jobs <-chan *call) *call {
	var start time.Time
	for i := 0; ; i++ {
		select {
		case cl := <-jobs:
			return cl
		default:
		}
		if i == 0 {
			start = time.Now()
		} else if i%16 == 0 && time.Since(start) > spinTime {
			return nil
		}
		runtime.Gosched()
	}
}

// work claims and computes chunks until none is left.
func (cl *call) work() {
	if cl.shared {
		cl.sharedWork()
		return
	}
	ws := workspaces.Get().(*workspace)
	for {
		i := int(cl.next.Add(1)) - 1
		if i >= cl.chunks {
			break
		}
		lo := i * cl.chunk
		hi := min(lo+cl.chunk, cl.size)
		i0, i1, j0, j1 := lo, hi, 0, cl.p.n
		if cl.alongN {
			i0, i1, j0, j1 = 0, cl.p.m, lo, hi
		}
		if !ws.run(cl.kn, &cl.p, i0, i1, j0, j1) {
			cl.stopped.Store(true)
		}
		if cl.left.Add(-1) == 0 {
			cl.done <- struct{}{}
		}
	}
	workspaces.Put(ws)
}

// release drops one reference; the last returns the call to the pool.
func (cl *call) release() {
	if cl.refs.Add(-1) == 0 {
		cl.p, cl.kn = problem{}, nil // do not keep the caller's slices alive
		calls.Put(cl)
	}
}

// runParallel computes p in parts chunks, with parts-1 workers helping the
// calling goroutine. It reports false when an interrupt stopped any chunk.
func runParallel(kn *kernel, p *problem, parts int, alongN bool) bool {
	ensureWorkers(parts - 1)
	cl, helpers := newCall(kn, p, parts, alongN)
	return cl.join(helpers)
}

// newCall plans p for parts goroutines: in bands that share packed panels
// of B (see sharedWork), or in chunks along the columns (alongN) or rows
// of C. It returns the call and how many workers can help.
func newCall(kn *kernel, p *problem, parts int, alongN bool) (cl *call, helpers int) {
	cl = calls.Get().(*call)
	cl.p, cl.kn, cl.alongN = *p, kn, alongN
	cl.poll = 2*float64(p.m)*float64(p.n)*float64(p.k) < kn.pollFlops
	cl.next.Store(0)
	cl.stopped.Store(false)
	cl.shared = useShared(kn, p, parts)
	if cl.shared {
		if cl.panels == nil {
			cl.panels = new(sharedPanels)
		}
		cl.panels.plan(kn, p, parts)
		cl.left.Store(int64(cl.panels.bands * cl.panels.count))
		return cl, parts - 1
	}
	cl.size, cl.chunk = p.m, kn.mr
	if alongN {
		cl.size, cl.chunk = p.n, kn.nr
	}
	// Big products get more chunks than goroutines, so that one slowed by
	// a busy core finishes fewer; chunks stay wide enough (minChunk) that
	// packing the other operand once per chunk costs little.
	chunks := parts
	for cl.size/(2*chunks) >= minChunk && chunks < 4*parts {
		chunks *= 2
	}
	cl.chunk = roundUp((cl.size+chunks-1)/chunks, cl.chunk)
	cl.chunks = (cl.size + cl.chunk - 1) / cl.chunk
	cl.left.Store(int64(cl.chunks))
	return cl, min(parts, cl.chunks) - 1
}

// join hands the call to helpers workers, works on it on the calling
// goroutine, and waits until every chunk is finished. It reports false
// when an interrupt stopped any.
func (cl *call) join(helpers int) bool {
	cl.refs.Store(int64(1 + helpers))
	for range helpers {
		workers.jobs <- cl
	}
	cl.work()
	// The workers' last chunks are usually a few microseconds from done:
	// poll before parking on cl.done, whose wake-up costs more than that.
	start := time.Now()
	for i := 1; cl.poll && cl.left.Load() != 0; i++ {
		if i%16 == 0 && time.Since(start) > spinTime {
			break
		}
		runtime.Gosched()
	}
	<-cl.done
	ok := !cl.stopped.Load()
	cl.release()
	return ok
}
