package hooks_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// smallNet is Linear(2, 2), ReLU, Linear(2, 1) with weights chosen so that
// the values are easy to follow.
func smallNet() *nnlib.Module {
	net := nnlib.Sequential(nnlib.Linear(2, 2), nnlib.ReLU(), nnlib.Linear(2, 1))
	net.GetParameter("0.weight").CopyFrom(tensorlib.New([]float32{1, 1, 1, -1}, 2, 2))
	net.GetParameter("0.bias").Fill(0)
	net.GetParameter("2.weight").CopyFrom(tensorlib.New([]float32{2, 3}, 1, 2))
	net.GetParameter("2.bias").Fill(1)
	return net
}

func ExampleCapture() {
	net := smallNet()
	feats := hooks.Capture(net, tensorlib.New([]float32{1, 2}, 1, 2), "0", "1")
	fmt.Println(feats.Names())
	fmt.Println(feats.Get("0").Data(), feats.Get("1").Data(), feats.Output().Data())
	// Output:
	// [0 1]
	// [3 -1] [3 0] [7]
}

func ExampleCaptureWithGrad() {
	net := smallNet()
	x := tensorlib.New([]float32{1, 2}, 1, 2)
	// The gradient of out² with respect to each module's output.
	c := hooks.CaptureWithGrad(net, x, func(out *tensorlib.Tensor) *tensorlib.Tensor {
		return out.PowScalar(2).Sum()
	}, "0", "1", "2")
	fmt.Println(c.Loss().Item())
	fmt.Println(c.Grad("2").Data(), c.Grad("1").Data(), c.Grad("0").Data())
	// Output:
	// 49
	// [14] [28 42] [28 0]
}

func ExampleFeatureExtractor() {
	net := smallNet()
	ext := hooks.FeatureExtractor(net, "1", "")
	defer ext.Remove()
	for _, v := range []float32{1, -1} {
		feats := ext.Forward(tensorlib.New([]float32{v, 2 * v}, 1, 2))
		fmt.Println(feats["1"].Data(), feats[""].Data())
	}
	// Output:
	// [3 0] [7]
	// [0 1] [4]
}

func ExampleTraceShapes() {
	net := nnlib.Sequential(
		nnlib.Conv2d(1, 4, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Flatten(), nnlib.Linear(4*14*14, 10),
	)
	trace := hooks.TraceShapes(net)
	net.Forward(tensorlib.Zeros(1, 1, 28, 28))
	trace.Remove()
	// Output:
	// Sequential: in [1 1 28 28]
	//   0 Conv2d: [1 1 28 28] -> [1 4 28 28]
	//   1 ReLU: [1 4 28 28] -> [1 4 28 28]
	//   2 MaxPool2d: [1 4 28 28] -> [1 4 14 14]
	//   3 Flatten: [1 4 14 14] -> [1 784]
	//   4 Linear: [1 784] -> [1 10]
	// Sequential: out [1 10]
}

func ExampleGradientMonitor() {
	net := smallNet()
	mon := hooks.GradientMonitor(net, 10, 0.01)
	mon.Out = os.Stdout // warnings go to os.Stderr by default
	defer mon.Remove()
	for _, v := range []float32{0.001, 4} {
		net.ZeroGrad()
		net.Forward(tensorlib.New([]float32{v, 2 * v}, 1, 2)).Sum().Backward()
	}
	fmt.Println(mon.Names())
	fmt.Println(mon.History("2.weight"))
	// Output:
	// hooks: gradient of 2.weight (Linear) is vanishing: norm 0.003 < 0.01
	// hooks: gradient of 0.weight (Linear) is vanishing: norm 0.004472136 < 0.01
	// hooks: gradient of 2.weight (Linear) is exploding: norm 12 > 10
	// hooks: gradient of 0.weight (Linear) is exploding: norm 17.888544 > 10
	// [0.weight 0.bias 2.weight 2.bias]
	// [0.003 12]
}

func ExampleClipGradNorm() {
	w := tensorlib.Tensor1(1, 1)
	m := nnlib.NewModule("Scale", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(self.Param("w"))
	})
	m.RegisterParameter("w", w)
	clip := hooks.ClipGradNorm(m, 1)
	m.Forward(tensorlib.Tensor1(3, 4)).Sum().Backward() // gradient [3 4], norm 5
	fmt.Printf("%.4f\n", w.Grad().Data())
	clip.Remove()
	// Output:
	// [0.6000 0.8000]
}

func ExampleClipGradValue() {
	net := smallNet()
	clip := hooks.ClipGradValue(net, 2.5)
	defer clip.Remove()
	net.Forward(tensorlib.New([]float32{1, 2}, 1, 2)).Sum().Backward()
	fmt.Println(net.GetParameter("0.weight").Grad().Data(), net.GetParameter("2.weight").Grad().Data())
	// Output:
	// [2 2.5 0 0] [2.5 0]
}

func ExampleClipGradNormParams() {
	a := tensorlib.Zeros(2).SetRequiresGrad(true)
	a.SetGrad(tensorlib.Tensor1(3, 0))
	b := tensorlib.Zeros(1).SetRequiresGrad(true)
	b.SetGrad(tensorlib.Tensor1(4))
	total := hooks.ClipGradNormParams([]*tensorlib.Tensor{a, b}, 1, 2)
	fmt.Println(total)
	fmt.Printf("%.4f %.4f\n", a.Grad().Data(), b.Grad().Data())
	// Output:
	// 5
	// [0.6000 0.0000] [0.8000]
}

func ExampleClipGradValueParams() {
	p := tensorlib.Zeros(3).SetRequiresGrad(true)
	p.SetGrad(tensorlib.Tensor1(-3, 0.5, 2))
	hooks.ClipGradValueParams([]*tensorlib.Tensor{p}, 1)
	fmt.Println(p.Grad().Data())
	// Output:
	// [-1 0.5 1]
}

func ExampleGroup() {
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	g := hooks.NewGroup()
	for _, factor := range []float32{2, 3} {
		g.Add(x.RegisterHook(func(grad *tensorlib.Tensor) *tensorlib.Tensor {
			return grad.MulScalar(factor)
		}))
	}
	x.Sum().Backward()
	fmt.Println(x.Grad().Data())
	g.Remove() // both hooks at once
	g.Remove() // harmless
	x.ZeroGrad()
	x.Sum().Backward()
	fmt.Println(x.Grad().Data())
	// Output:
	// [6 6]
	// [1 1]
}

func ExampleCaptured_All() {
	// s(s(x)) with s(x) = x*w: the module "s" runs twice in one forward.
	s := nnlib.NewModule("Scale", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(self.Param("w"))
	})
	s.RegisterParameter("w", tensorlib.Tensor1(2, 3))
	m := nnlib.NewModule("Twice", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return self.Child("s").Forward(self.Child("s").Forward(x[0]))
	})
	m.AddModule("s", s)
	c := hooks.CaptureWithGrad(m, tensorlib.Tensor1(1, 2), func(out *tensorlib.Tensor) *tensorlib.Tensor {
		return out.Sum()
	}, "s")
	for i, out := range c.All("s") {
		fmt.Println("call", i, out.Data(), "grad", c.AllGrads("s")[i].Data())
	}
	fmt.Println("Get gives the last call:", c.Get("s").Data())
	// Output:
	// call 0 [2 6] grad [2 3]
	// call 1 [4 18] grad [1 1]
	// Get gives the last call: [4 18]
}

func ExampleTraceShapesTo() {
	var log strings.Builder
	net := smallNet()
	trace := hooks.TraceShapesTo(net, &log)
	net.Forward(tensorlib.Zeros(3, 2))
	trace.Remove()
	net.Forward(tensorlib.Zeros(3, 2)) // not traced
	fmt.Print(log.String())
	// Output:
	// Sequential: in [3 2]
	//   0 Linear: [3 2] -> [3 2]
	//   1 ReLU: [3 2] -> [3 2]
	//   2 Linear: [3 2] -> [3 1]
	// Sequential: out [3 1]
}
