package nnlib_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// pat is the deterministic pattern torch_values.py fills tensors with:
// element i is ((i*mul)%mod - off)/div, exact in float32.
func pat(shape []int, mul, mod, off int, div float32) *tensorlib.Tensor {
	n := 1
	for _, s := range shape {
		n *= s
	}
	d := make([]float32, n)
	for i := range d {
		d[i] = float32((i*mul)%mod-off) / div
	}
	return tensorlib.New(d, shape...)
}

func defaultPat(shape ...int) *tensorlib.Tensor { return pat(shape, 37, 17, 8, 8) }

// coefLoss is sum(y * c) with the pattern torch_values.py uses for c, so
// that every output gets a different gradient.
func coefLoss(y *tensorlib.Tensor) *tensorlib.Tensor {
	return y.Mul(pat(y.Shape(), 7, 9, 4, 4)).Sum()
}

func checkClose(t *testing.T, what string, got *tensorlib.Tensor, want []float32) {
	t.Helper()
	if got == nil {
		t.Fatalf("%s: nil, want %v", what, want)
	}
	g := got.Data()
	if len(g) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(g), len(want))
	}
	for i := range g {
		if d := math.Abs(float64(g[i] - want[i])); d > 1e-5+1e-5*math.Abs(float64(want[i])) || math.IsNaN(float64(g[i])) {
			t.Fatalf("%s[%d] = %v, want %v (PyTorch)\ngot  %v\nwant %v", what, i, g[i], want[i], g, want)
		}
	}
}

func checkShape(t *testing.T, what string, got *tensorlib.Tensor, want []float32) {
	t.Helper()
	s := make([]float32, len(got.Shape()))
	for i, v := range got.Shape() {
		s[i] = float32(v)
	}
	if fmt.Sprint(s) != fmt.Sprint(want) {
		t.Fatalf("%s: shape %v, want %v", what, got.Shape(), want)
	}
}

func TestLinearMatchesPyTorch(t *testing.T) {
	want := torchValues["Linear"]
	lin := nnlib.Linear(3, 2)
	lin.Param("weight").CopyFrom(pat([]int{2, 3}, 5, 7, 3, 4))
	lin.Param("bias").CopyFrom(pat([]int{2}, 3, 5, 2, 2))
	x := defaultPat(4, 3).SetRequiresGrad(true)
	y := lin.Forward(x)
	y.Mul(pat([]int{4, 2}, 11, 13, 6, 6)).Sum().Backward()
	checkClose(t, "y", y, want["y"])
	checkClose(t, "x.grad", x.Grad(), want["gx"])
	checkClose(t, "weight.grad", lin.Param("weight").Grad(), want["gw"])
	checkClose(t, "bias.grad", lin.Param("bias").Grad(), want["gb"])
}

func TestConv2dMatchesPyTorch(t *testing.T) {
	cases := []struct {
		name string
		conv *nnlib.Module
		x    []int
		repr string
	}{
		{"Conv2dStridePad", nnlib.Conv2d(2, 3, 3, nnlib.Stride(2), nnlib.Padding(1)), []int{2, 2, 5, 5},
			"Conv2d(2, 3, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1))"},
		{"Conv2dGroupsDilation", nnlib.Conv2d(4, 2, 3, nnlib.Dilation(2), nnlib.Groups(2), nnlib.Bias(false), nnlib.Padding(1, 2)), []int{1, 4, 6, 6},
			"Conv2d(4, 2, kernel_size=(3, 3), stride=(1, 1), padding=(1, 2), dilation=(2, 2), groups=2, bias=False)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := torchValues[c.name]
			if c.conv.String() != c.repr {
				t.Fatalf("String %s, want %s", c.conv, c.repr)
			}
			w := c.conv.Param("weight")
			w.CopyFrom(pat(w.Shape(), 5, 11, 5, 8))
			if want["gb"] != nil {
				b := c.conv.Param("bias")
				b.CopyFrom(pat(b.Shape(), 3, 5, 2, 4))
			}
			x := defaultPat(c.x...).SetRequiresGrad(true)
			y := c.conv.Forward(x)
			coefLoss(y).Backward()
			checkShape(t, "y", y, want["shape"])
			checkClose(t, "y", y, want["y"])
			checkClose(t, "x.grad", x.Grad(), want["gx"])
			checkClose(t, "weight.grad", w.Grad(), want["gw"])
			if want["gb"] != nil {
				checkClose(t, "bias.grad", c.conv.Param("bias").Grad(), want["gb"])
			}
		})
	}
}

func TestPoolingMatchesPyTorch(t *testing.T) {
	cases := []struct {
		name string
		pool *nnlib.Module
		x    []int
		repr string
	}{
		{"MaxPool2d", nnlib.MaxPool2d(2), []int{1, 2, 4, 6}, "MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)"},
		{"MaxPool2dOverlapPad", nnlib.MaxPool2d(3, nnlib.Stride(2), nnlib.Padding(1)), []int{1, 1, 5, 5}, "MaxPool2d(kernel_size=3, stride=2, padding=1, dilation=1, ceil_mode=False)"},
		{"AvgPool2d", nnlib.AvgPool2d(2, nnlib.Stride(1), nnlib.Padding(1)), []int{1, 1, 3, 4}, "AvgPool2d(kernel_size=2, stride=1, padding=1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := torchValues[c.name]
			if c.pool.String() != c.repr {
				t.Fatalf("String %s, want %s", c.pool, c.repr)
			}
			x := pat(c.x, 5, 7, 3, 2).SetRequiresGrad(true)
			y := c.pool.Forward(x)
			coefLoss(y).Backward()
			checkShape(t, "y", y, want["shape"])
			checkClose(t, "y", y, want["y"])
			checkClose(t, "x.grad", x.Grad(), want["gx"])
		})
	}
}

func TestActivationsMatchPyTorch(t *testing.T) {
	cases := []struct {
		name string
		m    *nnlib.Module
		repr string
	}{
		{"ReLU", nnlib.ReLU(), "ReLU()"},
		{"LeakyReLU", nnlib.LeakyReLU(), "LeakyReLU(negative_slope=0.01)"},
		{"LeakyReLU02", nnlib.LeakyReLU(0.2), "LeakyReLU(negative_slope=0.2)"},
		{"Sigmoid", nnlib.Sigmoid(), "Sigmoid()"},
		{"Tanh", nnlib.Tanh(), "Tanh()"},
		{"Softmax", nnlib.Softmax(1), "Softmax(dim=1)"},
		{"LogSoftmax", nnlib.LogSoftmax(1), "LogSoftmax(dim=1)"},
		{"Softmax0", nnlib.Softmax(0), "Softmax(dim=0)"},
	}
	// The input has exact zeros of both signs: ReLU's gradient there is 0.
	negZero := float32(math.Copysign(0, -1))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := torchValues[c.name]
			if c.m.String() != c.repr {
				t.Fatalf("String %s, want %s", c.m, c.repr)
			}
			x := tensorlib.New([]float32{-2, -0.5, 0, negZero, 0.5, 3, 1, -1, 2, -3, 0.25, -0.25}, 2, 6).SetRequiresGrad(true)
			y := c.m.Forward(x)
			coefLoss(y).Backward()
			checkClose(t, "y", y, want["y"])
			checkClose(t, "x.grad", x.Grad(), want["gx"])
		})
	}
}

func TestBatchNorm2dMatchesPyTorch(t *testing.T) {
	want := torchValues["BatchNorm2dTrain"]
	bn := nnlib.BatchNorm2d(3)
	if s := bn.String(); s != "BatchNorm2d(3, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)" {
		t.Fatalf("String %s", s)
	}
	bn.Param("weight").CopyFrom(tensorlib.Tensor1(1, 2, 0.5))
	bn.Param("bias").CopyFrom(tensorlib.Tensor1(0, 1, -1))
	x := pat([]int{2, 3, 2, 3}, 5, 13, 6, 3).SetRequiresGrad(true)
	y := bn.Forward(x)
	coefLoss(y).Backward()
	checkClose(t, "y", y, want["y"])
	checkClose(t, "x.grad", x.Grad(), want["gx"])
	checkClose(t, "weight.grad", bn.Param("weight").Grad(), want["gw"])
	checkClose(t, "bias.grad", bn.Param("bias").Grad(), want["gb"])
	checkClose(t, "running_mean", bn.Buffer("running_mean"), want["rm"])
	checkClose(t, "running_var", bn.Buffer("running_var"), want["rv"])
	if n := bn.Buffer("num_batches_tracked"); n.Item() != 1 || n.Dim() != 0 {
		t.Fatalf("num_batches_tracked %v", n)
	}
	var names []string
	for _, e := range bn.StateDict() {
		names = append(names, e.Name)
	}
	if fmt.Sprint(names) != "[weight bias running_mean running_var num_batches_tracked]" {
		t.Fatalf("StateDict names %v", names)
	}
	bn.Eval()
	checkClose(t, "eval y", bn.Forward(pat([]int{1, 3, 2, 2}, 3, 11, 5, 2)), torchValues["BatchNorm2dEval"]["y"])
	if n := bn.Buffer("num_batches_tracked"); n.Item() != 1 {
		t.Fatalf("eval changed num_batches_tracked to %v", n.Item())
	}
	plain := nnlib.BatchNorm2d(8, nnlib.Eps(1e-3), nnlib.Momentum(0.01), nnlib.Affine(false), nnlib.TrackRunningStats(false))
	if s := plain.String(); s != "BatchNorm2d(8, eps=0.001, momentum=0.01, affine=False, track_running_stats=False)" {
		t.Fatalf("String %s", s)
	}
	if len(plain.Parameters()) != 0 || len(plain.Buffers()) != 0 {
		t.Fatal("BatchNorm2d without affine and running stats has no parameters or buffers")
	}
}

func TestDropoutAndFlattenAndIdentity(t *testing.T) {
	if s := nnlib.Dropout().String(); s != "Dropout(p=0.5, inplace=False)" {
		t.Fatalf("String %s", s)
	}
	if s := nnlib.Dropout(0.25).String(); s != "Dropout(p=0.25, inplace=False)" {
		t.Fatalf("String %s", s)
	}
	x := tensorlib.Ones(1000)
	d := nnlib.Dropout()
	tensorlib.ManualSeed(3)
	y := d.Forward(x).Data()
	zeros := 0
	for _, v := range y {
		switch v {
		case 0:
			zeros++
		case 2:
		default:
			t.Fatalf("Dropout(0.5) gave %v; kept values must be scaled to 2", v)
		}
	}
	if zeros < 400 || zeros > 600 {
		t.Fatalf("Dropout(0.5) zeroed %d of 1000", zeros)
	}
	d.Eval()
	if !tensorlib.Equal(d.Forward(x), x) {
		t.Fatal("Dropout in eval mode must pass its input through")
	}
	f := nnlib.Flatten()
	if f.String() != "Flatten(start_dim=1, end_dim=-1)" || fmt.Sprint(f.Forward(tensorlib.Zeros(2, 3, 4, 5)).Shape()) != "[2 60]" {
		t.Fatalf("Flatten: %s", f)
	}
	if s := fmt.Sprint(nnlib.Flatten(0, 1).Forward(tensorlib.Zeros(2, 3, 4)).Shape()); s != "[6 4]" {
		t.Fatalf("Flatten(0, 1) shape %s", s)
	}
	if id := nnlib.Identity(); id.String() != "Identity()" || id.Forward(x) != x {
		t.Fatal("Identity must return its input")
	}
}

func TestLayerReprsAndParameterNames(t *testing.T) {
	net := nnlib.Sequential(
		nnlib.Conv2d(1, 8, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Flatten(), nnlib.Linear(16*7*7, 10),
	)
	want := `Sequential(
  (0): Conv2d(1, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))
  (1): ReLU()
  (2): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)
  (3): Flatten(start_dim=1, end_dim=-1)
  (4): Linear(in_features=784, out_features=10, bias=True)
)`
	if net.String() != want {
		t.Fatalf("String\n%s\nwant\n%s", net, want)
	}
	var got []string
	for _, p := range net.NamedParameters() {
		got = append(got, fmt.Sprint(p.Name, p.Tensor.Shape()))
	}
	if fmt.Sprint(got) != "[0.weight[8 1 3 3] 0.bias[8] 4.weight[10 784] 4.bias[10]]" {
		t.Fatalf("parameters %v", got)
	}
	if s := nnlib.Linear(2, 3).String(); s != "Linear(in_features=2, out_features=3, bias=True)" {
		t.Fatal(s)
	}
	if s := nnlib.Linear(2, 3, nnlib.Bias(false)).String(); s != "Linear(in_features=2, out_features=3, bias=False)" {
		t.Fatal(s)
	}
	if s := nnlib.AvgPool2d(2).String(); s != "AvgPool2d(kernel_size=2, stride=2, padding=0)" {
		t.Fatal(s)
	}
}

func TestDefaultInitBounds(t *testing.T) {
	tensorlib.ManualSeed(7)
	cases := []struct {
		m     *nnlib.Module
		bound float64
	}{
		{nnlib.Linear(100, 50), 1 / math.Sqrt(100)},
		{nnlib.Conv2d(4, 16, 3), 1 / math.Sqrt(4*9)},
		{nnlib.Conv2d(4, 16, 3, nnlib.Groups(2)), 1 / math.Sqrt(2*9)},
	}
	for _, c := range cases {
		for _, p := range c.m.NamedParameters() {
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, v := range p.Tensor.Data() {
				lo, hi = math.Min(lo, float64(v)), math.Max(hi, float64(v))
			}
			// Within the bound, and spread over most of it.
			if lo < -c.bound || hi > c.bound || (p.Tensor.Numel() > 100 && (lo > -0.9*c.bound || hi < 0.9*c.bound)) {
				t.Errorf("%s %s: values in [%v, %v], want uniform in ±%v", c.m.Name(), p.Name, lo, hi, c.bound)
			}
			if !p.Tensor.RequiresGrad() {
				t.Errorf("%s %s does not require grad", c.m.Name(), p.Name)
			}
		}
	}
}

func TestOptionMisusePanics(t *testing.T) {
	expectPanic(t, "nnlib: Linear: option Padding does not apply (Linear takes Bias)", func() { nnlib.Linear(2, 3, nnlib.Padding(1)) })
	expectPanic(t, "nnlib: MaxPool2d: option Groups does not apply", func() { nnlib.MaxPool2d(2, nnlib.Groups(2)) })
	expectPanic(t, "nnlib: Conv2d: groups 3 must divide in_channels 4", func() { nnlib.Conv2d(4, 6, 3, nnlib.Groups(3)) })
	expectPanic(t, "nnlib: MaxPool2d: dilation [2 2] is not supported", func() { nnlib.MaxPool2d(2, nnlib.Dilation(2)) })
	expectPanic(t, "nnlib: Stride: want one value or two", func() { nnlib.Stride(1, 2, 3) })
	expectPanic(t, "nnlib: MSELoss: option LogTarget does not apply", func() {
		nnlib.MSELoss(tensorlib.Zeros(2), tensorlib.Zeros(2), nnlib.LogTarget(true))
	})
	expectPanic(t, `nnlib: L1Loss: reduction "batchmean" applies only to KLDivLoss`, func() {
		nnlib.L1Loss(tensorlib.Zeros(2), tensorlib.Zeros(2), nnlib.Reduction("batchmean"))
	})
	expectPanic(t, "nnlib: SGD: option Betas does not apply", func() { nnlib.NewSGD(nil, 0.1, nnlib.Betas(0.9, 0.99)) })
	expectPanic(t, "nnlib: Linear: Forward takes 1 input, got 2", func() { nnlib.Linear(2, 2).Forward(tensorlib.Zeros(2), tensorlib.Zeros(2)) })
}

func TestMaxPool2dTiesSendGradientToFirstMaximum(t *testing.T) {
	// Two 2x2 windows, each all ties: the first element of each gets the
	// gradient. With padding 1 each window holds one real, negative value
	// and three padding cells, which count as -inf, so the value wins.
	x := tensorlib.New([]float32{3, 3, 7, 7, 3, 3, 7, 7}, 1, 1, 2, 4).SetRequiresGrad(true)
	y := nnlib.MaxPool2d(2).Forward(x)
	y.Sum().Backward()
	checkClose(t, "y", y, []float32{3, 7})
	checkClose(t, "x.grad", x.Grad(), []float32{1, 0, 1, 0, 0, 0, 0, 0})
	neg := tensorlib.New([]float32{-5, -6, -7, -8}, 1, 1, 2, 2)
	checkClose(t, "padded", nnlib.MaxPool2d(2, nnlib.Padding(1)).Forward(neg), []float32{-5, -6, -7, -8})
}
