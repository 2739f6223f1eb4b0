package tensorlib

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// opsCase is one case of testdata/ops_torch.json (made by
// testdata/gen_ops_torch.py with PyTorch 1.13): the output's shape and
// float32 bits, and the bits of each input's gradient (nil when PyTorch
// gave none).
type opsCase struct {
	Shape []int      `json:"shape"`
	Out   []uint32   `json:"out"`
	Grads [][]uint32 `json:"grads"`
}

func loadOpsCases(t *testing.T) map[string]opsCase {
	t.Helper()
	b, err := os.ReadFile("testdata/ops_torch.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases map[string]opsCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatalf("testdata/ops_torch.json: %v", err)
	}
	return cases
}

// opsX and opsY are gen_ops_torch.py's ops_x and ops_y: every special value
// first, then a wave; opsY is a shuffle of opsX with ties and a +0 against
// -0.
func opsX() *Tensor {
	special := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)),
		1, -1, 0.5, -0.5, 6, 1e-40, -3, 2, 7.5, -7.5, 1e30}
	return New(append(special, netWave(0, 4, 0, 48).data...), 64)
}

func opsY(x *Tensor) *Tensor {
	y := make([]float32, 64)
	for i := range y {
		y[i] = x.data[(i*7+3)%64]
	}
	copy(y[16:20], x.data[16:20])
	y[3], y[4] = x.data[4], x.data[3]
	return New(y, 64)
}

// opsClose compares got with want's bits: within ulps units in the last
// place, or atol absolutely; NaN only matches NaN.
func opsClose(t *testing.T, what string, got []float32, want []uint32, ulps int, atol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d values, want %d", what, len(got), len(want))
		return
	}
	bad := 0
	for i, wb := range want {
		w, g := math.Float32frombits(wb), got[i]
		ok := false
		switch {
		case w != w || g != g:
			ok = w != w && g != g
		case math.Float32bits(w) == math.Float32bits(g):
			ok = true
		case math.IsInf(float64(w), 0) || math.IsInf(float64(g), 0):
		default:
			d := int64(ordered(g)) - int64(ordered(w))
			ok = (d <= int64(ulps) && d >= -int64(ulps)) || math.Abs(float64(g)-float64(w)) <= atol
		}
		if !ok {
			if bad < 5 {
				t.Errorf("%s[%d] = %v (%#x), want %v (%#x)", what, i, g, math.Float32bits(g), w, wb)
			}
			bad++
		}
	}
}

// ordered maps float32 bits to integers in the order of the values, so
// that the difference of two is their distance in ulps (+0 and -0 are one
// apart, which exact cases tell apart anyway).
func ordered(v float32) int32 {
	b := int32(math.Float32bits(v))
	if b < 0 {
		return math.MinInt32 - b
	}
	return b
}

// runOpsCase runs fn on fresh leaves of inputs, compares the output and,
// when PyTorch gave them, the gradients for the output gradient netOutGrad.
func runOpsCase(t *testing.T, c opsCase, name string, ulps int, atol float64, fn func(in ...*Tensor) *Tensor, inputs ...*Tensor) {
	t.Helper()
	leaves := make([]*Tensor, len(inputs))
	for i, in := range inputs {
		leaves[i] = in.Clone().SetRequiresGrad(true)
	}
	y := fn(leaves...)
	if fmt.Sprint(y.shape) != fmt.Sprint(c.Shape) {
		t.Errorf("%s: shape %v, want %v", name, y.shape, c.Shape)
		return
	}
	opsClose(t, name, y.data, c.Out, ulps, atol)
	if c.Grads == nil {
		return
	}
	y.BackwardWith(netOutGrad(y))
	for i, want := range c.Grads {
		if want == nil {
			continue
		}
		got := leaves[i].Grad()
		if got == nil {
			t.Errorf("%s: no gradient for input %d", name, i)
			continue
		}
		opsClose(t, fmt.Sprintf("%s grad %d", name, i), got.data, want, ulps, atol)
	}
}

func TestElementwiseOpsMatchPyTorchBitForBit(t *testing.T) {
	cases := loadOpsCases(t)
	x := opsX()
	y := opsY(x)
	ops := map[string]func(in ...*Tensor) *Tensor{
		"abs":        func(in ...*Tensor) *Tensor { return in[0].Abs() },
		"clamp":      func(in ...*Tensor) *Tensor { return in[0].Clamp(-0.5, 1) },
		"hardtanh":   func(in ...*Tensor) *Tensor { return in[0].Hardtanh(-1, 1) },
		"relu6":      func(in ...*Tensor) *Tensor { return in[0].Hardtanh(0, 6) },
		"leaky_relu": func(in ...*Tensor) *Tensor { return in[0].LeakyReLU(0.01) },
	}
	for _, e := range []float32{2, 3, 0.5, -0.5, -1, -2, 0, 1} {
		ops["pow_"+strconv.FormatFloat(float64(e), 'g', -1, 32)] = func(in ...*Tensor) *Tensor { return in[0].PowScalar(e) }
	}
	for name, fn := range ops {
		runOpsCase(t, cases[name], name, 0, 0, fn, x)
	}
	// Other exponents: the correctly rounded power against Sleef's powf
	// (within 1 ulp).
	runOpsCase(t, cases["pow_1.5"], "pow_1.5", 1, 0, func(in ...*Tensor) *Tensor { return in[0].PowScalar(1.5) }, x)
	runOpsCase(t, cases["maximum"], "maximum", 0, 0, func(in ...*Tensor) *Tensor { return in[0].Maximum(in[1]) }, x, y)
	runOpsCase(t, cases["minimum"], "minimum", 0, 0, func(in ...*Tensor) *Tensor { return in[0].Minimum(in[1]) }, x, y)
	// SiLU's exponential is vmath.Exp, PyTorch's Sleef's expf: both within
	// about an ulp, so the results may differ in the last bits, more where
	// the gradient's 1 + x·(1-σ) cancels.
	runOpsCase(t, cases["silu"], "silu", 4, 1e-8, func(in ...*Tensor) *Tensor { return in[0].SiLU() }, x)
}

func parseShape(s string) []int {
	if s == "s" {
		return []int{}
	}
	var shape []int
	for _, f := range strings.Split(s, "x") {
		n, _ := strconv.Atoi(f)
		shape = append(shape, n)
	}
	return shape
}

func TestBroadcastingOpsMatchPyTorch(t *testing.T) {
	cases := loadOpsCases(t)
	ops := map[string]func(a, b *Tensor) *Tensor{
		"add": (*Tensor).Add, "sub": (*Tensor).Sub, "mul": (*Tensor).Mul, "div": (*Tensor).Div,
		"maximum": (*Tensor).Maximum, "minimum": (*Tensor).Minimum,
		"pow": func(a, b *Tensor) *Tensor { return a.Abs().AddScalar(0.5).Pow(b) },
	}
	n := 0
	for name, c := range cases {
		f := strings.Split(name, "_")
		if f[0] != "bcast" {
			continue
		}
		n++
		sa, sb := parseShape(f[2]), parseShape(f[3])
		a, b := netWave(0.2, 3, 0, sa...), netWave(2.1, 3, 0, sb...)
		op := ops[f[1]]
		// Forward values are single roundings on both sides; the
		// gradients of broadcast operands are sums, which PyTorch adds in
		// float32 and tensorlib in float64, and pow goes through powf
		// and math.Pow.
		runOpsCase(t, c, name, 8, 1e-6, func(in ...*Tensor) *Tensor { return op(in[0], in[1]) }, a, b)
	}
	if n != 49 {
		t.Fatalf("%d broadcasting cases in testdata/ops_torch.json, want 49", n)
	}
}

func TestSoftmaxAlongEveryDimMatchesPyTorch(t *testing.T) {
	cases := loadOpsCases(t)
	s := netWave(0.6, 3, 0, 2, 3, 4, 5)
	for d := range 4 {
		// The exponentials (vmath.Exp against Sleef's expf) may differ in
		// the last bit; log-softmax subtracts max + log Σ (about 3 here)
		// from x, so its small results carry an absolute error of an ulp
		// of 3, and its gradient likewise.
		runOpsCase(t, cases[fmt.Sprintf("softmax_%d", d)], fmt.Sprintf("softmax_%d", d), 4, 1e-7,
			func(in ...*Tensor) *Tensor { return in[0].Softmax(d) }, s)
		runOpsCase(t, cases[fmt.Sprintf("log_softmax_%d", d)], fmt.Sprintf("log_softmax_%d", d), 4, 5e-7,
			func(in ...*Tensor) *Tensor { return in[0].LogSoftmax(d) }, s)
	}
}

func TestSoftmaxOfEmptyDimensions(t *testing.T) {
	for _, shape := range [][]int{{0, 3}, {3, 0}, {2, 0, 4}} {
		for d := range shape {
			x := Zeros(shape...).SetRequiresGrad(true)
			y := x.Softmax(d)
			y.Sum().Backward()
			if x.Grad() == nil || len(x.Grad().data) != 0 {
				t.Fatalf("Softmax(%d) of shape %v: gradient %v", d, shape, x.Grad())
			}
		}
	}
}

func TestReductionsAlongAnyDimsMatchPyTorch(t *testing.T) {
	cases := loadOpsCases(t)
	r := netWave(0.4, 4, 0, 3, 4, 5)
	for i, v := range r.data {
		r.data[i] = float32(math.RoundToEven(float64(v))) / 2 // ties, as torch.round(x*4)/2
	}
	n := 0
	for name, c := range cases {
		f := strings.Split(name, "_")
		switch f[0] {
		case "sum", "mean", "amax", "amin", "var", "std", "norm1", "norm2", "norm3", "argmax", "argmin":
		default:
			continue
		}
		var dims []int
		for _, s := range f[1:] {
			if s == "all" {
				break
			}
			d, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("case %s", name)
			}
			dims = append(dims, d)
		}
		var fn func(x *Tensor) *Tensor
		switch f[0] {
		case "sum":
			fn = func(x *Tensor) *Tensor { return x.Sum(dims...) }
		case "mean":
			fn = func(x *Tensor) *Tensor { return x.Mean(dims...) }
		case "amax":
			fn = func(x *Tensor) *Tensor { return x.Max(dims...) }
		case "amin":
			fn = func(x *Tensor) *Tensor { return x.Min(dims...) }
		case "var":
			fn = func(x *Tensor) *Tensor { return x.Var(dims...) }
		case "std":
			fn = func(x *Tensor) *Tensor { return x.Std(dims...) }
		case "norm1", "norm2", "norm3":
			p := float32(f[0][4] - '0')
			fn = func(x *Tensor) *Tensor { return x.Norm(p, dims...) }
		case "argmax":
			fn = func(x *Tensor) *Tensor { return x.ArgMax(dims...) }
		case "argmin":
			fn = func(x *Tensor) *Tensor { return x.ArgMin(dims...) }
		}
		n++
		// Sums of 3 to 60 terms: PyTorch adds in float32 (or with its own
		// cascade), tensorlib in float64 and rounds once.
		runOpsCase(t, c, name, 4, 1e-6, func(in ...*Tensor) *Tensor { return fn(in[0]) }, r)
	}
	if n != 71 {
		t.Fatalf("%d reduction cases in testdata/ops_torch.json, want 71", n)
	}
}

// TestReductionsPropagateNaN checks PyTorch 1.13's answers (printed by
// torch for this input): amax and amin are NaN where a lane holds a NaN,
// and argmax and argmin point at the lane's first NaN.
func TestReductionsPropagateNaN(t *testing.T) {
	nan := float32(math.NaN())
	x := New([]float32{1, nan, 3, nan, 2, 5, -1, 0}, 2, 4)
	check := func(what string, got *Tensor, want ...float32) {
		t.Helper()
		for i, w := range want {
			if g := got.data[i]; !(g == w || g != g && w != w) {
				t.Errorf("%s = %v, want %v", what, got.data, want)
				return
			}
		}
	}
	check("Max(1)", x.Max(1), nan, 5)
	check("ArgMax(1)", x.ArgMax(1), 1, 1)
	check("Min(0)", x.Min(0), 1, nan, -1, nan)
	check("ArgMin(0)", x.ArgMin(0), 0, 0, 1, 0)
	check("ArgMax()", x.ArgMax(), 1)
	check("ArgMin()", x.ArgMin(), 1)
	// A long row goes through the vector kernel.
	long := Zeros(1000)
	long.data[700], long.data[900] = nan, 3
	check("ArgMax() of a long row", long.ArgMax(), 700)
	check("Max() of a long row", long.Max(), nan)
}

func TestLossesMatchPyTorch(t *testing.T) {
	cases := loadOpsCases(t)
	x := netWave(0.3, 3, 0, 6, 7)
	tg := netWave(1.1, 1, 0, 6, 7)
	for i, v := range tg.data {
		tg.data[i] = (v + 1) / 2
	}
	for _, red := range []string{"mean", "sum", "none"} {
		// Reductions add in float64 here and in float32 in PyTorch; the
		// exponentials and logarithms are within an ulp or two on both
		// sides.
		runOpsCase(t, cases["mse_"+red], "mse_"+red, 4, 1e-7, func(in ...*Tensor) *Tensor { return MSELoss(in[0], in[1], red) }, x, tg)
		runOpsCase(t, cases["bce_logits_"+red], "bce_logits_"+red, 4, 1e-7, func(in ...*Tensor) *Tensor { return BCEWithLogits(in[0], in[1], red) }, x, tg)
	}
	for _, f := range []func(a, b *Tensor, r string) *Tensor{MSELoss, BCEWithLogits} {
		y := f(x.SetRequiresGrad(true), tg, "mean")
		if name := y.GradFn().Name(); name != "MseLossBackward0" && name != "BinaryCrossEntropyWithLogitsBackward0" {
			t.Errorf("loss node %q", name)
		}
	}
}
