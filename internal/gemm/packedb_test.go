package gemm

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// packFrom is a PackB that packs the stored matrix b (k×n, stride ldb) and
// counts its calls; it checks that dst has exactly the documented length.
func packFrom(t *testing.T, b []float32, ldb int, calls *atomic.Int64) PackB {
	return func(dst []float32, p0, kb, j0, nb, width int) {
		calls.Add(1)
		slivers := (nb + width - 1) / width
		if len(dst) != slivers*width*kb {
			t.Errorf("PackB got %d floats for %d slivers of %d×%d", len(dst), slivers, kb, width)
			return
		}
		for s := 0; s < slivers; s++ {
			for q := 0; q < kb; q++ {
				for l := 0; l < width; l++ {
					v := float32(0)
					if j := s*width + l; j < nb {
						v = b[(p0+q)*ldb+j0+j]
					}
					dst[(s*kb+q)*width+l] = v
				}
			}
		}
	}
}

func TestSgemmPackBMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	shapes := [][3]int{
		{1, 1, 1}, {5, 7, 3}, {6, 16, 9}, {13, 33, 40}, {64, 1024, 577},
		{512, 512, 300}, {3, 600, 257}, {200, 17, 513},
	}
	for _, sh := range shapes {
		for _, beta := range []float32{0, 1, 0.5} {
			p := newProblem(rng, false, false, sh[0], sh[1], sh[2], 3, 1.5, beta)
			var calls atomic.Int64
			want, tol := reference(p)
			checkAgainst(t, impl{name: "SgemmPackB", run: func(q *problem) {
				SgemmPackB(q.m, q.n, q.k, q.alpha, q.a, q.lda, packFrom(t, q.b, q.ldb, &calls), q.beta, q.c, q.ldc)
			}}, p, want, tol)
			if calls.Load() == 0 {
				t.Errorf("%s: PackB never called", describe(p))
			}
		}
	}
}

func TestSgemmPackBSplitsAcrossCores(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	p := newProblem(rng, false, false, 256, 2048, 256, 0, 1, 0)
	want, tol := reference(p)
	checkAgainst(t, impl{name: "SgemmPackB", run: func(q *problem) {
		var calls atomic.Int64
		SgemmPackB(q.m, q.n, q.k, q.alpha, q.a, q.lda, packFrom(t, q.b, q.ldb, &calls), q.beta, q.c, q.ldc)
	}}, p, want, tol)
}

func TestSgemmPackBEmptyAndBad(t *testing.T) {
	c := []float32{1, 2, 3, 4}
	never := func(dst []float32, p0, kb, j0, nb, width int) { t.Error("PackB called for k = 0") }
	SgemmPackB(2, 2, 0, 1, nil, 1, never, 0, c, 2)
	for _, v := range c {
		if v != 0 {
			t.Fatalf("k = 0, beta = 0 left C = %v, want zeros", c)
		}
	}
	for _, tc := range []struct {
		name string
		run  func()
		want string
	}{
		{"nil pack", func() { SgemmPackB(1, 1, 1, 1, []float32{1}, 1, nil, 0, c, 1) }, "nil PackB"},
		{"short A", func() { SgemmPackB(2, 2, 3, 1, make([]float32, 5), 3, never, 0, c, 2) }, "A has 5 elements"},
		{"short C", func() { SgemmPackB(3, 2, 1, 1, make([]float32, 3), 1, never, 0, c, 2) }, "C has 4 elements"},
	} {
		func() {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.Contains(s, tc.want) {
					t.Errorf("%s: panic %v, want one saying %q", tc.name, r, tc.want)
				}
			}()
			tc.run()
		}()
	}
}
