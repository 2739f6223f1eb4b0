package gemm

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// Shapes that share panels of B: several panels along k (more panels than
// buffers, an uneven depth), the widest C that shares, rows and columns
// that do not fill the last tiles, every transposition.
var sharedShapes = []struct {
	transA, transB bool
	m, n, k        int
}{
	{false, false, 257, sharedMinCols + 1, 700},
	{true, false, 300, 600, 513},
	{false, true, 263, sharedMaxCols, 40},
	{true, true, 259, 530, 1030},
	{false, false, 300, 520, 2100},
	// More panels than buffers with the AVX-512 kernels' deeper panels.
	{false, false, 257, sharedMinCols + 2, 4100},
}

func TestSharedShapesSharePanels(t *testing.T) {
	if len(kernels) == 0 {
		t.Skip("no micro-kernel on this CPU")
	}
	for _, s := range sharedShapes {
		p := &problem{transA: s.transA, transB: s.transB, m: s.m, n: s.n, k: s.k}
		if !useShared(&kernels[0], p, 2) {
			t.Errorf("%v: does not share panels, the tests expect it to", s)
		}
	}
}

// The shared path gives the reference result with two and three bands
// (three goroutines on two cores makes some take bands other than their
// own), and with one goroutine doing every band, as when the workers are
// busy with another caller's product.
func TestSharedPanels(t *testing.T) {
	if len(kernels) == 0 {
		t.Skip("no micro-kernel on this CPU")
	}
	kn := &kernels[0]
	rng := rand.New(rand.NewPCG(13, 14))
	for i, s := range sharedShapes {
		if testing.Short() && i > 1 {
			break
		}
		p := newProblem(rng, s.transA, s.transB, s.m, s.n, s.k, i%2, 1.5, float32(i%2)*0.5)
		want, tol := reference(p)
		for _, parts := range []int{2, 3} {
			checkAgainst(t, impl{"shared", func(q *problem) {
				if !runParallel(kn, q, parts, false) {
					t.Error("runParallel reported an interrupt")
				}
			}}, p, want, tol)
		}
		checkAgainst(t, impl{"shared-alone", func(q *problem) {
			cl, _ := newCall(kn, q, 2, false)
			if !cl.shared {
				t.Fatal("the call does not share panels")
			}
			cl.refs.Store(1)
			cl.work()
			if left := cl.left.Load(); left != 0 {
				t.Errorf("%d bands left after one goroutine worked alone", left)
			}
			<-cl.done
			cl.release()
		}}, p, want, tol)
	}
}

// An interrupt stops the shared path too: runParallel reports it, and the
// next product runs normally.
func TestSharedPanelsStopOnInterrupt(t *testing.T) {
	if len(kernels) == 0 {
		t.Skip("no micro-kernel on this CPU")
	}
	defer interrupt.Clear()
	s := sharedShapes[0]
	p := newProblem(rand.New(rand.NewPCG(15, 16)), s.transA, s.transB, s.m, s.n, s.k, 0, 1, 0)
	interrupt.Request()
	if runParallel(&kernels[0], p, 2, false) {
		t.Error("runParallel finished a product while an interrupt was requested")
	}
	interrupt.Clear()
	check(t, impl{"shared", func(q *problem) {
		if !runParallel(&kernels[0], q, 2, false) {
			t.Error("runParallel stopped with no interrupt requested")
		}
	}}, p)
}

// Several goroutines running shared products at once, more of them than
// workers, each get their own result.
func TestSharedPanelsConcurrentCallers(t *testing.T) {
	if len(kernels) == 0 {
		t.Skip("no micro-kernel on this CPU")
	}
	const callers = 3
	rng := rand.New(rand.NewPCG(17, 18))
	ps := make([]*problem, callers)
	for i := range ps {
		s := sharedShapes[i%2]
		ps[i] = newProblem(rng, s.transA, s.transB, s.m, s.n, s.k, 0, 1, 0)
	}
	var wg sync.WaitGroup
	for _, p := range ps {
		want, tol := reference(p)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				checkAgainst(t, impl{"Sgemm", func(q *problem) {
					Sgemm(q.transA, q.transB, q.m, q.n, q.k, q.alpha, q.a, q.lda, q.b, q.ldb, q.beta, q.c, q.ldc)
				}}, p, want, tol)
			}
		}()
	}
	wg.Wait()
}

func TestSharedPanelsDoNotAllocateWhenWarm(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	if len(kernels) == 0 {
		t.Skip("no micro-kernel on this CPU")
	}
	const m, n, k = 256, 600, 1100 // three panels
	a := make([]float32, m*k)
	b := make([]float32, k*n)
	c := make([]float32, m*n)
	p := &problem{m: m, n: n, k: k}
	if parts, _ := split(&kernels[0], p); !useShared(&kernels[0], p, parts) {
		t.Skip("the product does not share panels here (one core?)")
	}
	f := func() { Sgemm(false, false, m, n, k, 1, a, k, b, n, 0, c, n) }
	f()
	if allocs := testing.AllocsPerRun(10, f); allocs > 0 {
		t.Errorf("%v allocations per call", allocs)
	}
}

// A B given by a PackB is packed through it, in groups of slivers from
// both goroutines, when panels are shared.
func TestSharedPanelsPackB(t *testing.T) {
	if len(kernels) == 0 {
		t.Skip("no micro-kernel on this CPU")
	}
	s := sharedShapes[0]
	p := newProblem(rand.New(rand.NewPCG(19, 20)), false, false, s.m, s.n, s.k, 2, 1, 0.5)
	var calls atomic.Int64
	check(t, impl{"SgemmPackB", func(q *problem) {
		SgemmPackB(q.m, q.n, q.k, q.alpha, q.a, q.lda, packFrom(t, q.b, q.ldb, &calls), q.beta, q.c, q.ldc)
	}}, p)
	if calls.Load() == 0 {
		t.Error("PackB never called")
	}
}

// sharedShapes have, for every kernel, a shape with more panels than
// buffers, so that buffers are reused.
func TestSharedShapesReuseBuffers(t *testing.T) {
	for i := range kernels {
		kn := &kernels[i]
		reused := false
		for _, s := range sharedShapes {
			p := &problem{transA: s.transA, transB: s.transB, m: s.m, n: s.n, k: s.k}
			var sp sharedPanels
			sp.plan(kn, p, 2)
			reused = reused || sp.count > sp.nbuf
		}
		if !reused {
			t.Errorf("%s: no shared shape has more panels than buffers", kn.name)
		}
	}
}
