package vmath

import (
	"math"
	"testing"
)

// ulps is how far got is from the exact value want, in units of the
// float32 spacing at want (2^-149 in the denormal range). Matching
// infinities and NaNs are 0 apart; any other disagreement about them is
// infinitely far.
func ulps(got float32, want float64) float64 {
	g := float64(got)
	switch {
	case math.IsNaN(want) || math.IsNaN(g):
		if math.IsNaN(want) && math.IsNaN(g) {
			return 0
		}
		return math.Inf(1)
	case math.IsInf(want, 0) || math.IsInf(g, 0):
		if g == want {
			return 0
		}
		// want beyond float32's range rounds to infinity.
		if float64(float32(want)) == g {
			return 0
		}
		return math.Inf(1)
	}
	w := math.Abs(want)
	spacing := math.Ldexp(1, -149)
	if w >= math.Ldexp(1, -126) {
		_, e := math.Frexp(w) // w = f·2^e, f in [0.5, 1)
		spacing = math.Ldexp(1, e-24)
	}
	return math.Abs(g-want) / spacing
}

// testInputs returns every 1021st float32 bit pattern (both signs, the
// denormals, infinities and NaNs among them) and the edge cases.
func testInputs() []float32 {
	var xs []float32
	for b := uint64(0); b < 1<<32; b += 1021 {
		xs = append(xs, math.Float32frombits(uint32(b)))
	}
	edges := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32,
		math.MaxFloat32, -math.MaxFloat32,
		88.72283, 88.72284, 88.7229, 89, 100, 100.5, -87.33654, -87.3366, -103.2789, -103.97, -103.98, -104, -104.1,
		0.625, -0.625, 0.62499994, 9, 9.1, 20, -20, 1e-20, -1e-20, 1e-40, -1e-40}
	for _, e := range edges {
		// The edges and their neighbours.
		xs = append(xs, e, math.Nextafter32(e, float32(math.Inf(1))), math.Nextafter32(e, float32(math.Inf(-1))))
	}
	return xs
}

func sigmoid64(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

var funcs = []struct {
	name    string
	vec     func(dst, src []float32)
	one     func(float32) float32
	ref     func(float64) float64
	maxUlps float64
}{
	{"Exp", Exp, exp1, math.Exp, 1.25},
	{"Sigmoid", Sigmoid, sigmoid1, sigmoid64, 2.5},
	{"Tanh", Tanh, tanh1, math.Tanh, 1.5},
}

// TestAccuracy checks both paths (the vector kernel where the CPU has it,
// and the one-element Go functions) against float64 math.
func TestAccuracy(t *testing.T) {
	xs := testInputs()
	got := make([]float32, len(xs))
	for _, f := range funcs {
		f.vec(got, xs)
		for path, res := range map[string]func(i int) float32{
			"vector": func(i int) float32 { return got[i] },
			"go":     func(i int) float32 { return f.one(xs[i]) },
		} {
			worst, at := 0.0, float32(0)
			for i, x := range xs {
				if u := ulps(res(i), f.ref(float64(x))); u > worst || u != u {
					worst, at = u, x
				}
			}
			t.Logf("%s (%s): max error %.3f ulp at %g", f.name, path, worst, at)
			if !(worst <= f.maxUlps) {
				t.Errorf("%s (%s): error %.3f ulp at x=%g (%#08x): got %g, want %g", f.name, path, worst, at, math.Float32bits(at), res(indexOf(xs, at)), f.ref(float64(at)))
			}
		}
	}
}

func indexOf(xs []float32, x float32) int {
	for i, v := range xs {
		if math.Float32bits(v) == math.Float32bits(x) {
			return i
		}
	}
	return 0
}

// TestSpecialValues pins what the edge cases give.
func TestSpecialValues(t *testing.T) {
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	for _, c := range []struct {
		f    func(dst, src []float32)
		name string
		x    float32
		want float32
	}{
		{Exp, "Exp", inf, inf},
		{Exp, "Exp", -inf, 0},
		{Exp, "Exp", 0, 1},
		{Exp, "Exp", 88.7229, inf},
		{Exp, "Exp", -104, 0},
		{Exp, "Exp", -103, float32(math.Exp(-103))},
		{Sigmoid, "Sigmoid", inf, 1},
		{Sigmoid, "Sigmoid", -inf, 0},
		{Sigmoid, "Sigmoid", 0, 0.5},
		{Tanh, "Tanh", inf, 1},
		{Tanh, "Tanh", -inf, -1},
		{Tanh, "Tanh", 1e-30, 1e-30},
	} {
		// In a vector lane (the first of nine) and in the tail.
		src := []float32{c.x, 0, 0, 0, 0, 0, 0, 0, c.x}
		dst := make([]float32, len(src))
		c.f(dst, src)
		for _, i := range []int{0, 8} {
			if dst[i] != c.want {
				t.Errorf("%s(%g) = %g at %d, want %g", c.name, c.x, dst[i], i, c.want)
			}
		}
	}
	for _, f := range funcs {
		dst := make([]float32, 3)
		f.vec(dst, []float32{nan, nan, nan})
		if dst[0] == dst[0] || dst[2] == dst[2] {
			t.Errorf("%s(NaN) = %v, want NaN", f.name, dst)
		}
	}
	// Tanh keeps the sign of zero.
	dst := make([]float32, 1)
	Tanh(dst, []float32{float32(math.Copysign(0, -1))})
	if math.Float32bits(dst[0]) != 1<<31 {
		t.Errorf("Tanh(-0) = %g, want -0", dst[0])
	}
}

func TestLengthMismatch(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("Exp with dst and src of different lengths did not panic")
		}
	}()
	Exp(make([]float32, 3), make([]float32, 4))
}

func BenchmarkExp(b *testing.B) {
	src := make([]float32, 1<<14)
	for i := range src {
		src[i] = float32(i%200)/10 - 10
	}
	dst := make([]float32, len(src))
	for _, f := range funcs {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(4 * len(src)))
			for b.Loop() {
				f.vec(dst, src)
			}
		})
	}
}

// TestRowKernels checks Max, ExpShiftSum, Scale and AddConst at every
// length from 0 to 40 (vector blocks and tails) against plain loops.
func TestRowKernels(t *testing.T) {
	for n := 0; n <= 40; n++ {
		src := make([]float32, n)
		for i := range src {
			src[i] = float32((i*7919)%101)/10 - 5
		}
		if n > 0 {
			want := src[0]
			for _, v := range src {
				want = max(want, v)
			}
			if got := Max(src); got != want {
				t.Errorf("n=%d: Max = %g, want %g", n, got, want)
			}
		}
		dst := make([]float32, n)
		sum := ExpShiftSum(dst, src, 1.5)
		var want float64
		for i, v := range src {
			e := math.Exp(float64(v - 1.5)) // the difference is rounded to float32 first
			want += e
			if u := ulps(dst[i], e); u > 1.5 {
				t.Errorf("n=%d: ExpShiftSum element %d = %g, want %g", n, i, dst[i], e)
			}
		}
		if math.Abs(float64(sum)-want) > 1e-5*want {
			t.Errorf("n=%d: ExpShiftSum sum = %g, want %g", n, sum, want)
		}
		Scale(dst, src, 0.25)
		for i, v := range src {
			if dst[i] != v*0.25 {
				t.Errorf("n=%d: Scale element %d = %g, want %g", n, i, dst[i], v*0.25)
			}
		}
		AddConst(dst, src, -2.5)
		for i, v := range src {
			if dst[i] != v-2.5 {
				t.Errorf("n=%d: AddConst element %d = %g, want %g", n, i, dst[i], v-2.5)
			}
		}
	}
}

// TestBinaryAndReLU checks Add, Sub, Mul, Div, ReLU and ReLUBackward at
// every length from 0 to 40 against one Go operation per element, with
// signed zeros, infinities and NaNs among the values.
func TestBinaryAndReLU(t *testing.T) {
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), -float32(math.NaN()), 1e-40, -3}
	same := func(a, b float32) bool {
		return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
	}
	for n := 0; n <= 40; n++ {
		a, b := make([]float32, n), make([]float32, n)
		for i := range a {
			a[i] = float32((i*7919)%101)/10 - 5
			b[i] = float32((i*104729)%97)/10 - 4.8
			if i%5 == 0 {
				a[i] = special[i%len(special)]
			}
			if i%7 == 3 {
				b[i] = special[(i/7)%len(special)]
			}
		}
		dst := make([]float32, n)
		for _, c := range []struct {
			name string
			f    func(dst, a, b []float32)
			op   func(x, y float32) float32
		}{
			{"Add", Add, func(x, y float32) float32 { return x + y }},
			{"Sub", Sub, func(x, y float32) float32 { return x - y }},
			{"Mul", Mul, func(x, y float32) float32 { return x * y }},
			{"Div", Div, func(x, y float32) float32 { return x / y }},
		} {
			c.f(dst, a, b)
			for i := range dst {
				if want := c.op(a[i], b[i]); !same(dst[i], want) {
					t.Errorf("n=%d: %s(%g, %g) = %g, want %g", n, c.name, a[i], b[i], dst[i], want)
				}
			}
		}
		ReLU(dst, a)
		for i, v := range a {
			want := v
			if math.Signbit(float64(v)) {
				want = 0
			}
			if !same(dst[i], want) || math.Signbit(float64(dst[i])) {
				t.Errorf("n=%d: ReLU(%g) = %g, want %g", n, v, dst[i], want)
			}
		}
		y := append([]float32(nil), dst...)
		ReLUBackward(dst, b, y)
		for i := range dst {
			want := b[i]
			if math.Float32bits(y[i]) == 0 {
				want = 0
			}
			if !same(dst[i], want) {
				t.Errorf("n=%d: ReLUBackward(g=%g, y=%g) = %g, want %g", n, b[i], y[i], dst[i], want)
			}
		}
	}
}

// TestMaxPool2x2 pools rows of 1 to 20 outputs against the scalar rule,
// with ties (including -0 against +0) and a NaN.
func TestMaxPool2x2(t *testing.T) {
	for n := 1; n <= 20; n++ {
		w := 2*n + 2 // rows wider than the pooled part, as with odd widths
		top, bot := make([]float32, w), make([]float32, w)
		for i := range top {
			top[i] = float32((i*37)%11) - 5
			bot[i] = float32((i*53)%11) - 5
		}
		top[1], bot[0] = float32(math.Copysign(0, -1)), 0 // a -0/+0 tie
		top[0] = -9
		dst, idx := make([]float32, n), make([]int32, n)
		done, nan := MaxPool2x2(top, bot, dst, idx, 100, w)
		if done == 0 {
			t.Skip("no vector kernel on this CPU")
		}
		if done != n || nan {
			t.Fatalf("n=%d: did %d outputs, nan %v", n, done, nan)
		}
		for i := 0; i < n; i++ {
			cand := []float32{top[2*i], top[2*i+1], bot[2*i], bot[2*i+1]}
			pos := []int{2 * i, 2*i + 1, 2*i + w, 2*i + w + 1}
			best := 0
			for k := 1; k < 4; k++ {
				if cand[k] > cand[best] {
					best = k
				}
			}
			if math.Float32bits(dst[i]) != math.Float32bits(cand[best]) || int(idx[i]) != 100+pos[best] {
				t.Errorf("n=%d output %d: %g at %d, want %g at %d", n, i, dst[i], idx[i], cand[best], 100+pos[best])
			}
		}
		bot[2*n-1] = float32(math.NaN())
		if _, nan := MaxPool2x2(top, bot, dst, idx, 0, w); !nan {
			t.Errorf("n=%d: a NaN in the last window was not reported", n)
		}
	}
}

// TestBlockWidthsAgree checks that the kernels give the same bits whether
// an element goes through a sixteen-element step (with Exp's shortcut
// for |x| < 86 or without it, when its neighbours are out of that range)
// or through an eight-element block at the end of a slice, and that
// ExpShiftSum's outputs are Exp's.
func TestBlockWidthsAgree(t *testing.T) {
	xs := testInputs()
	xs = xs[:len(xs)&^15]
	all := append([]funcs0{{"ExpShiftSum", func(dst, src []float32) { ExpShiftSum(dst, src, 0) }}},
		funcs0{"Exp", Exp}, funcs0{"Sigmoid", Sigmoid}, funcs0{"Tanh", Tanh}, funcs0{"GELU", GELU},
		funcs0{"SiLU", SiLU})
	for _, f := range all {
		wide := make([]float32, len(xs))
		f.vec(wide, xs)
		narrow := make([]float32, 8)
		bad := 0
		for i := 0; i < len(xs); i += 8 {
			f.vec(narrow, xs[i:i+8])
			for j, v := range narrow {
				if w := wide[i+j]; math.Float32bits(v) != math.Float32bits(w) && !(v != v && w != w) {
					if bad < 5 {
						t.Errorf("%s(%g): %g in a block of eight, %g in a step of sixteen", f.name, xs[i+j], v, w)
					}
					bad++
				}
			}
		}
	}
}

type funcs0 struct {
	name string
	vec  func(dst, src []float32)
}

// TestSiLUSteps checks that SiLU gives, to the bit, what its steps give
// one vector call at a time: e^-x, 1 + that, x divided by it.
func TestSiLUSteps(t *testing.T) {
	xs := testInputs()
	got, want := make([]float32, len(xs)), make([]float32, len(xs))
	SiLU(got, xs)
	Scale(want, xs, -1)
	Exp(want, want)
	AddConst(want, want, 1)
	Div(want, xs, want)
	for i, x := range xs {
		if w := want[i]; math.Float32bits(got[i]) != math.Float32bits(w) && !(w != w && got[i] != got[i]) {
			t.Fatalf("SiLU(%g) = %g, its steps give %g", x, got[i], w)
		}
	}
}
