package tensorlib

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// The network-op tests compare with values PyTorch 1.13 computed from the
// same inputs; testdata/gen_network_torch.py made testdata/network_torch.json.

// netWave is the generator script's wave(phase, shape)*scale + shift:
// element i is float32(sin(0.7*i + phase)).
func netWave(phase float64, scale, shift float32, shape ...int) *Tensor {
	d := make([]float32, checkShape("netWave", shape))
	for i := range d {
		d[i] = float32(float32(math.Sin(0.7*float64(i)+phase))*scale) + shift
	}
	return fromData(d, shape)
}

// netOutGrad is the output gradient every reference backward pass used.
func netOutGrad(y *Tensor) *Tensor { return netWave(1.3, 1, 0, y.shape...) }

type netCase struct {
	Shape       []int
	Y, Gx, Gw   []float64
	Gb          []float64
	RunningMean []float64 `json:"running_mean"`
	RunningVar  []float64 `json:"running_var"`
}

var (
	netRefOnce sync.Once
	netRefs    map[string]netCase
)

func netRef(t *testing.T, name string) netCase {
	t.Helper()
	netRefOnce.Do(func() {
		b, err := os.ReadFile("testdata/network_torch.json")
		if err == nil {
			err = json.Unmarshal(b, &netRefs)
		}
		if err != nil {
			panic(fmt.Sprintf("testdata/network_torch.json: %v", err))
		}
	})
	c, ok := netRefs[name]
	if !ok {
		t.Fatalf("no reference values for %q in testdata/network_torch.json", name)
	}
	return c
}

// netClose fails unless got holds want to float32 accuracy.
func netClose(t *testing.T, what string, got *Tensor, want []float64) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: nil tensor, want %d values", what, len(want))
		return
	}
	if len(got.data) != len(want) {
		t.Errorf("%s: %d values (shape %v), want %d", what, len(got.data), got.shape, len(want))
		return
	}
	bad := 0
	for i, w := range want {
		g := float64(got.data[i])
		if math.Abs(g-w) > 2e-5+1e-4*math.Abs(w) {
			if bad < 5 {
				t.Errorf("%s[%d] = %.7g, want %.7g", what, i, g, w)
			}
			bad++
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d of %d values differ", what, bad, len(want))
	}
}

func netShape(t *testing.T, what string, got *Tensor, want []int) {
	t.Helper()
	if !sameShape(got.shape, want) {
		t.Errorf("%s: shape %v, want %v", what, got.shape, want)
	}
}

func netGradFn(t *testing.T, y *Tensor, want string) {
	t.Helper()
	if y.GradFn() == nil || y.GradFn().Name() != want {
		t.Errorf("grad_fn %v, want <%s>", y.GradFn(), want)
	}
}

// netGradCheck compares the gradients backward gives for the loss
// sum(f(inputs) * r), r = netOutGrad, with central differences of step h,
// computed in float64 from float32 outputs. Inputs must be leaves that
// require grad.
func netGradCheck(t *testing.T, f func() *Tensor, inputs []*Tensor, h, rtol float64) {
	t.Helper()
	y := f()
	r := netOutGrad(y)
	y.BackwardWith(r)
	loss := func() float64 {
		var out *Tensor
		NoGrad(func() { out = f() })
		var s float64
		for i, v := range out.data {
			s += float64(v) * float64(r.data[i])
		}
		return s
	}
	for k, in := range inputs {
		for j := range in.data {
			v := in.data[j]
			in.data[j] = v + float32(h)
			up := loss()
			in.data[j] = v - float32(h)
			down := loss()
			in.data[j] = v
			num := (up - down) / (2 * h)
			got := float64(in.grad.data[j])
			if math.Abs(num-got) > rtol*math.Max(1, math.Abs(num)) {
				t.Errorf("input %d element %d: gradient %.6g, finite difference %.6g", k, j, got, num)
			}
		}
	}
}

// netPanics fails unless fn panics with a message containing substr.
func netPanics(t *testing.T, substr string, fn func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Errorf("no panic, want one containing %q", substr)
			return
		}
		if msg := fmt.Sprint(r); !strings.Contains(msg, substr) {
			t.Errorf("panic %q, want one containing %q", msg, substr)
		}
	}()
	fn()
}

var convCases = []struct {
	name   string
	xs, ws []int
	bias   bool
	opt    ConvOptions
}{
	{"basic", []int{2, 3, 5, 6}, []int{4, 3, 3, 3}, true, ConvOptions{}},
	{"stride_pad", []int{2, 3, 7, 6}, []int{4, 3, 3, 2}, true, ConvOptions{Stride: [2]int{2, 3}, Padding: [2]int{1, 2}}},
	{"dilation", []int{1, 2, 7, 7}, []int{3, 2, 3, 3}, true, ConvOptions{Padding: [2]int{2, 1}, Dilation: [2]int{2, 1}}},
	{"groups", []int{2, 4, 5, 5}, []int{6, 2, 3, 3}, false, ConvOptions{Stride: [2]int{2, 2}, Padding: [2]int{1, 1}, Groups: 2}},
	{"pointwise", []int{2, 4, 3, 3}, []int{6, 2, 1, 1}, true, ConvOptions{Groups: 2}},
	{"depthwise", []int{1, 3, 4, 4}, []int{3, 1, 2, 2}, true, ConvOptions{Stride: [2]int{1, 2}, Padding: [2]int{1, 1}, Dilation: [2]int{2, 2}, Groups: 3}},
	{"same", []int{2, 2, 5, 4}, []int{3, 2, 3, 3}, true, ConvOptions{Padding: [2]int{1, 1}}},
	{"same_tall_pad", []int{1, 2, 4, 3}, []int{2, 2, 1, 3}, false, ConvOptions{Padding: [2]int{1, 1}}},
	{"everything", []int{2, 4, 9, 8}, []int{4, 2, 3, 2}, true, ConvOptions{Stride: [2]int{2, 3}, Padding: [2]int{2, 1}, Dilation: [2]int{2, 3}, Groups: 2}},
	{"block_stride2", []int{5, 3, 9, 7}, []int{4, 3, 3, 3}, true, ConvOptions{Stride: [2]int{2, 2}, Padding: [2]int{1, 1}}},
	{"pointwise_stride2", []int{3, 4, 7, 5}, []int{6, 4, 1, 1}, false, ConvOptions{Stride: [2]int{2, 2}}},
	{"groups_block", []int{3, 4, 6, 6}, []int{4, 2, 3, 3}, true, ConvOptions{Groups: 2}},
	{"many_channels", []int{2, 1, 3, 3}, []int{128, 1, 2, 2}, true, ConvOptions{}},
	{"pointwise_one_sample", []int{1, 4, 5, 3}, []int{6, 2, 1, 1}, true, ConvOptions{Groups: 2}},
}

// convInputs builds the generator's x, w and b for a case, as leaves that
// require grad.
func convInputs(xs, ws []int, bias bool) (x, w, b *Tensor) {
	x = netWave(0.1, 1, 0, xs...).SetRequiresGrad(true)
	w = netWave(0.2, 0.5, 0, ws...).SetRequiresGrad(true)
	if bias {
		b = netWave(0.3, 1, 0, ws[0]).SetRequiresGrad(true)
	}
	return x, w, b
}

func TestConv2dMatchesTorch(t *testing.T) {
	for _, c := range convCases {
		t.Run(c.name, func(t *testing.T) {
			ref := netRef(t, "conv_"+c.name)
			x, w, b := convInputs(c.xs, c.ws, c.bias)
			y := Conv2d(x, w, b, c.opt)
			netShape(t, "y", y, ref.Shape)
			netGradFn(t, y, "ConvolutionBackward0")
			netClose(t, "y", y, ref.Y)
			y.BackwardWith(netOutGrad(y))
			netClose(t, "x.grad", x.Grad(), ref.Gx)
			netClose(t, "w.grad", w.Grad(), ref.Gw)
			if c.bias {
				netClose(t, "b.grad", b.Grad(), ref.Gb)
			}
		})
	}
}

func TestConv2dGradientsMatchFiniteDifferences(t *testing.T) {
	for _, c := range convCases[1:4] {
		t.Run(c.name, func(t *testing.T) {
			x, w, b := convInputs(c.xs, c.ws, c.bias)
			inputs := []*Tensor{x, w}
			if b != nil {
				inputs = append(inputs, b)
			}
			netGradCheck(t, func() *Tensor { return Conv2d(x, w, b, c.opt) }, inputs, 1e-2, 1e-3)
		})
	}
}

func TestConv2dUnbatchedInputIsOneSample(t *testing.T) {
	x, w, b := convInputs([]int{1, 3, 5, 6}, []int{4, 3, 3, 3}, true)
	batched := Conv2d(x, w, b, ConvOptions{Padding: [2]int{1, 1}})
	x3 := netWave(0.1, 1, 0, 3, 5, 6).SetRequiresGrad(true)
	y := Conv2d(x3, w, b, ConvOptions{Padding: [2]int{1, 1}})
	netShape(t, "y", y, []int{4, 5, 6})
	netGradFn(t, y, "SqueezeBackward1")
	netClose(t, "y", y, toFloat64(batched.data))
	y.BackwardWith(netOutGrad(y))
	batched.BackwardWith(netOutGrad(batched))
	netShape(t, "x.grad", x3.Grad(), []int{3, 5, 6})
	netClose(t, "x.grad", x3.Grad(), toFloat64(x.Grad().data))
}

func toFloat64(d []float32) []float64 {
	out := make([]float64, len(d))
	for i, v := range d {
		out[i] = float64(v)
	}
	return out
}

func TestConv2dComputesOnlyRequestedGradients(t *testing.T) {
	x, _, _ := convInputs([]int{2, 3, 5, 6}, []int{4, 3, 3, 3}, false)
	w := netWave(0.2, 0.5, 0, 4, 3, 3, 3) // does not require grad
	b := netWave(0.3, 1, 0, 4)
	y := Conv2d(x, w, b, ConvOptions{})
	y.BackwardWith(netOutGrad(y))
	netClose(t, "x.grad", x.Grad(), netRef(t, "conv_basic").Gx)
	if w.Grad() != nil || b.Grad() != nil {
		t.Errorf("weight and bias got gradients %v, %v; they do not require grad", w.Grad(), b.Grad())
	}

	// Only the weight: the input's gradient is not needed.
	x2 := netWave(0.1, 1, 0, 2, 3, 5, 6)
	w2 := netWave(0.2, 0.5, 0, 4, 3, 3, 3).SetRequiresGrad(true)
	y2 := Conv2d(x2, w2, nil, ConvOptions{})
	y2.BackwardWith(netOutGrad(y2))
	netClose(t, "w.grad", w2.Grad(), netRef(t, "conv_basic").Gw)

	NoGrad(func() {
		if y := Conv2d(x, w2, nil, ConvOptions{}); y.RequiresGrad() || y.GradFn() != nil {
			t.Errorf("Conv2d under NoGrad recorded %v", y.GradFn())
		}
	})
}

// A batch big enough to be split across goroutines gives, sample for
// sample, what each sample gives alone.
func TestConv2dSplitBatchMatchesSamples(t *testing.T) {
	const n = 6
	x := netWave(0.1, 1, 0, n, 8, 14, 14).SetRequiresGrad(true)
	w := netWave(0.2, 0.2, 0, 16, 8, 3, 3).SetRequiresGrad(true)
	b := netWave(0.3, 1, 0, 16).SetRequiresGrad(true)
	opt := ConvOptions{Padding: [2]int{1, 1}}
	y := Conv2d(x, w, b, opt)
	y.BackwardWith(netOutGrad(y))
	gw := make([]float64, len(w.data))
	per := 8 * 14 * 14
	for s := 0; s < n; s++ {
		xs := fromData(append([]float32(nil), x.data[s*per:(s+1)*per]...), []int{1, 8, 14, 14}).SetRequiresGrad(true)
		ws := fromData(w.Data(), w.shape).SetRequiresGrad(true)
		ys := Conv2d(xs, ws, b.Detach(), opt)
		g := fromData(netOutGrad(y).data[s*16*196:(s+1)*16*196], ys.shape)
		ys.BackwardWith(g)
		for i, v := range ys.data {
			if y.data[s*16*196+i] != v {
				t.Fatalf("sample %d output %d: %v in the batch, %v alone", s, i, y.data[s*16*196+i], v)
			}
		}
		netClose(t, fmt.Sprintf("sample %d x.grad", s), fromData(x.grad.data[s*per:(s+1)*per], xs.shape), toFloat64(xs.grad.data))
		for i, v := range ws.grad.data {
			gw[i] += float64(v)
		}
	}
	netClose(t, "w.grad", w.Grad(), gw)
}

// A 1×1 convolution with a bias over a batch whose last block has one
// sample: that sample is unfolded like the others (the bias needs its row
// of ones), not read in place.
func TestConv2dPointwiseLastBlockOfOneSample(t *testing.T) {
	const cin = 2048 // blocks of 64 samples of 2×2 planes
	x := netWave(0.1, 1, 0, 65, cin, 2, 2)
	w := netWave(0.2, 0.02, 0, 3, cin, 1, 1)
	b := netWave(0.3, 1, 0, 3)
	g := convGeometry(x, w, b, ConvOptions{})
	if bl := g.blocks(true); bl.size != 64 || bl.count != 2 {
		t.Fatalf("blocks %+v, want 2 of 64 samples", bl)
	}
	y := Conv2d(x, w, b, ConvOptions{})
	per := cin * 4
	for _, s := range []int{0, 63, 64} {
		xs := fromData(x.data[s*per:(s+1)*per], []int{1, cin, 2, 2})
		ys := Conv2d(xs, w, b, ConvOptions{})
		netClose(t, fmt.Sprintf("sample %d", s), fromData(y.data[s*12:(s+1)*12], ys.shape), toFloat64(ys.data))
	}
}

// naiveConv computes a convolution (stride s, padding pad, no groups or
// dilation) and its gradients for the output gradient r by the
// definition, in float64. Each value comes with the sum of the magnitudes
// of its terms, which bounds float32 rounding.
func naiveConv(x, w *Tensor, s, pad int, r []float32) (y, gx, gw, ay, agx, agw []float64) {
	n, c, h, wd := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	co, kh, kw := w.shape[0], w.shape[2], w.shape[3]
	oh, ow := (h+2*pad-kh)/s+1, (wd+2*pad-kw)/s+1
	y, ay = make([]float64, n*co*oh*ow), make([]float64, n*co*oh*ow)
	gx, agx = make([]float64, len(x.data)), make([]float64, len(x.data))
	gw, agw = make([]float64, len(w.data)), make([]float64, len(w.data))
	for b := 0; b < n; b++ {
		for o := 0; o < co; o++ {
			for oy := 0; oy < oh; oy++ {
				for ox := 0; ox < ow; ox++ {
					yi := ((b*co+o)*oh+oy)*ow + ox
					for ci := 0; ci < c; ci++ {
						for i := 0; i < kh; i++ {
							iy := oy*s - pad + i
							if iy < 0 || iy >= h {
								continue
							}
							for j := 0; j < kw; j++ {
								ix := ox*s - pad + j
								if ix < 0 || ix >= wd {
									continue
								}
								xi, wi := ((b*c+ci)*h+iy)*wd+ix, ((o*c+ci)*kh+i)*kw+j
								xv, wv, rv := float64(x.data[xi]), float64(w.data[wi]), float64(r[yi])
								y[yi] += xv * wv
								gx[xi] += rv * wv
								gw[wi] += rv * xv
								ay[yi] += math.Abs(xv * wv)
								agx[xi] += math.Abs(rv * wv)
								agw[wi] += math.Abs(rv * xv)
							}
						}
					}
				}
			}
		}
	}
	return y, gx, gw, ay, agx, agw
}

// closeToSums fails unless got[i] is want[i] to within 1e-5 of the sum of
// the magnitudes of its terms: float32 sums of a few thousand terms round
// to about that, while a missing or doubled term is far off.
func closeToSums(t *testing.T, what string, got *Tensor, want, sums []float64) {
	t.Helper()
	bad := 0
	for i, w := range want {
		if d := math.Abs(float64(got.data[i]) - w); d > 1e-5*sums[i]+1e-6 {
			if bad < 5 {
				t.Errorf("%s[%d] = %.7g, want %.7g (terms' magnitudes sum to %.4g)", what, i, got.data[i], w, sums[i])
			}
			bad++
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d of %d values differ", what, bad, len(want))
	}
}

// Convolutions big enough that each block's products use every core, and
// the unfolding and folding are split among goroutines, give the
// definition's values: one sample a block (32 channels at 24×24), and
// four samples in one block (stride 2, 16×16 to 8×8).
func TestConv2dLargeBlocksMatchDefinition(t *testing.T) {
	for _, c := range []struct {
		xs, ws []int
		stride int
	}{
		{[]int{2, 32, 24, 24}, []int{64, 32, 3, 3}, 1},
		{[]int{4, 64, 16, 16}, []int{128, 64, 3, 3}, 2},
		{[]int{32, 32, 4, 4}, []int{64, 32, 3, 3}, 1},
	} {
		x := netWave(0.1, 1, 0, c.xs...).SetRequiresGrad(true)
		w := netWave(0.2, 0.05, 0, c.ws...).SetRequiresGrad(true)
		opt := ConvOptions{Stride: [2]int{c.stride, c.stride}, Padding: [2]int{1, 1}}
		g := convGeometry(x, w, nil, opt)
		if bl := g.blocks(false); bl.spread {
			t.Fatalf("%v: blocks %+v run side by side; the test wants products that use every core", c.xs, bl)
		}
		y := Conv2d(x, w, nil, opt)
		r := netOutGrad(y)
		y.BackwardWith(r)
		wantY, wantGx, wantGw, sumY, sumGx, sumGw := naiveConv(x, w, c.stride, 1, r.data)
		name := fmt.Sprint(c.xs, " stride ", c.stride)
		closeToSums(t, name+" y", y, wantY, sumY)
		closeToSums(t, name+" x.grad", x.Grad(), wantGx, sumGx)
		closeToSums(t, name+" w.grad", w.Grad(), wantGw, sumGw)
	}
}

func TestConv2dStopsOnInterrupt(t *testing.T) {
	defer interrupt.Clear()
	for _, n := range []int{1, 6} { // one goroutine, and a split batch
		x := netWave(0.1, 1, 0, n, 8, 14, 14)
		w := netWave(0.2, 0.2, 0, 16, 8, 3, 3)
		interrupt.Request()
		func() {
			defer func() {
				if r := recover(); r == nil || !errors.Is(r.(error), interrupt.ErrInterrupted) {
					t.Errorf("batch %d: recovered %v, want interrupt.ErrInterrupted", n, r)
				}
			}()
			Conv2d(x, w, nil, ConvOptions{Padding: [2]int{1, 1}})
		}()
		interrupt.Clear()
	}
}

func TestConv2dRejectsBadShapes(t *testing.T) {
	x := Zeros(1, 4, 5, 5)
	netPanics(t, "tensorlib: Conv2d: weight of shape [2 3 3 3] does not fit input of shape [1 4 5 5]", func() {
		Conv2d(x, Zeros(2, 3, 3, 3), nil, ConvOptions{})
	})
	netPanics(t, "not divisible by 3 groups", func() { Conv2d(x, Zeros(3, 1, 3, 3), nil, ConvOptions{Groups: 3}) })
	netPanics(t, "bias of shape [3] for 2 output channels", func() { Conv2d(x, Zeros(2, 4, 3, 3), Zeros(3), ConvOptions{}) })
	netPanics(t, "larger than the padded input", func() { Conv2d(x, Zeros(2, 4, 7, 7), nil, ConvOptions{}) })
	netPanics(t, "weight of shape [2 4 0 3] has an empty kernel", func() { Conv2d(x, Zeros(2, 4, 0, 3), nil, ConvOptions{}) })
	netPanics(t, "input of shape [4 5] is not [N C H W]", func() { Conv2d(Zeros(4, 5), Zeros(2, 4, 3, 3), nil, ConvOptions{}) })
}

// The one-copy unfolding of "same" convolutions must agree with the
// row-by-row one, and so must its adjoint.
func TestShiftedIm2colMatchesRowByRow(t *testing.T) {
	for _, c := range []struct{ h, w, kh, kw, ph, pw, dh, dw int }{
		{5, 4, 3, 3, 1, 1, 1, 1},
		{4, 3, 1, 3, 1, 1, 1, 1},
		{6, 7, 3, 5, 0, 2, 1, 1},
		{3, 5, 5, 3, 4, 2, 2, 2},
		{2, 2, 5, 5, 3, 2, 1, 1},
		{7, 6, 2, 3, 0, 2, 1, 2},
	} {
		g := convGeometry(Zeros(1, 2, c.h, c.w), Zeros(1, 2, c.kh, c.kw), nil,
			ConvOptions{Padding: [2]int{c.ph, c.pw}, Dilation: [2]int{c.dh, c.dw}})
		if !g.shifted() {
			t.Fatalf("%+v: geometry %+v is not shifted", c, g)
		}
		// Rows ld apart with a gap after each, as in a block of samples.
		ld := g.p + 3
		x := netWave(0.1, 1, 0, 2*c.h*c.w).data
		want := make([]float32, g.k*ld)
		got := make([]float32, g.k*ld)
		fill(got, 42) // every element must be written
		fill(want, 42)
		hw, taps := c.h*c.w, c.kh*c.kw
		for ch := 0; ch < 2; ch++ {
			im2colRows(&g, x[ch*hw:(ch+1)*hw], want[ch*taps*ld:], ld)
			im2colShifted(&g, x[ch*hw:(ch+1)*hw], got[ch*taps*ld:], ld)
		}
		if !sameValues(got, want) {
			t.Errorf("%+v: im2col\n got %v\nwant %v", c, got, want)
		}
		col := netWave(0.5, 1, 0, g.k*ld).data
		dxWant := make([]float32, len(x))
		dxGot := make([]float32, len(x))
		colCopy := append([]float32(nil), col...)
		for ch := 0; ch < 2; ch++ {
			col2imRows(&g, colCopy[ch*taps*ld:], ld, dxWant[ch*hw:(ch+1)*hw])
			col2imShifted(&g, col[ch*taps*ld:], ld, dxGot[ch*hw:(ch+1)*hw])
		}
		netClose(t, fmt.Sprintf("%+v: col2im", c), fromData(dxGot, []int{len(x)}), toFloat64(dxWant))
	}
}

// The stride-2 unfolding through even and odd column planes must agree
// with the element-by-element one, and so must its adjoint.
func TestStride2Im2colMatchesRowByRow(t *testing.T) {
	for _, c := range []struct{ h, w, kh, kw, sh, ph, pw, dh, dw int }{
		{32, 32, 3, 3, 2, 1, 1, 1, 1},
		{8, 8, 1, 1, 2, 0, 0, 1, 1},
		{7, 9, 3, 3, 2, 1, 1, 1, 1},
		{7, 6, 3, 2, 1, 1, 2, 1, 1},
		{9, 7, 3, 3, 3, 2, 1, 2, 3},
		{5, 5, 2, 4, 2, 0, 3, 1, 2},
		{4, 3, 1, 3, 2, 1, 2, 1, 1},
	} {
		opt := ConvOptions{Stride: [2]int{c.sh, 2}, Padding: [2]int{c.ph, c.pw}, Dilation: [2]int{c.dh, c.dw}}
		g := convGeometry(Zeros(1, 2, c.h, c.w), Zeros(1, 2, c.kh, c.kw), nil, opt)
		ld := g.p + 3
		x := netWave(0.1, 1, 0, 2*c.h*c.w).data
		want := make([]float32, g.k*ld)
		got := make([]float32, g.k*ld)
		fill(got, 42) // every element must be written
		fill(want, 42)
		hw, taps := c.h*c.w, c.kh*c.kw
		tmp := make([]float32, hw)
		for ch := 0; ch < 2; ch++ {
			im2colRows(&g, x[ch*hw:(ch+1)*hw], want[ch*taps*ld:], ld)
			im2colStride2(&g, x[ch*hw:(ch+1)*hw], got[ch*taps*ld:], ld, tmp)
		}
		if !sameValues(got, want) {
			t.Errorf("%+v: im2col\n got %v\nwant %v", c, got, want)
		}
		col := netWave(0.5, 1, 0, g.k*ld).data
		dxWant := netWave(0.7, 1, 0, len(x)).data // adds to what is there
		dxGot := append([]float32(nil), dxWant...)
		for ch := 0; ch < 2; ch++ {
			col2imRows(&g, col[ch*taps*ld:], ld, dxWant[ch*hw:(ch+1)*hw])
			col2imStride2(&g, col[ch*taps*ld:], ld, dxGot[ch*hw:(ch+1)*hw], tmp)
		}
		netClose(t, fmt.Sprintf("%+v: col2im", c), fromData(dxGot, []int{len(x)}), toFloat64(dxWant))
	}
}

func TestValidRange(t *testing.T) {
	// Brute force over small sizes.
	for n := 0; n < 6; n++ {
		for stride := 1; stride < 4; stride++ {
			for off := -5; off < 6; off++ {
				for size := 0; size < 6; size++ {
					lo, hi := validRange(n, stride, off, size)
					for o := 0; o < n; o++ {
						in := o*stride+off >= 0 && o*stride+off < size
						if in != (o >= lo && o < hi) {
							t.Fatalf("validRange(%d, %d, %d, %d) = [%d, %d); output %d is inside: %v", n, stride, off, size, lo, hi, o, in)
						}
					}
				}
			}
		}
	}
}

func ExampleConv2d() {
	// A 3×3 image and a 2×2 kernel that adds each pixel to its right and
	// lower neighbours.
	x := Arange(1, 10, 1).Reshape(1, 1, 3, 3)
	w := New([]float32{1, 1, 1, 0}, 1, 1, 2, 2).SetRequiresGrad(true)
	y := Conv2d(x, w, nil, ConvOptions{})
	fmt.Println(y.Shape(), y.Data(), y.GradFn())
	y.Sum().Backward()
	fmt.Println(w.Grad().Data())
	// Output:
	// [1 1 2 2] [7 10 16 19] <ConvolutionBackward0>
	// [12 16 24 28]
}
