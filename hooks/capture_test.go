package hooks

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// mlp is Linear(2,3), ReLU, Linear(3,1) with fixed weights:
// for x = [[1, 2]] the first layer gives [-0.9, 1.7, 0.3], ReLU
// [0, 1.7, 0.3], and the second layer 0 + 3.4 - 0.3 + 0.5 = 3.6.
func mlp() *nnlib.Module {
	net := nnlib.Sequential(nnlib.Linear(2, 3), nnlib.ReLU(), nnlib.Linear(3, 1))
	net.GetParameter("0.weight").CopyFrom(tensorlib.New([]float32{1, -1, 0.5, 0.5, -2, 1}, 3, 2))
	net.GetParameter("0.bias").CopyFrom(tensorlib.Tensor1(0.1, 0.2, 0.3))
	net.GetParameter("2.weight").CopyFrom(tensorlib.New([]float32{1, 2, -1}, 1, 3))
	net.GetParameter("2.bias").CopyFrom(tensorlib.Tensor1(0.5))
	return net
}

func mlpInput() *tensorlib.Tensor { return tensorlib.New([]float32{1, 2}, 1, 2) }

func squareSum(out *tensorlib.Tensor) *tensorlib.Tensor { return out.PowScalar(2).Sum() }

func wantValues(t *testing.T, what string, got *tensorlib.Tensor, shape []int, want ...float32) {
	t.Helper()
	if got == nil {
		t.Fatalf("%s: got nil, want %v", what, want)
	}
	if !reflect.DeepEqual(got.Shape(), shape) || !tensorlib.AllCloseTol(got, tensorlib.New(want, shape...), 1e-6, 1e-6) {
		t.Errorf("%s: got %v %v, want %v %v", what, got.Shape(), got.Data(), shape, want)
	}
}

func wantPanic(t *testing.T, fn func(), parts ...string) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("no panic, want one containing %q", parts)
		}
		msg := fmt.Sprint(r)
		for _, p := range parts {
			if !strings.Contains(msg, p) {
				t.Errorf("panic %q does not contain %q", msg, p)
			}
		}
	}()
	fn()
}

func TestCaptureRecordsHandComputedOutputs(t *testing.T) {
	net := mlp()
	c := Capture(net, mlpInput(), "0", "1", "2")
	wantValues(t, "Get(0)", c.Get("0"), []int{1, 3}, -0.9, 1.7, 0.3)
	wantValues(t, "Get(1)", c.Get("1"), []int{1, 3}, 0, 1.7, 0.3)
	wantValues(t, "Get(2)", c.Get("2"), []int{1, 1}, 3.6)
	wantValues(t, "Output", c.Output(), []int{1, 1}, 3.6)
	if c.Get("2") != c.Output() {
		t.Errorf("the last layer's output is not the tensor the model returned")
	}
	if c.Loss() != nil {
		t.Errorf("Capture has a loss: %v", c.Loss())
	}
	if got, want := c.Names(), []string{"0", "1", "2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
}

func TestCaptureWithoutPathsTakesEveryModuleInCallOrder(t *testing.T) {
	c := Capture(mlp(), mlpInput())
	// The container is called first, then its children.
	if got, want := c.Names(), []string{"", "0", "1", "2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	wantValues(t, `Get("")`, c.Get(""), []int{1, 1}, 3.6)
}

func TestCaptureNamesFollowCallOrderNotRequestOrder(t *testing.T) {
	c := Capture(mlp(), mlpInput(), "2", "", "0")
	if got, want := c.Names(), []string{"", "0", "2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	// A model that calls its children in the reverse of the order they were
	// added: Names follows the calls, not NamedModules.
	rev := nnlib.NewModule("Reverse", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return self.Child("a").Forward(self.Child("b").Forward(x[0]))
	})
	rev.AddModule("a", nnlib.ReLU())
	rev.AddModule("b", nnlib.Tanh())
	c = Capture(rev, tensorlib.Tensor1(1))
	if got, want := c.Names(), []string{"", "b", "a"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
}

func TestCaptureRemovesItsHooks(t *testing.T) {
	net := mlp()
	c := Capture(net, mlpInput(), "0", "")
	before := c.Get("0")
	net.Forward(tensorlib.New([]float32{5, 6}, 1, 2))
	if n := len(c.All("0")); n != 1 || c.Get("0") != before {
		t.Errorf("a forward after Capture was recorded: %d outputs for \"0\"", n)
	}
	g := CaptureWithGrad(net, mlpInput(), squareSum, "0", "")
	out := net.Forward(mlpInput())
	if n := len(g.All("")); n != 1 {
		t.Errorf("a forward after CaptureWithGrad was recorded: %d outputs", n)
	}
	if name := out.GradFn().Name(); name == "BackwardHookFunctionBackward" {
		t.Errorf("outputs are still wrapped after CaptureWithGrad: grad_fn %s", name)
	}
}

func TestCaptureRemovesItsHooksWhenForwardPanics(t *testing.T) {
	// Boom calls its child and then panics when given one input.
	boom := nnlib.NewModule("Boom", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		out := self.Child("c").Forward(x[0])
		if len(x) == 1 {
			panic("boom")
		}
		return out
	})
	boom.AddModule("c", nnlib.Identity())
	c := newCaptured("Capture", boom, []string{"c"}, false)
	wantPanic(t, func() { c.run(tensorlib.Tensor1(1), nil) }, "boom")
	if n := len(c.outs["c"]); n != 1 {
		t.Fatalf("the child's output was recorded %d times before the panic, want 1", n)
	}
	boom.Forward(tensorlib.Tensor1(2), nil)
	if n := len(c.outs["c"]); n != 1 {
		t.Errorf("the capture hook still fires after the panic: %d outputs", n)
	}
}

func TestCaptureWithGradMatchesFullBackwardHookGradOutputs(t *testing.T) {
	net := mlp()
	c := CaptureWithGrad(net, mlpInput(), squareSum)
	// PyTorch 1.13, full backward hooks on the same network: grad_output.
	wantValues(t, `Grad("")`, c.Grad(""), []int{1, 1}, 7.2)
	wantValues(t, `Grad("2")`, c.Grad("2"), []int{1, 1}, 7.2)
	wantValues(t, `Grad("1")`, c.Grad("1"), []int{1, 3}, 7.2, 14.4, -7.2)
	wantValues(t, `Grad("0")`, c.Grad("0"), []int{1, 3}, 0, 14.4, -7.2)
	wantValues(t, "Loss", c.Loss(), []int{}, 3.6*3.6)
	// The backward ran for real: parameter gradients as in PyTorch.
	wantValues(t, "0.weight grad", net.GetParameter("0.weight").Grad(), []int{3, 2}, 0, 0, 14.4, 28.8, -7.2, -14.4)
	wantValues(t, "0.bias grad", net.GetParameter("0.bias").Grad(), []int{3}, 0, 14.4, -7.2)
	// The forward values are unchanged by the wrapping.
	wantValues(t, "Get(1)", c.Get("1"), []int{1, 3}, 0, 1.7, 0.3)
}

func TestCaptureWithGradSeesOnlyTheModulesOwnOutputPath(t *testing.T) {
	// root(x) = id(x)*2 + x, where id returns its input. PyTorch's full
	// backward hook on id gets grad_output [2 2], not x's total gradient [3 3].
	root := nnlib.NewModule("Root", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return self.Child("id").Forward(x[0]).MulScalar(2).Add(x[0])
	})
	root.AddModule("id", nnlib.Identity())
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	c := CaptureWithGrad(root, x, func(out *tensorlib.Tensor) *tensorlib.Tensor { return out.Sum() }, "id")
	wantValues(t, "Grad(id)", c.Grad("id"), []int{2}, 2, 2)
	wantValues(t, "x.grad", x.Grad(), []int{2}, 3, 3)
}

// twice is s(s(x)) with s(x) = x*w, w = [2, 3]: the module "s" is called
// twice in one forward.
func twice() *nnlib.Module {
	s := nnlib.NewModule("Scale", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(self.Param("w"))
	})
	s.RegisterParameter("w", tensorlib.Tensor1(2, 3))
	m := nnlib.NewModule("Twice", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return self.Child("s").Forward(self.Child("s").Forward(x[0]))
	})
	m.AddModule("s", s)
	return m
}

func TestCaptureModuleCalledTwice(t *testing.T) {
	m := twice()
	c := CaptureWithGrad(m, tensorlib.Tensor1(1, 2).SetRequiresGrad(true), func(out *tensorlib.Tensor) *tensorlib.Tensor { return out.Sum() }, "s")
	all := c.All("s")
	if len(all) != 2 {
		t.Fatalf("All(s) has %d outputs, want 2", len(all))
	}
	wantValues(t, "All(s)[0]", all[0], []int{2}, 2, 6)
	wantValues(t, "All(s)[1]", all[1], []int{2}, 4, 18)
	wantValues(t, "Get(s)", c.Get("s"), []int{2}, 4, 18)
	// torch-semantics.md: the second call's gradOut is [1 1], the first's [2 3].
	grads := c.AllGrads("s")
	if len(grads) != 2 {
		t.Fatalf("AllGrads(s) has %d gradients, want 2", len(grads))
	}
	wantValues(t, "AllGrads(s)[0]", grads[0], []int{2}, 2, 3)
	wantValues(t, "AllGrads(s)[1]", grads[1], []int{2}, 1, 1)
	wantValues(t, "Grad(s)", c.Grad("s"), []int{2}, 1, 1)
	wantValues(t, "w.grad", m.GetParameter("s.w").Grad(), []int{2}, 4, 12)
	if got := c.Names(); !reflect.DeepEqual(got, []string{"s"}) {
		t.Errorf("Names() = %q, want [s]", got)
	}
}

func TestCaptureWithGradLeavesNilWhereNoGradientArrived(t *testing.T) {
	// The branch b is computed but not used by the output.
	m := nnlib.NewModule("Branches", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		self.Child("b").Forward(x[0])
		return self.Child("a").Forward(x[0])
	})
	m.AddModule("a", nnlib.Linear(2, 1))
	m.AddModule("b", nnlib.Linear(2, 1))
	c := CaptureWithGrad(m, mlpInput(), func(out *tensorlib.Tensor) *tensorlib.Tensor { return out.Sum() })
	if g := c.Grad("b"); g != nil {
		t.Errorf("Grad(b) = %v, want nil", g)
	}
	wantValues(t, "Grad(a)", c.Grad("a"), []int{1, 1}, 1)
}

func TestCaptureBadPathPanicsWithValidPaths(t *testing.T) {
	net := mlp()
	wantPanic(t, func() { Capture(net, mlpInput(), "0", "7") },
		`hooks: Capture: Sequential has no module at path "7"`, `valid paths: "", "0", "1", "2"`)
	wantPanic(t, func() { CaptureWithGrad(net, mlpInput(), squareSum, "0.weight") }, `"0.weight"`, `valid paths`)
	wantPanic(t, func() { FeatureExtractor(net, "3") }, `hooks: FeatureExtractor:`, `"3"`)
}

func TestCapturedPanicsOnPathsItDidNotRecord(t *testing.T) {
	m := nnlib.NewModule("Skip", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return self.Child("used").Forward(x[0])
	})
	m.AddModule("used", nnlib.ReLU())
	m.AddModule("unused", nnlib.ReLU())
	c := Capture(m, tensorlib.Tensor1(-1, 1), "used", "unused")
	wantValues(t, "Get(used)", c.Get("used"), []int{2}, 0, 1)
	wantPanic(t, func() { c.Get("unused") }, `hooks: Captured.Get: the module at path "unused" was not called`, `called: "used"`)
	wantPanic(t, func() { c.Get("") }, `hooks: Captured.Get: path "" was not captured (captured: "used", "unused")`)
	wantPanic(t, func() { c.Grad("used") }, `hooks: Captured.Grad: no gradients were captured`, "CaptureWithGrad")
	wantPanic(t, func() { CaptureWithGrad(m, tensorlib.Tensor1(1), nil) }, "hooks: CaptureWithGrad: nil loss function")
}

func TestCaptureQuizCell(t *testing.T) {
	tensorlib.ManualSeed(1)
	net := nnlib.Sequential(
		nnlib.Conv2d(1, 8, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Conv2d(8, 16, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Flatten(), nnlib.Linear(16*7*7, 10),
	)
	img, label := nnlib.FashionMNIST().Sample(0)
	feats := Capture(net, img, "0", "3")
	if got := fmt.Sprint(feats.Get("0").Shape(), feats.Get("3").Shape(), label); got != "[1 8 28 28] [1 16 14 14] 9" {
		t.Errorf("quiz cell printed %q", got)
	}
	// The features are what the layers compute.
	want := net.Child("3").Forward(net.Child("2").Forward(net.Child("1").Forward(net.Child("0").Forward(img))))
	if !tensorlib.AllClose(feats.Get("3"), want) {
		t.Errorf("Get(3) differs from running the first four layers by hand")
	}
}

func TestFeatureExtractorReturnsRequestedOutputsEachForward(t *testing.T) {
	net := mlp()
	ext := FeatureExtractor(net, "1", "2")
	if got := ext.Paths(); !reflect.DeepEqual(got, []string{"1", "2"}) {
		t.Errorf("Paths() = %q", got)
	}
	f1 := ext.Forward(mlpInput())
	if len(f1) != 2 {
		t.Fatalf("Forward returned %d features, want 2: %v", len(f1), f1)
	}
	wantValues(t, "features[1]", f1["1"], []int{1, 3}, 0, 1.7, 0.3)
	wantValues(t, "features[2]", f1["2"], []int{1, 1}, 3.6)
	// x = [[0, 0]]: the first layer gives the bias [0.1 0.2 0.3], and the
	// second 0.1*1 + 0.2*2 - 0.3*1 + 0.5 = 0.7.
	f2 := ext.Forward(tensorlib.Zeros(1, 2))
	wantValues(t, "second features[1]", f2["1"], []int{1, 3}, 0.1, 0.2, 0.3)
	wantValues(t, "second features[2]", f2["2"], []int{1, 1}, 0.7)
	wantValues(t, "first map kept", f1["2"], []int{1, 1}, 3.6)
	// Forward calls that do not go through the extractor are not recorded.
	net.Forward(tensorlib.Ones(1, 2))
	wantValues(t, "after a plain forward", f2["2"], []int{1, 1}, 0.7)

	ext.Remove()
	ext.Remove()
	wantPanic(t, func() { ext.Forward(mlpInput()) }, "hooks: Extractor.Forward: the extractor's hooks were removed")
}

func TestFeatureExtractorHooksAreGoneAfterRemove(t *testing.T) {
	net := mlp()
	ext := FeatureExtractor(net)
	feats := ext.Forward(mlpInput())
	if len(feats) != 4 {
		t.Errorf("Forward with every module returned %d features, want 4", len(feats))
	}
	ext.Remove()
	// Were a hook left, it would write into the map the extractor records
	// into during its Forward.
	probe := map[string]*tensorlib.Tensor{}
	ext.current = probe
	net.Forward(mlpInput())
	if len(probe) != 0 {
		t.Errorf("hooks still record after Remove: %v", probe)
	}
	if feats["2"] == nil || len(feats) != 4 {
		t.Errorf("the returned map changed after Remove: %v", feats)
	}
}
