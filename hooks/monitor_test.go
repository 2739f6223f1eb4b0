package hooks

import (
	"bytes"
	"io"
	"math"
	"os"
	"reflect"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// scaleNet is Sequential(Scale) where Scale(x) = x*w with w = [1, 1]; for
// the loss sum(x*w) the gradient of w is x, so x = [3, 4] gives norm 5.
func scaleNet() *nnlib.Module {
	s := nnlib.NewModule("Scale", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(self.Param("w"))
	})
	s.RegisterParameter("w", tensorlib.Tensor1(1, 1))
	return nnlib.Sequential(s)
}

func backwardOn(net *nnlib.Module, x ...float32) {
	net.Forward(tensorlib.Tensor1(x...)).Sum().Backward()
}

func TestGradientMonitorWarnsExactlyWhenANormCrossesABound(t *testing.T) {
	const norm float32 = 5 // of the gradient [3 4]
	below, above := math.Nextafter32(norm, 0), math.Nextafter32(norm, 10)
	cases := []struct {
		name            string
		explode, vanish float32
		want            string
	}{
		{"explode bound just below the norm", below, 0, "hooks: gradient of 0.w (Scale) is exploding: norm 5 > 4.9999995\n"},
		{"explode bound equal to the norm", norm, 0, ""},
		{"explode bound just above the norm", above, 0, ""},
		{"vanish bound just above the norm", 0, above, "hooks: gradient of 0.w (Scale) is vanishing: norm 5 < 5.0000005\n"},
		{"vanish bound equal to the norm", 0, norm, ""},
		{"vanish bound just below the norm", 0, below, ""},
		{"norm inside both bounds", above, below, ""},
		{"checks switched off", 0, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			net := scaleNet()
			var out bytes.Buffer
			mon := GradientMonitor(net, tc.explode, tc.vanish)
			mon.Out = &out
			backwardOn(net, 3, 4)
			if out.String() != tc.want {
				t.Errorf("warnings %q, want %q", out.String(), tc.want)
			}
			wantWarnings := 0
			if tc.want != "" {
				wantWarnings = 1
			}
			if mon.Warnings() != wantWarnings {
				t.Errorf("Warnings() = %d, want %d", mon.Warnings(), wantWarnings)
			}
			if h := mon.History("0.w"); !reflect.DeepEqual(h, []float32{5}) {
				t.Errorf("History = %v, want [5]", h)
			}
		})
	}
}

func TestGradientMonitorKeepsHistoryOfAccumulatedNorms(t *testing.T) {
	net := mlp()
	mon := GradientMonitor(net, 100, 0)
	var out bytes.Buffer
	mon.Out = &out
	if got, want := mon.Names(), []string{"0.weight", "0.bias", "2.weight", "2.bias"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	// PyTorch: loss (y²).sum() on mlp gives 2.bias.grad = [7.2] and
	// 0.bias.grad = [0, 14.4, -7.2], norm sqrt(259.2) = 16.099689.
	CaptureWithGrad(net, mlpInput(), squareSum)
	CaptureWithGrad(net, mlpInput(), squareSum) // accumulates: twice the gradient
	net.ZeroGrad()
	CaptureWithGrad(net, mlpInput(), squareSum)
	check := func(name string, want ...float32) {
		t.Helper()
		got := mon.History(name)
		if len(got) != len(want) {
			t.Fatalf("History(%s) = %v, want %v", name, got, want)
		}
		for i := range got {
			if math.Abs(float64(got[i]-want[i])) > 1e-5*float64(want[i]) {
				t.Errorf("History(%s) = %v, want %v", name, got, want)
				break
			}
		}
	}
	check("2.bias", 7.2, 14.4, 7.2)
	check("0.bias", 16.099689, 32.199379, 16.099689)
	// 0.weight.grad = [[0 0] [14.4 28.8] [-7.2 -14.4]], norm 36; twice: 72.
	check("0.weight", 36, 72, 36)
	if out.Len() != 0 {
		t.Errorf("unexpected warnings: %q", out.String())
	}

	mon.Remove()
	mon.Remove()
	CaptureWithGrad(net, mlpInput(), squareSum)
	check("2.bias", 7.2, 14.4, 7.2)

	wantPanic(t, func() { mon.History("0.w") }, `hooks: Monitor.History: no parameter "0.w" is monitored`, `"0.weight", "0.bias", "2.weight", "2.bias"`)
}

func TestGradientMonitorWritesToStderrByDefault(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	net := scaleNet()
	mon := GradientMonitor(net, 1, 0)
	defer mon.Remove()
	// The monitor was made before os.Stderr changed, as in a notebook where
	// each cell's output is captured anew.
	saved := os.Stderr
	os.Stderr = f
	backwardOn(net, 3, 4)
	os.Stderr = saved
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(f)
	if want := "hooks: gradient of 0.w (Scale) is exploding: norm 5 > 1\n"; string(got) != want {
		t.Errorf("stderr got %q, want %q", got, want)
	}
}

func TestGradientMonitorBadBoundsPanic(t *testing.T) {
	net := scaleNet()
	wantPanic(t, func() { GradientMonitor(net, 1, 2) }, "hooks: GradientMonitor: vanishBelow 2 is above explodeAbove 1")
	wantPanic(t, func() { GradientMonitor(net, float32(math.NaN()), 0) }, "hooks: GradientMonitor: bounds must be numbers")
	wantPanic(t, func() { GradientMonitor(nil, 1, 0) }, "hooks: GradientMonitor: nil model")
}
