package vmath

import (
	bin "encoding/binary"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"
)

// geluTorch holds testdata/gelu_torch.bin (written by gen_gelu_torch.py
// with PyTorch 1.13): inputs x, upstream gradients g, PyTorch's gelu(x)
// and g·gelu'(x), and the same for approximate="tanh".
type geluTorch struct {
	x, g, y, dx, yTanh, dxTanh []float32
}

func readGELUTorch(t *testing.T) geluTorch {
	t.Helper()
	b, err := os.ReadFile("testdata/gelu_torch.bin")
	if err != nil {
		t.Fatal(err)
	}
	const nrows = 6
	if len(b) == 0 || len(b)%(4*nrows) != 0 {
		t.Fatalf("testdata/gelu_torch.bin: %d bytes, not %d rows of float32", len(b), nrows)
	}
	n := len(b) / (4 * nrows)
	rows := make([][]float32, nrows)
	for r := range rows {
		rows[r] = make([]float32, n)
		for i := range rows[r] {
			rows[r][i] = math.Float32frombits(bin.LittleEndian.Uint32(b[4*(r*n+i):]))
		}
	}
	return geluTorch{rows[0], rows[1], rows[2], rows[3], rows[4], rows[5]}
}

// equalBits reports whether a and b are the same float32, any NaN matching
// any NaN.
func equalBits(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
}

// TestGELUMatchesPyTorch checks GELU and GELUBackward on both paths
// against PyTorch 1.13's values, to the bit: the grid over [-10, 10]
// includes the left tail, where 1 + erf(x/√2) cancels and PyTorch's
// result is its own (0 below about -5.5). The vector path runs at every
// offset of the data, so that each value also goes through the tail
// buffer.
func TestGELUMatchesPyTorch(t *testing.T) {
	d := readGELUTorch(t)
	n := len(d.x)
	check := func(name string, got, want []float32, x []float32) {
		t.Helper()
		bad := 0
		for i := range want {
			if !equalBits(got[i], want[i]) {
				if bad < 5 {
					t.Errorf("%s: x=%g: got %g (%#08x), PyTorch %g (%#08x)", name, x[i], got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d values differ from PyTorch's", name, bad, len(want))
		}
	}
	for off := 0; off < 8; off++ {
		got := make([]float32, n-off)
		GELU(got, d.x[off:])
		check("GELU (vector)", got, d.y[off:], d.x[off:])
		GELUBackward(got, d.x[off:], d.g[off:])
		check("GELUBackward (vector)", got, d.dx[off:], d.x[off:])
	}
	got, gotGrad := make([]float32, n), make([]float32, n)
	for i, x := range d.x {
		got[i] = gelu1(x)
		gotGrad[i] = d.g[i] * geluGrad1(x)
	}
	check("GELU (go)", got, d.y, d.x)
	check("GELUBackward (go)", gotGrad, d.dx, d.x)
}

func gelu64(x float64) float64 { return x * 0.5 * math.Erfc(-x/math.Sqrt2) }

func geluGrad64(x float64) float64 {
	return 0.5*math.Erfc(-x/math.Sqrt2) + x*math.Exp(-x*x/2)/math.Sqrt(2*math.Pi)
}

// TestGELUAccuracy measures GELU and GELUBackward (with a gradient of 1)
// on both paths against float64 math over every 1021st float32, and
// checks the absolute error bounds their documentation states: 1e-7·(1 +
// |x|) for GELU, 3e-7 for the gradient. The formula's own error
// (Abramowitz and Stegun's 1.5e-7 in erf) and the cancellation in 1 -
// t·e^(-z²)·P(t) near 0 dominate.
func TestGELUAccuracy(t *testing.T) {
	xs := testInputs()
	got := make([]float32, len(xs))
	ones := make([]float32, len(xs))
	for i := range ones {
		ones[i] = 1
	}
	for _, f := range []struct {
		name  string
		vec   func()
		one   func(float32) float32
		ref   func(float64) float64
		bound func(float64) float64
	}{
		{"GELU", func() { GELU(got, xs) }, gelu1, gelu64, func(x float64) float64 { return 1e-7 * (1 + math.Abs(x)) }},
		{"GELUBackward", func() { GELUBackward(got, xs, ones) }, geluGrad1, geluGrad64, func(float64) float64 { return 3e-7 }},
	} {
		f.vec()
		for path, res := range map[string]func(i int) float32{
			"vector": func(i int) float32 { return got[i] },
			"go":     func(i int) float32 { return f.one(xs[i]) },
		} {
			worst, worstAbs := 0.0, 0.0
			var at float32
			for i, x := range xs {
				xf := float64(x)
				if math.IsInf(xf, 0) || math.IsNaN(xf) || math.Abs(xf) > 1e18 {
					continue // TestGELUMatchesPyTorch; x² overflows
				}
				e := math.Abs(float64(res(i)) - f.ref(xf))
				worstAbs = max(worstAbs, e)
				if r := e / f.bound(xf); !(r <= worst) {
					worst, at = r, x
				}
			}
			t.Logf("%s (%s): max absolute error %.3g, %.3f of the bound at x=%g", f.name, path, worstAbs, worst, at)
			if !(worst <= 1) {
				i := indexOf(xs, at)
				t.Errorf("%s (%s): error %.3f of the bound at x=%g: got %g, want %g", f.name, path, worst, at, res(i), f.ref(float64(at)))
			}
		}
	}
}

// TestGELUBackwardLengths runs GELUBackward at every length from 0 to 40
// (vector blocks and tails) with varied gradients, against the Go path.
func TestGELUBackwardLengths(t *testing.T) {
	for n := 0; n <= 40; n++ {
		x, g, dst := make([]float32, n), make([]float32, n), make([]float32, n)
		for i := range x {
			x[i] = float32((i*7919)%101)/10 - 5
			g[i] = float32((i*104729)%97)/10 - 4.8
		}
		GELUBackward(dst, x, g)
		for i := range dst {
			if want := g[i] * geluGrad1(x[i]); !equalBits(dst[i], want) {
				t.Errorf("n=%d: GELUBackward(%g, %g) = %g, want %g", n, x[i], g[i], dst[i], want)
			}
		}
	}
}

// TestFMA32 checks fma32 against a·b + c rounded once from an exact
// sum, on random operands near the float32 halfways where a float64 sum
// would round twice (and the test counts how often it would).
func TestFMA32(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	twice := 0
	for range 200000 {
		c := float32(1 + rng.Float64())
		// a·b ≈ half a float32 ulp of c, with low bits below float64's.
		a := float32(0x1p-24 * (1 + rng.Float64()*0x1p-20))
		b := float32(1 - rng.Float64()*0x1p-20)
		if rng.IntN(2) == 0 {
			a = -a
		}
		exact := new(big.Float).SetPrec(200).SetFloat64(float64(a))
		exact.Mul(exact, new(big.Float).SetFloat64(float64(b)))
		exact.Add(exact, new(big.Float).SetFloat64(float64(c)))
		want, _ := exact.Float32()
		if float32(float64(a)*float64(b)+float64(c)) != want {
			twice++
		}
		if got := fma32(a, b, c); got != want {
			t.Fatalf("fma32(%g, %g, %g) = %g, want %g", a, b, c, got, want)
		}
	}
	t.Logf("a float64 sum would have rounded twice in %d cases", twice)
	if twice == 0 {
		t.Error("no case where a float64 sum rounds twice: the test checks nothing")
	}
}

func BenchmarkGELU(b *testing.B) {
	src := make([]float32, 1<<14)
	for i := range src {
		src[i] = float32(i%200)/20 - 5
	}
	dst := make([]float32, len(src))
	b.SetBytes(4 << 14)
	for b.Loop() {
		GELU(dst, src)
	}
}

// TestGELUTanhMatchesPyTorch checks GELUTanh and GELUTanhBackward against
// PyTorch 1.13's values. PyTorch's tanh (SLEEF's tanhf, within 1 ulp) is
// not GELUTanh's (correctly rounded from float64), so the values may
// differ in the last bits: at least 98% must be identical, and the rest
// within 4 ulp of the result or 1e-7·(1 + |x|) (the left tail cancels),
// the gradient within 4 ulp of the result's scale (1, or |x|·φ).
func TestGELUTanhMatchesPyTorch(t *testing.T) {
	d := readGELUTorch(t)
	n := len(d.x)
	got, gotGrad := make([]float32, n), make([]float32, n)
	GELUTanh(got, d.x)
	GELUTanhBackward(gotGrad, d.x, d.g)
	for _, c := range []struct {
		name      string
		got, want []float32
		tol       func(i int) float64
	}{
		{"GELUTanh", got, d.yTanh, func(i int) float64 {
			return max(4*ulpOf(d.yTanh[i]), 1e-7*(1+math.Abs(float64(d.x[i]))))
		}},
		{"GELUTanhBackward", gotGrad, d.dxTanh, func(i int) float64 {
			return 4 * 0x1p-24 * math.Abs(float64(d.g[i])) * max(1, math.Abs(float64(d.x[i])))
		}},
	} {
		same, worst := 0, 0.0
		for i := range c.want {
			if equalBits(c.got[i], c.want[i]) {
				same++
				continue
			}
			e := math.Abs(float64(c.got[i]) - float64(c.want[i]))
			if r := e / c.tol(i); !(r <= 1) {
				t.Errorf("%s(%g): got %g, PyTorch %g", c.name, d.x[i], c.got[i], c.want[i])
			} else {
				worst = max(worst, r)
			}
		}
		t.Logf("%s: %d of %d values identical to PyTorch's, the rest within %.2f of the tolerance", c.name, same, n, worst)
		if same < n*98/100 {
			t.Errorf("%s: only %d of %d values identical to PyTorch's", c.name, same, n)
		}
	}
}

// ulpOf is the spacing of float32 values at v.
func ulpOf(v float32) float64 {
	a := math.Abs(float64(v))
	if a < 0x1p-126 {
		return 0x1p-149
	}
	_, e := math.Frexp(a)
	return math.Ldexp(1, e-24)
}
