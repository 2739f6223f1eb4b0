//go:build !purego

package vmath

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

var exhaustive = flag.Bool("vmath.exhaustive", false, "compare the AVX-512 element-wise kernels with the AVX2 ones on every float32 (a minute or two)")

// withAVX512 runs f with useAVX512 set to on, and restores it.
func withAVX512(on bool, f func()) {
	defer func(v bool) { useAVX512 = v }(useAVX512)
	useAVX512 = on
	f()
}

func needAVX512(t *testing.T) {
	t.Helper()
	if !useAVX512 {
		t.Skip("no AVX-512 on this CPU: the AVX2 kernels are the dispatched ones")
	}
}

// kernelInputs returns testInputs and values that reach every branch of
// the kernels: uniform ones in [-120, 120] (both clamps of Exp), small
// ones (tanh's polynomial), the denormals, values near 0 of both signs,
// and the neighbours of the thresholds; with NaNs of several payloads and
// both signs, and infinities.
func kernelInputs() []float32 {
	xs := testInputs()
	r := rand.New(rand.NewPCG(1, 2))
	for range 1 << 16 {
		xs = append(xs,
			float32(r.Float64()*240-120),
			float32(r.NormFloat64()),
			float32(r.Float64()*2-1)*0.7,
			math.Float32frombits(r.Uint32()),
			math.Float32frombits(r.Uint32()&0x807fffff), // a denormal or ±0
			float32(r.Float64()*16-8))
	}
	for _, b := range []uint32{0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fc12345, 0xffbfffff, 0x7fa00000} {
		xs = append(xs, math.Float32frombits(b))
	}
	for _, e := range []float32{-104, 100, 86, -86, 43, -43, 88.72284, -87.33654, 0x1p-126, -0x1p-126, 0.70710677, 1.4142135, 5.5, -5.5, 9.5, -9.5, 13.2, -13.2} {
		for d := -4; d <= 4; d++ {
			xs = append(xs, math.Float32frombits(uint32(int32(math.Float32bits(e))+int32(d))))
		}
	}
	return xs
}

type unaryKernel struct {
	name         string
	avx2, avx512 func(dst, src *float32, n int)
}

var unaryKernels = []unaryKernel{
	{"Exp", expAVX2, expAVX512},
	{"Sigmoid", sigmoidAVX2, sigmoidAVX512},
	{"Tanh", tanhAVX2, tanhAVX512},
	{"SiLU", siluAVX2, siluAVX512},
	{"GELU", geluAVX2, geluAVX512},
	{"Log", logAVX2, logAVX512},
	{"Sqrt", sqrtAVX2, sqrtAVX512},
}

// firstDiff reports the first index where a and b differ in their bits.
func firstDiff(a, b []float32) (int, bool) {
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return i, false
		}
	}
	return 0, true
}

// TestAVX512ElementwiseKernelsMatchAVX2 runs each AVX-512 kernel and its
// AVX2 kernel over the same inputs and wants the same bits, NaN payloads
// included.
func TestAVX512ElementwiseKernelsMatchAVX2(t *testing.T) {
	needAVX512(t)
	xs := kernelInputs()
	xs = xs[:len(xs)&^7]
	want, got := make([]float32, len(xs)), make([]float32, len(xs))
	g := make([]float32, len(xs))
	r := rand.New(rand.NewPCG(3, 4))
	for i := range g {
		g[i] = float32(r.NormFloat64())
	}
	g[5] = float32(math.NaN())
	g[6] = float32(math.Inf(-1))
	check := func(name string, x []float32) {
		t.Helper()
		if i, ok := firstDiff(got, want); !ok {
			t.Errorf("%s(%g [%#08x]): AVX-512 %g [%#08x], AVX2 %g [%#08x]", name, x[i], math.Float32bits(x[i]), got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
		}
	}
	for _, k := range unaryKernels {
		k.avx2(&want[0], &xs[0], len(xs))
		k.avx512(&got[0], &xs[0], len(xs))
		check(k.name, xs)
	}
	geluBackwardAVX2(&want[0], &xs[0], &g[0], len(xs))
	geluBackwardAVX512(&got[0], &xs[0], &g[0], len(xs))
	check("GELUBackward", xs)
	// The binary kernels, on the inputs against a shuffle of them (NaN
	// against NaN of another payload, ±Inf against ±Inf and 0).
	ys := append([]float32(nil), xs...)
	r.Shuffle(len(ys), func(i, j int) { ys[i], ys[j] = ys[j], ys[i] })
	for _, k := range []struct {
		name         string
		avx2, avx512 func(dst, a, b *float32, n int)
	}{{"Add", addAVX2, addAVX512}, {"Sub", subAVX2, subAVX512}, {"Mul", mulAVX2, mulAVX512}, {"Div", divAVX2, divAVX512}} {
		k.avx2(&want[0], &xs[0], &ys[0], len(xs))
		k.avx512(&got[0], &xs[0], &ys[0], len(xs))
		check(k.name, xs)
	}
}

// TestAVX512Exhaustive compares the element-wise kernels on every float32
// with -vmath.exhaustive.
func TestAVX512Exhaustive(t *testing.T) {
	if !*exhaustive {
		t.Skip("-vmath.exhaustive not set")
	}
	needAVX512(t)
	const block = 1 << 20
	ones := make([]float32, block)
	for i := range ones {
		ones[i] = 1
	}
	workers := runtime.GOMAXPROCS(0)
	for _, k := range append(unaryKernels, unaryKernel{"GELUBackward", nil, nil}) {
		var mu sync.Mutex
		var bad []string
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				x, a, b := make([]float32, block), make([]float32, block), make([]float32, block)
				for start := uint64(w) * block; start < 1<<32; start += uint64(workers) * block {
					for i := range x {
						x[i] = math.Float32frombits(uint32(start) + uint32(i))
					}
					if k.avx2 == nil {
						geluBackwardAVX2(&a[0], &x[0], &ones[0], block)
						geluBackwardAVX512(&b[0], &x[0], &ones[0], block)
					} else {
						k.avx2(&a[0], &x[0], block)
						k.avx512(&b[0], &x[0], block)
					}
					if i, ok := firstDiff(b, a); !ok {
						mu.Lock()
						bad = append(bad, fmt.Sprintf("%s(%#08x): AVX-512 %#08x, AVX2 %#08x", k.name, math.Float32bits(x[i]), math.Float32bits(b[i]), math.Float32bits(a[i])))
						mu.Unlock()
					}
				}
			}()
		}
		wg.Wait()
		for _, s := range bad {
			t.Error(s)
		}
		t.Logf("%s: every float32 compared", k.name)
	}
}

// TestAVX512DispatchMatchesAVX2 calls the exported functions with and
// without the AVX-512 kernels at every length from 0 to 80 and at offsets
// that misalign the slices: the AVX-512 kernels mask their last block
// where the AVX2 path finishes through an eight-lane buffer or a Go loop.
func TestAVX512DispatchMatchesAVX2(t *testing.T) {
	needAVX512(t)
	xs := kernelInputs()
	r := rand.New(rand.NewPCG(5, 6))
	funcs := []struct {
		name string
		f    func(dst, src []float32)
	}{
		{"Exp", Exp}, {"Sigmoid", Sigmoid}, {"Tanh", Tanh}, {"SiLU", SiLU},
		{"GELU", GELU}, {"Log", Log}, {"Sqrt", Sqrt},
		{"GELUBackward", func(dst, src []float32) { GELUBackward(dst, src, src[:len(dst)]) }},
		{"Add", func(dst, src []float32) { Add(dst, src, dst) }},
		{"Sub", func(dst, src []float32) { Sub(dst, src, dst) }},
		{"Mul", func(dst, src []float32) { Mul(dst, src, dst) }},
		{"Div", func(dst, src []float32) { Div(dst, src, dst) }},
	}
	for n := 0; n <= 80; n++ {
		for off := range 3 {
			start := r.IntN(len(xs) - n - off)
			src := xs[start+off : start+off+n]
			for _, f := range funcs {
				want, got := make([]float32, n+1), make([]float32, n+1)
				for i := range want {
					want[i] = float32(i) - 3.5
					got[i] = want[i]
				}
				withAVX512(false, func() { f.f(want[1:], src) })
				withAVX512(true, func() { f.f(got[1:], src) })
				if i, ok := firstDiff(got, want); !ok {
					t.Errorf("%s, %d elements at offset %d: [%d] AVX-512 %#08x, AVX2 %#08x", f.name, n, off, i, math.Float32bits(got[i]), math.Float32bits(want[i]))
				}
			}
		}
	}
}

// rowCases returns rows for the softmax kernels: random ones, ones far
// beyond ±86 from their maximum, rows whose largest value is +0 or -0
// (both present, in several orders), rows with NaNs, -Inf (masked
// attention) and +Inf.
func rowCases(r *rand.Rand, n int) [][]float32 {
	var rows [][]float32
	mk := func(f func(i int) float32) {
		row := make([]float32, n)
		for i := range row {
			row[i] = f(i)
		}
		rows = append(rows, row)
	}
	negz := float32(math.Copysign(0, -1))
	mk(func(int) float32 { return float32(r.NormFloat64() * 3) })
	mk(func(int) float32 { return float32(r.NormFloat64() * 100) })
	mk(func(i int) float32 { return -float32(r.Float64()) * float32(i%3) })
	for range 4 {
		mk(func(int) float32 {
			switch r.IntN(3) {
			case 0:
				return 0
			case 1:
				return negz
			}
			return -float32(r.Float64())
		})
	}
	mk(func(int) float32 { return negz })
	mk(func(int) float32 { return 0 })
	for range 3 {
		k := r.IntN(n)
		mk(func(i int) float32 {
			if i == k {
				return float32(math.NaN())
			}
			return float32(r.NormFloat64())
		})
	}
	mk(func(i int) float32 {
		if i%5 == 3 {
			return float32(math.Inf(-1))
		}
		return float32(r.NormFloat64())
	})
	mk(func(i int) float32 {
		if i == n-1 {
			return float32(math.Inf(1))
		}
		return float32(r.NormFloat64())
	})
	mk(func(int) float32 { return float32(math.Inf(-1)) })
	return rows
}

// TestAVX512RowKernelsMatchAVX2 compares Max, ExpShiftSum, ExpSumRows,
// AddRows and ScaleRows with and without the AVX-512 kernels, to the
// bit, for row lengths on and off the multiples of 8, 16 and 32.
func TestAVX512RowKernelsMatchAVX2(t *testing.T) {
	needAVX512(t)
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 7, 8, 9, 16, 24, 31, 32, 40, 48, 56, 64, 72, 100, 128, 136, 1000, 1024} {
		cases := rowCases(r, n)
		var all []float32
		for _, row := range cases {
			all = append(all, row...)
		}
		rows := len(cases)
		c := make([]float32, rows)
		for i := range c {
			c[i] = float32(r.NormFloat64())
		}
		type out struct {
			max, sum     []float32
			exps         []float32
			m, s         []float32
			rowExp       []float32
			added, scale []float32
		}
		run := func() out {
			o := out{max: make([]float32, rows), sum: make([]float32, rows), exps: make([]float32, len(all)),
				m: make([]float32, rows), s: make([]float32, rows), rowExp: make([]float32, len(all)),
				added: make([]float32, len(all)), scale: make([]float32, len(all))}
			for i, row := range cases {
				o.max[i] = Max(row)
				o.sum[i] = ExpShiftSum(o.exps[i*n:(i+1)*n], row, o.max[i])
			}
			ExpSumRows(o.rowExp, all, n, o.m, o.s)
			AddRows(o.added, all, n, c)
			ScaleRows(o.scale, all, n, c)
			return o
		}
		var want, got out
		withAVX512(false, func() { want = run() })
		withAVX512(true, func() { got = run() })
		for _, cmp := range []struct {
			name string
			a, b []float32
		}{{"Max", got.max, want.max}, {"ExpShiftSum", got.sum, want.sum}, {"ExpShiftSum's exponentials", got.exps, want.exps},
			{"ExpSumRows' maxima", got.m, want.m}, {"ExpSumRows' sums", got.s, want.s}, {"ExpSumRows' exponentials", got.rowExp, want.rowExp},
			{"AddRows", got.added, want.added}, {"ScaleRows", got.scale, want.scale}} {
			if i, ok := firstDiff(cmp.a, cmp.b); !ok {
				t.Errorf("rows of %d: %s[%d]: AVX-512 %g [%#08x], AVX2 %g [%#08x]", n, cmp.name, i, cmp.a[i], math.Float32bits(cmp.a[i]), cmp.b[i], math.Float32bits(cmp.b[i]))
			}
		}
	}
}

// TestAVX512MaxFallsBack checks that maxAVX512 declines the rows whose
// bits depend on the order of the comparisons, and only those.
func TestAVX512MaxFallsBack(t *testing.T) {
	needAVX512(t)
	negz := float32(math.Copysign(0, -1))
	for _, c := range []struct {
		row []float32
		ok  bool
	}{
		{[]float32{1, 2, 3, 4, 5, 6, 7, 8}, true},
		{[]float32{-1, -2, 0, -4, negz, -6, -7, -8}, false},
		{[]float32{-1, -2, -3, -4, -5, -6, -7, float32(math.NaN()), 1, 1, 1, 1, 1, 1, 1, 1}, false},
		{[]float32{-1, -2, -3, -4, -5, -6, -7, -8, -1, -1, -1, -1, -1, -1, -1, 9, 0, 0, 0, 0, 0, 0, 0, 0}, true},
		{[]float32{-1, -2, -3, -4, -5, -6, -7, -8, -1, -1, -1, -1, -1, -1, -1, -9, 0, 0, 0, 0, 0, 0, 0, 0}, false},
	} {
		m, ok := maxAVX512(&c.row[0], len(c.row))
		if ok != c.ok || ok && m != maxAVX2(&c.row[0], len(c.row)) {
			t.Errorf("maxAVX512(%v) = %v, %v; want ok %v and maxAVX2's %v", c.row, m, ok, c.ok, maxAVX2(&c.row[0], len(c.row)))
		}
	}
}

// TestAVX512LayerNormRowsMatchAVX2 compares LayerNormRows and
// LayerNormBackwardRows with and without the AVX-512 kernels, to the bit,
// for row lengths that are multiples of 8 (the vector kernels' rows) with
// and without a last block of 8 and with chunks of 128 in the backward,
// on rows with a mean far from 0 (float64 moments with many digits), rows
// where ±2^50 at random places cancel (a float64 sum absorbs more or less
// of the other values depending on its order, which then shows in the
// mean) and rows
// with a NaN or an infinity.
func TestAVX512LayerNormRowsMatchAVX2(t *testing.T) {
	needAVX512(t)
	r := rand.New(rand.NewPCG(9, 10))
	for _, d := range []int{8, 16, 24, 32, 40, 120, 128, 136, 256, 264, 1000, 1024} {
		for _, rows := range []int{1, 2, 5} {
			x, g := make([]float32, rows*d), make([]float32, rows*d)
			for i := range x {
				x[i] = float32(r.NormFloat64()*float64(1+i%7) + float64(i/d%3)*1e4)
				if i/d%3 == 1 {
					x[i] = float32(r.NormFloat64())
				}
				g[i] = float32(r.NormFloat64() * 2)
			}
			for row := 1; row < rows; row += 3 {
				// Three +2^50 and three -2^50 at random places, which
				// cancel in the end: which small values a float64 sum
				// absorbs into them depends on its order.
				for k, p := range r.Perm(d)[:min(6, d)] {
					x[row*d+p] = float32(math.Ldexp(float64(1-2*(k%2)), 50))
				}
			}
			if rows == 5 {
				x[3*d+d/2] = float32(math.NaN())
				g[4*d+1] = float32(math.Inf(1))
			}
			w, b := make([]float32, d), make([]float32, d)
			for i := range w {
				w[i], b[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
			}
			dw0, db0 := make([]float32, d), make([]float32, d)
			for i := range dw0 {
				dw0[i], db0[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
			}
			type out struct{ y, mean, rstd, dx, dw, db, dw2, db2 []float32 }
			run := func() out {
				o := out{y: make([]float32, rows*d), mean: make([]float32, rows), rstd: make([]float32, rows), dx: make([]float32, rows*d),
					dw: append([]float32(nil), dw0...), db: append([]float32(nil), db0...),
					dw2: append([]float32(nil), dw0...), db2: append([]float32(nil), db0...)}
				LayerNormRows(o.y, x, w, b, o.mean, o.rstd, d, 1e-5)
				LayerNormBackwardRows(o.dx, g, x, w, o.dw, o.db, o.mean, o.rstd, d)
				LayerNormBackwardRows(nil, g, x, w, o.dw2, o.db2, o.mean, o.rstd, d)
				return o
			}
			var want, got out
			withAVX512(false, func() { want = run() })
			withAVX512(true, func() { got = run() })
			for _, c := range []struct {
				name string
				a, b []float32
			}{{"y", got.y, want.y}, {"mean", got.mean, want.mean}, {"rstd", got.rstd, want.rstd}, {"dx", got.dx, want.dx},
				{"dw", got.dw, want.dw}, {"db", got.db, want.db}, {"dw without dx", got.dw2, want.dw2}, {"db without dx", got.db2, want.db2}} {
				if i, ok := firstDiff(c.a, c.b); !ok {
					t.Errorf("%d rows of %d: %s[%d]: AVX-512 %g [%#08x], AVX2 %g [%#08x]", rows, d, c.name, i, c.a[i], math.Float32bits(c.a[i]), c.b[i], math.Float32bits(c.b[i]))
				}
			}
		}
	}
}

// momentsAVX2Order returns the float64 mean and biased variance of x as
// layerNormRowsAVX2 adds them: a 64-byte step's float64 conversions into
// four four-lane sums (elements 0-3, 4-7, 8-11, 12-15), the last eight
// elements into the first two, then (Y0+Y1) + (Y2+Y3) and its lanes as
// (l0+l2) + (l1+l3); the squares as fused multiply-adds.
func momentsAVX2Order(x []float32) (mean, variance float64) {
	sum := func(term func(v float32, acc float64) float64) float64 {
		var acc [16]float64
		for i, v := range x {
			j := i % 16
			acc[j] = term(v, acc[j])
		}
		var y [4]float64
		for l := range y {
			y[l] = (acc[l] + acc[4+l]) + (acc[8+l] + acc[12+l])
		}
		return (y[0] + y[2]) + (y[1] + y[3])
	}
	d := float64(len(x))
	mean = sum(func(v float32, acc float64) float64 { return acc + float64(v) }) / d
	variance = sum(func(v float32, acc float64) float64 {
		dv := float64(v) - mean
		return math.FMA(dv, dv, acc)
	}) / d
	return mean, variance
}

// TestAVX512LayerNormMomentsOrder shows the order of the float64 moments'
// sums, which the float32 mean and rstd hide nearly always: with eps
// (float64, when the kernels are called directly) set to -variance plus
// 2^-40 of it, rstd = 1/√(variance + eps) depends on the variance's last
// bits. The AVX2 kernel's rstd is checked against
// momentsAVX2Order's (the order the AVX-512 kernel must keep), and the
// AVX-512 kernel's against the AVX2 kernel's.
func TestAVX512LayerNormMomentsOrder(t *testing.T) {
	needAVX512(t)
	r := rand.New(rand.NewPCG(11, 12))
	for _, d := range []int{8, 16, 24, 40, 128, 136, 1000} {
		for range 20 {
			x := make([]float32, d)
			for i := range x {
				x[i] = float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(20))))
			}
			w, b := make([]float32, d), make([]float32, d)
			for i := range w {
				w[i] = 1
			}
			_, v := momentsAVX2Order(x)
			eps := -v + v*0x1p-40
			want := float32(1 / math.Sqrt(v+eps))
			// Three copies of the row: the AVX-512 kernel takes two rows
			// at a time, and an odd one alone.
			const rows = 3
			x3 := append(append(append([]float32(nil), x...), x...), x...)
			y, mean, r2, r512 := make([]float32, rows*d), make([]float32, rows), make([]float32, rows), make([]float32, rows)
			layerNormRowsAVX2(&y[0], &x3[0], &w[0], &b[0], &mean[0], &r2[0], rows, d, eps)
			layerNormRowsAVX512(&y[0], &x3[0], &w[0], &b[0], &mean[0], &r512[0], rows, d, eps)
			for i := range rows {
				if r2[i] != want {
					t.Fatalf("rows of %d: the AVX2 kernel's rstd %g, momentsAVX2Order's %g: the model is wrong", d, r2[i], want)
				}
				if math.Float32bits(r512[i]) != math.Float32bits(r2[i]) {
					t.Errorf("rows of %d: row %d's rstd with eps = -variance·(1-2^-40): AVX-512 %g, AVX2 %g", d, i, r512[i], r2[i])
				}
			}
		}
	}
}

// BenchmarkKernelPaths runs each kernel with the AVX2 and the AVX-512
// kernels (on a CPU with AVX-512) over 16384 elements that stay in the
// L1 and L2 caches, into a reused output: the kernels' own rates. The
// softmax case is ExpSumRows, AddRows-free: 256 rows of 64 (the
// attention rows of BenchmarkSoftmax); LayerNorm is 64 rows of 128
// forward and backward (BenchmarkLayerNormRows).
func BenchmarkKernelPaths(b *testing.B) {
	const n = 1 << 14
	r := rand.New(rand.NewPCG(13, 14))
	x, g, u, dst := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i] = float32(r.NormFloat64() * 2)
		g[i] = float32(r.NormFloat64())
		u[i] = float32(r.Float64())
	}
	m, s := make([]float32, n/64), make([]float32, n/64)
	const d = 128
	w, bias, dw, db := x[:d], g[:d], make([]float32, d), make([]float32, d)
	mean, rstd, dx := make([]float32, n/d), make([]float32, n/d), make([]float32, n)
	cases := []struct {
		name string
		f    func()
	}{
		{"Exp", func() { Exp(dst, x) }},
		{"Sigmoid", func() { Sigmoid(dst, x) }},
		{"Tanh", func() { Tanh(dst, x) }},
		{"SiLU", func() { SiLU(dst, x) }},
		{"GELU", func() { GELU(dst, x) }},
		{"GELUBackward", func() { GELUBackward(dst, x, g) }},
		{"Log", func() { Log(dst, u) }},
		{"Max", func() { Max(x) }},
		{"ExpShiftSum", func() { ExpShiftSum(dst, x, 3) }},
		{"ExpSumRows_256x64", func() { ExpSumRows(dst, x, 64, m, s) }},
		{"ScaleRows_256x64", func() { ScaleRows(dst, dst, 64, s) }},
		{"LayerNormRows_128x128", func() { LayerNormRows(dst, x, w, bias, mean, rstd, d, 1e-5) }},
		{"LayerNormBackwardRows_128x128", func() { LayerNormBackwardRows(dx, g, x, w, dw, db, mean, rstd, d) }},
	}
	for _, c := range cases {
		for _, path := range []struct {
			name string
			on   bool
		}{{"avx2", false}, {"avx512", true}} {
			if path.on && !useAVX512 {
				continue
			}
			b.Run(c.name+"/"+path.name, func(b *testing.B) {
				withAVX512(path.on, func() {
					b.SetBytes(4 * n)
					for b.Loop() {
						c.f()
					}
				})
			})
		}
	}
}

// TestReferenceTestsOnAVX2 runs the reference tests of the kernels that
// have AVX-512 versions (against PyTorch's values, float64 math and the Go
// loops) once more with the AVX2 kernels, which the CPUs with AVX-512 no
// longer dispatch to: the AVX2 path stays checked on them too.
func TestReferenceTestsOnAVX2(t *testing.T) {
	needAVX512(t)
	withAVX512(false, func() {
		for _, c := range []struct {
			name string
			test func(*testing.T)
		}{
			{"Accuracy", TestAccuracy}, {"SpecialValues", TestSpecialValues}, {"SiLUSteps", TestSiLUSteps},
			{"GELUMatchesPyTorch", TestGELUMatchesPyTorch}, {"GELUAccuracy", TestGELUAccuracy}, {"GELUBackwardLengths", TestGELUBackwardLengths},
			{"LogAccuracy", TestLogAccuracy}, {"LogSpecialValues", TestLogSpecialValues}, {"Sqrt", TestSqrt},
			{"RowKernels", TestRowKernels}, {"Rows", TestRows}, {"BinaryAndReLU", TestBinaryAndReLU}, {"BlockWidthsAgree", TestBlockWidthsAgree},
			{"LayerNormKernels", TestLayerNormKernels}, {"LayerNormRowsIsTheRowKernelsRowByRow", TestLayerNormRowsIsTheRowKernelsRowByRow},
		} {
			t.Run(c.name, c.test)
		}
	})
}
