package nnlib_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// A user module is a constructor around NewModule.
func ExampleNewModule() {
	scale := nnlib.NewModule("Scale", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(self.Param("W"))
	})
	scale.RegisterParameter("W", tensorlib.Tensor1(5))
	fmt.Println(scale.Forward(tensorlib.Tensor1(1, 2)))
	fmt.Println(scale.Param("W"))
	// Output:
	// tensor([ 5., 10.], grad_fn=<MulBackward0>)
	// tensor([5.], requires_grad=True)
}

func ExampleModule_RegisterForwardHook() {
	add := nnlib.NewModule("Add", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Add(x[1])
	})
	h := add.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		return out.AddScalar(5) // replaces the output
	})
	fmt.Println(add.Forward(tensorlib.Tensor1(1, 2, 3), tensorlib.Tensor1(10, 20, 30)))
	h.Remove()
	fmt.Println(add.Forward(tensorlib.Tensor1(1, 2, 3), tensorlib.Tensor1(10, 20, 30)))
	// Output:
	// tensor([16., 27., 38.])
	// tensor([11., 22., 33.])
}

func ExampleModule_RegisterFullBackwardHook() {
	model := nnlib.NewModule("Model", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(x[1]).Mul(self.Param("W"))
	})
	model.RegisterParameter("W", tensorlib.Tensor1(5))
	model.RegisterFullBackwardHook(func(m *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		fmt.Println("gradIn", gradIn[0].Item(), gradIn[1].Item(), "gradOut", gradOut[0].Item())
		return []*tensorlib.Tensor{gradIn[0].MulScalar(10), gradIn[1]}
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	x2 := tensorlib.Tensor1(3).SetRequiresGrad(true)
	model.Forward(x1, x2).Backward()
	fmt.Println(x1.Grad(), x2.Grad(), model.Param("W").Grad())
	// Output:
	// gradIn 15 10 gradOut 1
	// tensor([150.]) tensor([10.]) tensor([6.])
}

func ExampleModule_Apply() {
	net := nnlib.Sequential(nnlib.Linear(2, 3), nnlib.ReLU(), nnlib.Linear(3, 1))
	var visited []string
	net.Apply(func(m *nnlib.Module) { visited = append(visited, m.Name()) })
	fmt.Println(visited)
	fmt.Println(net)
	// Output:
	// [Linear ReLU Linear Sequential]
	// Sequential(
	//   (0): Linear(in_features=2, out_features=3, bias=True)
	//   (1): ReLU()
	//   (2): Linear(in_features=3, out_features=1, bias=True)
	// )
}

func ExampleModule_NamedModules() {
	net := nnlib.Sequential(nnlib.Sequential(nnlib.Linear(2, 2), nnlib.Tanh()), nnlib.Linear(2, 1))
	for _, m := range net.NamedModules() {
		fmt.Printf("%q %s\n", m.Name, m.Module.Name())
	}
	for _, p := range net.NamedParameters() {
		fmt.Println(p.Name, p.Tensor.Shape())
	}
	// Output:
	// "" Sequential
	// "0" Sequential
	// "0.0" Linear
	// "0.1" Tanh
	// "1" Linear
	// 0.0.weight [2 2]
	// 0.0.bias [2]
	// 1.weight [1 2]
	// 1.bias [1]
}

func ExampleModule_SaveFile() {
	dir, _ := os.MkdirTemp("", "nnlib")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "model.safetensors")

	a := nnlib.Linear(2, 1)
	a.Param("weight").Fill(0.5)
	if err := a.SaveFile(path); err != nil {
		fmt.Println(err)
	}
	b := nnlib.Linear(2, 1)
	if err := b.LoadFile(path); err != nil {
		fmt.Println(err)
	}
	fmt.Println(b.Param("weight"))
	_, unexpected, err := nnlib.Linear(2, 1, nnlib.Bias(false)).LoadStateDict(a.StateDict(), true)
	fmt.Println(unexpected, err != nil)
	// Output:
	// tensor([[0.5000, 0.5000]], requires_grad=True)
	// [bias] true
}

func ExampleCrossEntropyLoss() {
	logits := tensorlib.New([]float32{2, 0, 0, 0, 3, 0}, 2, 3).SetRequiresGrad(true)
	loss := nnlib.CrossEntropyLoss(logits, tensorlib.Tensor1(0, 1)) // class indices
	// PyTorch 1.13 gives 0.1672 too.
	loss.Backward()
	fmt.Printf("%.4f\n", loss.Item())
	fmt.Println(loss.GradFn())
	// Output:
	// 0.1672
	// <NllLossBackward0>
}

func ExampleNewAdam() {
	w := tensorlib.Tensor1(1, -1).SetRequiresGrad(true)
	opt := nnlib.NewAdam([]*tensorlib.Tensor{w}, 0.1)
	for i := 0; i < 3; i++ {
		opt.ZeroGrad()
		w.Mul(w).Sum().Backward() // minimise |w|²
		opt.Step()
	}
	fmt.Println(w) // PyTorch 1.13 prints the same
	// Output:
	// tensor([ 0.7016, -0.7016], requires_grad=True)
}

func ExampleFashionMNIST() {
	train := nnlib.FashionMNIST()
	img, label := train.Sample(0)
	fmt.Println(train.Len(), img.Shape(), label, train.ClassName(label))
	x, y := train.Batch(0, 4)
	fmt.Println(x.Shape(), y)
	// Output:
	// 2000 [1 1 28 28] 9 Ankle boot
	// [4 1 28 28] tensor([9., 0., 0., 3.])
}

func ExampleConv2d() {
	conv := nnlib.Conv2d(1, 8, 3, nnlib.Padding(1))
	fmt.Println(conv)
	fmt.Println(conv.Forward(tensorlib.Zeros(2, 1, 28, 28)).Shape())
	// Output:
	// Conv2d(1, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))
	// [2 8 28 28]
}

func ExampleNewSGD() {
	w := tensorlib.Tensor1(0).SetRequiresGrad(true)
	opt := nnlib.NewSGD([]*tensorlib.Tensor{w}, 0.1)
	for i := 0; i < 3; i++ {
		opt.ZeroGrad()
		d := w.SubScalar(3)
		d.Mul(d).Sum().Backward() // minimise (w - 3)²
		opt.Step()
		fmt.Println(w)
	}
	// Output:
	// tensor([0.6000], requires_grad=True)
	// tensor([1.0800], requires_grad=True)
	// tensor([1.4640], requires_grad=True)
}
