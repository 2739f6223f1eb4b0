package gemm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// opAt returns op(X)[i][j] for a matrix stored row-major with stride ld.
func opAt(x []float32, ld int, trans bool, i, j int) float64 {
	if trans {
		return float64(x[j*ld+i])
	}
	return float64(x[i*ld+j])
}

// reference computes alpha*op(A)*op(B) + beta*C in float64, with beta == 0
// meaning C is not read, and returns it with the tolerance each element
// deserves: float32 rounding grows with k and with the size of the terms.
func reference(p *problem) (want, tol []float64) {
	want = make([]float64, p.m*p.n)
	tol = make([]float64, p.m*p.n)
	eps := 1e-6 * float64(p.k+4)
	for i := 0; i < p.m; i++ {
		for j := 0; j < p.n; j++ {
			var s, mag float64
			for q := 0; q < p.k; q++ {
				t := opAt(p.a, p.lda, p.transA, i, q) * opAt(p.b, p.ldb, p.transB, q, j)
				s += t
				mag += math.Abs(t)
			}
			v := float64(p.alpha) * s
			mag *= math.Abs(float64(p.alpha))
			if p.beta != 0 {
				cv := float64(p.beta) * float64(p.c[i*p.ldc+j])
				v += cv
				mag += math.Abs(cv)
			}
			want[i*p.n+j] = v
			tol[i*p.n+j] = eps*mag + 1e-30
		}
	}
	return want, tol
}

// newProblem fills a random problem; C's stride and the stored strides of A
// and B exceed the widths by the given padding, and padding elements hold
// NaN so reading them shows up in the result.
func newProblem(rng *rand.Rand, transA, transB bool, m, n, k, pad int, alpha, beta float32) *problem {
	p := &problem{transA: transA, transB: transB, m: m, n: n, k: k, alpha: alpha, beta: beta}
	fill := func(rows, cols int) ([]float32, int) {
		ld := max(cols, 1) + pad
		x := make([]float32, max(rows*ld, 0))
		for i := range x {
			x[i] = float32(math.NaN())
		}
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				x[r*ld+c] = float32(rng.NormFloat64())
			}
		}
		return x, ld
	}
	if transA {
		p.a, p.lda = fill(k, m)
	} else {
		p.a, p.lda = fill(m, k)
	}
	if transB {
		p.b, p.ldb = fill(n, k)
	} else {
		p.b, p.ldb = fill(k, n)
	}
	p.c, p.ldc = fill(m, n)
	if beta == 0 {
		// BLAS overwrites C when beta is 0: NaN there must not survive.
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				p.c[i*p.ldc+j] = float32(math.NaN())
			}
		}
	}
	return p
}

// impl is one way of computing a problem: the public entry point, or one
// backend directly.
type impl struct {
	name string
	run  func(p *problem)
}

func impls() []impl {
	list := []impl{
		{"Sgemm", func(p *problem) {
			Sgemm(p.transA, p.transB, p.m, p.n, p.k, p.alpha, p.a, p.lda, p.b, p.ldb, p.beta, p.c, p.ldc)
		}},
		{"gonum", gonumSgemm},
		// Bands of 3 rows of C, as the gonum and OpenBLAS paths cut long
		// products (with far taller bands).
		{"gonum-bands", func(p *problem) {
			for i0 := 0; i0 < p.m; i0 += 3 {
				q := p.rows(i0, min(3, p.m-i0))
				gonumSgemm(&q)
			}
		}},
	}
	for i := range kernels {
		kn := &kernels[i]
		list = append(list, impl{kn.name, func(p *problem) { blocked(kn, p) }})
		list = append(list, impl{kn.name + "-serial", func(p *problem) {
			ws := workspaces.Get().(*workspace)
			ws.run(kn, p, 0, p.m, 0, p.n)
			workspaces.Put(ws)
		}})
		if kn.contig != nil {
			// The portable packers, for kernels without their own.
			plain := *kn
			plain.contig, plain.rowsT = nil, nil
			list = append(list, impl{kn.name + "-gopack", func(p *problem) {
				ws := workspaces.Get().(*workspace)
				ws.run(&plain, p, 0, p.m, 0, p.n)
				workspaces.Put(ws)
			}})
		}
		if s := kn.short; s != nil {
			list = append(list, impl{kn.name + "-short", func(p *problem) {
				ws := workspaces.Get().(*workspace)
				ws.run(s, p, 0, p.m, 0, p.n)
				workspaces.Put(ws)
			}})
		}
		if kn.dot != nil {
			// Dot products apply to A·Bᵀ only; other shapes are skipped.
			list = append(list, impl{kn.name + "-dot", func(p *problem) {
				if p.transA || !p.transB {
					gonumSgemm(p)
					return
				}
				ws := workspaces.Get().(*workspace)
				ws.dotProducts(kn, p)
				workspaces.Put(ws)
			}})
		}
	}
	return list
}

// guard is how many elements past the end of C check watches.
const guard = 64 * 64

// check runs one implementation on a copy of p and compares C, including
// the padding, which must be left as it was.
func check(t *testing.T, im impl, p *problem) {
	t.Helper()
	checkAll(t, []impl{im}, p)
}

// checkAll runs each implementation on its own copy of p.
func checkAll(t *testing.T, ims []impl, p *problem) {
	t.Helper()
	want, tol := reference(p)
	for _, im := range ims {
		checkAgainst(t, im, p, want, tol)
	}
}

func checkAgainst(t *testing.T, im impl, p *problem, want, tol []float64) {
	t.Helper()
	// C gets a guard of NaN past its end, where the last tiles of a kernel
	// would land if edges were not handled.
	q := *p
	guarded := make([]float32, len(p.c)+guard)
	copy(guarded, p.c)
	for i := len(p.c); i < len(guarded); i++ {
		guarded[i] = float32(math.NaN())
	}
	q.c = guarded[:len(p.c)]
	if im.name != "Sgemm" && (p.m == 0 || p.n == 0 || p.k == 0) {
		return // backends get only non-empty problems
	}
	im.run(&q)
	bad := 0
	for i := 0; i < p.m; i++ {
		for j := 0; j < p.n; j++ {
			got := float64(q.c[i*p.ldc+j])
			w, e := want[i*p.n+j], tol[i*p.n+j]
			if !(math.Abs(got-w) <= e) {
				if bad < 3 {
					t.Errorf("%s %s: C[%d][%d] = %g, want %g (tol %g)", im.name, describe(p), i, j, got, w, e)
				}
				bad++
			}
		}
		for j := p.n; j < p.ldc && i*p.ldc+j < len(q.c); j++ {
			if !math.IsNaN(float64(q.c[i*p.ldc+j])) {
				t.Fatalf("%s %s: padding C[%d][%d] overwritten with %g", im.name, describe(p), i, j, q.c[i*p.ldc+j])
			}
		}
	}
	for i, v := range guarded[len(p.c):] {
		if !math.IsNaN(float64(v)) {
			t.Fatalf("%s %s: wrote %g at %d past the end of C", im.name, describe(p), v, i)
		}
	}
	if bad > 3 {
		t.Errorf("%s %s: %d wrong elements in all", im.name, describe(p), bad)
	}
}

func describe(p *problem) string {
	return fmt.Sprintf("transA=%v transB=%v m=%d n=%d k=%d lda=%d ldb=%d ldc=%d alpha=%g beta=%g",
		p.transA, p.transB, p.m, p.n, p.k, p.lda, p.ldb, p.ldc, p.alpha, p.beta)
}

func TestSgemmMatchesReferenceOnOddShapes(t *testing.T) {
	sizes := []int{1, 3, 7, 17, 31, 33, 65, 129}
	if testing.Short() {
		sizes = []int{1, 7, 33}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ims := impls()
	for _, ta := range []bool{false, true} {
		for _, tb := range []bool{false, true} {
			for _, m := range sizes {
				for _, n := range sizes {
					// k cycles through the sizes so every k meets every m and n
					// without the full cube.
					for _, k := range []int{sizes[(m+n)%len(sizes)], 1, 300} {
						checkAll(t, ims, newProblem(rng, ta, tb, m, n, k, (m+k)%3, 1, 0))
					}
				}
			}
		}
	}
}

func TestSgemmAlphaBeta(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ims := impls()
	for _, ab := range [][2]float32{{1, 0}, {1, 1}, {-2.5, 0}, {0.5, -1.5}, {1, 0.25}, {3, 1}, {-1, 0}} {
		for _, shape := range [][3]int{{5, 9, 4}, {14, 32, 256}, {29, 65, 257}, {127, 33, 513}} {
			for _, ta := range []bool{false, true} {
				for _, tb := range []bool{false, true} {
					checkAll(t, ims, newProblem(rng, ta, tb, shape[0], shape[1], shape[2], 2, ab[0], ab[1]))
				}
			}
		}
	}
}

// The last rows of C, fewer than a tile, go to the short kernel when they
// fit it (tailKernel): every remainder of rows after whole tiles, with and
// without transposes, beta 0 and not, over several panels of k, on one
// goroutine and split across the cores.
func TestSgemmTailRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	ims := impls()
	for i := range kernels {
		kn := &kernels[i]
		if kn.short == nil {
			continue
		}
		sk := kn.short
		for rem := 1; rem < kn.mr; rem++ {
			m := 3*kn.mr + rem
			if tk := tailKernel(kn, rem); (rem <= sk.mr) != (tk == sk) {
				t.Errorf("%s: tail of %d rows goes to the %d-row kernel", kn.name, rem, tk.mr)
			}
			for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}} {
				beta := float32(rem % 2)
				checkAll(t, ims, newProblem(rng, tr[0], tr[1], m, 2*kn.nr+5, 300, 1, 1, beta))
			}
		}
	}
	for _, m := range []int{512, 1024 + 6} {
		p := newProblem(rng, false, false, m, 520, 300, 0, 1, 0.5)
		checkAll(t, ims, p)
	}
}

// Products above the parallel threshold, with sizes that do not divide into
// tiles or cache blocks, split along both rows and columns.
func TestSgemmLargeSplitsAcrossWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	shapes := [][3]int{{400, 130, 300}, {130, 400, 300}, {191, 3100, 40}, {259, 259, 700}}
	if testing.Short() {
		shapes = shapes[:2]
	}
	for i, shape := range shapes {
		p := newProblem(rng, i%2 == 1, i/2 == 1, shape[0], shape[1], shape[2], 1, 1.5, 0.5)
		var ims []impl
		for _, im := range impls() {
			if im.name != "gonum" {
				ims = append(ims, im)
			}
		}
		checkAll(t, ims, p)
	}
}

func TestSgemmEmptySizes(t *testing.T) {
	nan := float32(math.NaN())
	// m or n zero: nothing is touched, whatever the slices hold.
	Sgemm(false, false, 0, 3, 2, 1, nil, 2, []float32{1, 2, 3, 4, 5, 6}, 3, 0, nil, 3)
	Sgemm(true, true, 2, 0, 2, 1, []float32{1, 2, 3, 4}, 2, nil, 2, 0, nil, 1)
	// k zero: C = beta*C, and beta 0 clears NaN.
	c := []float32{nan, nan, 7, 1, 2, 7}
	Sgemm(false, false, 2, 2, 0, 1, nil, 1, nil, 2, 0, c, 3)
	if want := []float32{0, 0, 7, 0, 0, 7}; fmt.Sprint(c) != fmt.Sprint(want) {
		t.Errorf("k=0 beta=0: C = %v, want %v", c, want)
	}
	c = []float32{1, 2, 3, 4}
	Sgemm(false, true, 2, 2, 0, 1, nil, 1, nil, 1, -2, c, 2)
	if want := []float32{-2, -4, -6, -8}; fmt.Sprint(c) != fmt.Sprint(want) {
		t.Errorf("k=0 beta=-2: C = %v, want %v", c, want)
	}
	// alpha zero: A and B are not read, C = beta*C.
	c = []float32{1, 2, 3, 4}
	Sgemm(false, false, 2, 2, 2, 0, []float32{nan, nan, nan, nan}, 2, []float32{nan, nan, nan, nan}, 2, 0.5, c, 2)
	if want := []float32{0.5, 1, 1.5, 2}; fmt.Sprint(c) != fmt.Sprint(want) {
		t.Errorf("alpha=0: C = %v, want %v", c, want)
	}
}

// A 2×3 times 3×2 product worked by hand, through every transpose: the
// stored operands are transposed copies of the same matrices.
func TestSgemmHandWorked(t *testing.T) {
	a := []float32{1, 2, 3, 4, 5, 6}     // [[1 2 3] [4 5 6]]
	at := []float32{1, 4, 2, 5, 3, 6}    // its transpose, 3×2
	b := []float32{7, 8, 9, 10, 11, 12}  // [[7 8] [9 10] [11 12]]
	bt := []float32{7, 9, 11, 8, 10, 12} // its transpose, 2×3
	want := []float32{58, 64, 139, 154}  // A·B
	for _, tc := range []struct {
		ta, tb   bool
		a, b     []float32
		lda, ldb int
	}{
		{false, false, a, b, 3, 2},
		{true, false, at, b, 2, 2},
		{false, true, a, bt, 3, 3},
		{true, true, at, bt, 2, 3},
	} {
		c := []float32{1, 1, 1, 1}
		Sgemm(tc.ta, tc.tb, 2, 2, 3, 2, tc.a, tc.lda, tc.b, tc.ldb, -1, c, 2)
		for i := range c {
			if c[i] != 2*want[i]-1 {
				t.Errorf("transA=%v transB=%v: C = %v, want 2·%v - 1", tc.ta, tc.tb, c, want)
				break
			}
		}
	}
}

func TestSgemmPanicsOnBadSizes(t *testing.T) {
	a := make([]float32, 6)
	for _, tc := range []struct {
		name string
		call func()
		msg  string
	}{
		{"negative", func() { Sgemm(false, false, -1, 2, 3, 1, a, 3, a, 2, 0, a, 2) }, "negative size"},
		{"lda", func() { Sgemm(false, false, 2, 2, 3, 1, a, 2, a, 2, 0, a, 2) }, "lda 2 is less than the 3 columns of A"},
		{"ldb transposed", func() { Sgemm(false, true, 2, 2, 3, 1, a, 3, a, 2, 0, a, 2) }, "ldb 2 is less than the 3 columns of B"},
		{"short B", func() { Sgemm(false, false, 2, 3, 3, 1, a, 3, a, 3, 0, make([]float32, 6), 3) }, "B has 6 elements"},
		{"short C", func() { Sgemm(false, false, 2, 2, 3, 1, a, 3, a, 2, 0, a[:3], 2) }, "C has 3 elements"},
	} {
		func() {
			defer func() {
				r := recover()
				s, _ := r.(string)
				if !strings.HasPrefix(s, "gemm: Sgemm: ") || !strings.Contains(s, tc.msg) {
					t.Errorf("%s: panic %v, want one containing %q", tc.name, r, tc.msg)
				}
			}()
			tc.call()
		}()
	}
}

// An interrupt requested before a product stops it with ErrInterrupted on
// the calling goroutine, both on the serial and the parallel path, and a
// later product runs normally.
func TestSgemmStopsOnInterrupt(t *testing.T) {
	defer interrupt.Clear()
	for _, n := range []int{16, 300} {
		a := make([]float32, n*n)
		c := make([]float32, n*n)
		interrupt.Request()
		func() {
			defer func() {
				if r := recover(); r != interrupt.ErrInterrupted {
					t.Errorf("n=%d: panic %v, want %v", n, r, interrupt.ErrInterrupted)
				}
			}()
			Sgemm(false, false, n, n, n, 1, a, n, a, n, 0, c, n)
		}()
		interrupt.Clear()
		for i := range a {
			a[i] = 1
		}
		Sgemm(false, false, n, n, n, 1, a, n, a, n, 0, c, n)
		if c[0] != float32(n) || c[n*n-1] != float32(n) {
			t.Errorf("n=%d after clearing: C corners %g %g, want %d", n, c[0], c[n*n-1], n)
		}
	}
}

// The gonum fallback, which cannot be stopped inside a call, checks for an
// interrupt before each band of rows.
func TestGonumFallbackStopsOnInterrupt(t *testing.T) {
	defer interrupt.Clear()
	a := make([]float32, 16*16)
	c := make([]float32, 16*16)
	p := problem{m: 16, n: 16, k: 16, alpha: 1, a: a, lda: 16, b: a, ldb: 16, c: c, ldc: 16}
	interrupt.Request()
	defer func() {
		if r := recover(); r != interrupt.ErrInterrupted {
			t.Errorf("panic %v, want %v", r, interrupt.ErrInterrupted)
		}
	}()
	gonumBands(&p)
}

// Workers stop at a block boundary and the caller raises the interrupt;
// runParallel reports the stop without panicking itself.
func TestParallelPartsReportInterrupt(t *testing.T) {
	if len(kernels) == 0 {
		t.Skip("no micro-kernel on this CPU")
	}
	defer interrupt.Clear()
	p := newProblem(rand.New(rand.NewPCG(7, 8)), false, false, 200, 200, 600, 0, 1, 0)
	interrupt.Request()
	if runParallel(&kernels[0], p, 2, true) {
		t.Error("runParallel finished a product while an interrupt was requested")
	}
	interrupt.Clear()
	if !runParallel(&kernels[0], p, 2, true) {
		t.Error("runParallel stopped with no interrupt requested")
	}
	check(t, impl{"parallel", func(q *problem) { runParallel(&kernels[0], q, 2, false) }}, p)
}

func TestSgemmDoesNotAllocateWhenWarm(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under the race detector")
	}
	for _, n := range []int{8, 64, 256} {
		a := make([]float32, n*n)
		c := make([]float32, n*n)
		f := func() { Sgemm(false, true, n, n, n, 1, a, n, a, n, 0, c, n) }
		f()
		if allocs := testing.AllocsPerRun(20, f); allocs > 0 {
			t.Errorf("n=%d: %v allocations per call", n, allocs)
		}
	}
}

func FuzzSgemm(f *testing.F) {
	f.Add(uint8(1), uint8(1), uint16(1), uint8(0), uint8(0), int8(1), int8(0), uint64(1))
	f.Add(uint8(14), uint8(32), uint16(256), uint8(3), uint8(1), int8(2), int8(1), uint64(2))
	f.Add(uint8(15), uint8(33), uint16(257), uint8(1), uint8(2), int8(-3), int8(-2), uint64(3))
	f.Add(uint8(200), uint8(7), uint16(513), uint8(2), uint8(0), int8(1), int8(0), uint64(4))
	f.Add(uint8(6), uint8(150), uint16(3), uint8(0), uint8(3), int8(4), int8(3), uint64(5))
	f.Add(uint8(0), uint8(5), uint16(5), uint8(0), uint8(0), int8(1), int8(0), uint64(6))
	f.Add(uint8(5), uint8(5), uint16(0), uint8(1), uint8(0), int8(1), int8(0), uint64(7))
	f.Fuzz(func(t *testing.T, m, n uint8, k uint16, trans, pad uint8, alpha, beta int8, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 9))
		alphaf, betaf := float32(alpha)/2, float32(beta)/2
		p := newProblem(rng, trans&1 != 0, trans&2 != 0, int(m), int(n), int(k%1100), int(pad%4), alphaf, betaf)
		checkAll(t, impls(), p)
	})
}

func TestBackendNamesTheCodeThatRuns(t *testing.T) {
	got := Backend()
	switch {
	case got == "openblas":
	case len(kernels) == 0 && got != "gonum":
		t.Errorf("Backend() = %q with no micro-kernel, want gonum", got)
	case len(kernels) > 0 && got != kernels[0].name:
		t.Errorf("Backend() = %q, want the best kernel %q", got, kernels[0].name)
	}
}

// tensorlib calls Sgemm from several goroutines at once; products big
// enough to use the workers must not mix up their parts.
func TestSgemmConcurrentCallers(t *testing.T) {
	const callers = 4
	rng := rand.New(rand.NewPCG(11, 12))
	ps := make([]*problem, callers)
	for i := range ps {
		ps[i] = newProblem(rng, i%2 == 0, i/2 == 0, 200+i, 230-i, 210, 1, 1, 0)
	}
	wants := make([][]float64, callers)
	tols := make([][]float64, callers)
	for i, p := range ps {
		wants[i], tols[i] = reference(p)
	}
	done := make(chan int, callers)
	for i := range ps {
		go func() {
			p := ps[i]
			for range 5 {
				Sgemm(p.transA, p.transB, p.m, p.n, p.k, p.alpha, p.a, p.lda, p.b, p.ldb, p.beta, p.c, p.ldc)
			}
			done <- i
		}()
	}
	for range callers {
		i := <-done
		p := ps[i]
		for r := 0; r < p.m; r++ {
			for c := 0; c < p.n; c++ {
				got, w := float64(p.c[r*p.ldc+c]), wants[i][r*p.n+c]
				if !(math.Abs(got-w) <= tols[i][r*p.n+c]) {
					t.Fatalf("caller %d: C[%d][%d] = %g, want %g", i, r, c, got, w)
				}
			}
		}
	}
}

// The shapes the parallel tests rely on must really take the parallel path.
func TestParallelTestsSplit(t *testing.T) {
	if len(kernels) == 0 || runtime.GOMAXPROCS(0) < 2 {
		t.Skip("no micro-kernel or one core")
	}
	for _, s := range [][3]int{{400, 130, 300}, {191, 3100, 40}, {203, 227, 210}, {300, 300, 300}, {256, 256, 256}} {
		p := &problem{m: s[0], n: s[1], k: s[2]}
		if parts, _ := split(&kernels[0], p); parts < 2 {
			t.Errorf("%v: split into %d parts, the tests expect a parallel product", s, parts)
		}
	}
}
