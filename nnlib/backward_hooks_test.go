package nnlib_test

import (
	"fmt"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// productModel is the quiz's y = x1*x2*W with W = 5.
func productModel() *nnlib.Module {
	m := nnlib.NewModule("Model", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(x[1]).Mul(self.Param("W"))
	})
	m.RegisterParameter("W", tensorlib.Tensor1(5))
	return m
}

func TestFullBackwardHookValuesAndOrder(t *testing.T) {
	m := productModel()
	var events []string
	w := m.Param("W")
	w.RegisterHook(func(g *tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, fmt.Sprintf("W hook %s (W.grad %s)", vals(g), vals(w.Grad())))
		return nil
	})
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, fmt.Sprintf("module hook gradIn %s %s gradOut %s", vals(gradIn[0]), vals(gradIn[1]), vals(gradOut[0])))
		return nil
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	x2 := tensorlib.Tensor1(3).SetRequiresGrad(true)
	y := m.Forward(x1, x2)
	if vals(y) != "[30]" || y.GradFn().Name() != "BackwardHookFunctionBackward" {
		t.Fatalf("y = %v", y)
	}
	y.Backward()
	want := "[W hook [6] (W.grad nil) module hook gradIn [15] [10] gradOut [1]]"
	if got := fmt.Sprint(events); got != want {
		t.Fatalf("events %s\nwant %s", got, want)
	}
	if vals(x1.Grad()) != "[15]" || vals(x2.Grad()) != "[10]" || vals(w.Grad()) != "[6]" {
		t.Fatalf("grads %s %s %s", vals(x1.Grad()), vals(x2.Grad()), vals(w.Grad()))
	}
}

func TestFullBackwardHookZeroForInputWithoutGrad(t *testing.T) {
	m := productModel()
	var got string
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		got = vals(gradIn[0]) + " " + vals(gradIn[1])
		return nil
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	m.Forward(x1, tensorlib.Tensor1(3)).Backward()
	if got != "[15] [0]" || vals(x1.Grad()) != "[15]" {
		t.Fatalf("gradIn %s, x1.grad %s", got, vals(x1.Grad()))
	}
}

func TestFullBackwardHookNilSlotsWhenNoInputNeedsGrad(t *testing.T) {
	m := productModel()
	var got string
	h := m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		got = fmt.Sprintf("%d %v %v %s", len(gradIn), gradIn[0] == nil, gradIn[1] == nil, vals(gradOut[0]))
		return nil
	})
	m.Forward(tensorlib.Tensor1(2), tensorlib.Tensor1(3)).Backward()
	if got != "2 true true [1]" || vals(m.Param("W").Grad()) != "[6]" {
		t.Fatalf("hook saw %q, W.grad %s", got, vals(m.Param("W").Grad()))
	}
	h.Remove()
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{tensorlib.Tensor1(1), nil}
	})
	expectPanic(t, "backward hook for a module whose inputs need no gradient must return nil", func() {
		m.Forward(tensorlib.Tensor1(2), tensorlib.Tensor1(3)).Backward()
	})
}

func TestFullBackwardHookReplacesGradIn(t *testing.T) {
	m := productModel()
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{gradIn[0].MulScalar(10), gradIn[1].MulScalar(0.5)}
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	x2 := tensorlib.Tensor1(3).SetRequiresGrad(true)
	m.Forward(x1, x2).Backward()
	if vals(x1.Grad()) != "[150]" || vals(x2.Grad()) != "[5]" || vals(m.Param("W").Grad()) != "[6]" {
		t.Fatalf("grads %s %s W %s", vals(x1.Grad()), vals(x2.Grad()), vals(m.Param("W").Grad()))
	}
}

func TestFullBackwardHookNilEntryDropsGradient(t *testing.T) {
	m := productModel()
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{gradIn[0], nil}
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	x2 := tensorlib.Tensor1(3).SetRequiresGrad(true)
	m.Forward(x1, x2).Backward()
	if vals(x1.Grad()) != "[15]" || x2.Grad() != nil {
		t.Fatalf("grads %s %s", vals(x1.Grad()), vals(x2.Grad()))
	}
}

func TestFullBackwardHookWrongLengthPanics(t *testing.T) {
	m := productModel()
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		return gradIn[:1]
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	expectPanic(t, "returned 1 gradients, but the module has 2 inputs", func() {
		m.Forward(x1, tensorlib.Tensor1(3).SetRequiresGrad(true)).Backward()
	})
	p := productModel()
	p.RegisterFullBackwardPreHook(func(_ *nnlib.Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{gradOut[0], gradOut[0]}
	})
	expectPanic(t, "returned 2 gradients, but the module has 1 outputs", func() {
		p.Forward(x1, tensorlib.Tensor1(3)).Backward()
	})
}

func TestFullBackwardHooksChain(t *testing.T) {
	m := productModel()
	var seen []string
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		seen = append(seen, vals(gradIn[0]))
		return []*tensorlib.Tensor{gradIn[0].MulScalar(10), gradIn[1]}
	})
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		seen = append(seen, vals(gradIn[0]))
		return []*tensorlib.Tensor{gradIn[0].AddScalar(1), gradIn[1]}
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	m.Forward(x1, tensorlib.Tensor1(3).SetRequiresGrad(true)).Backward()
	if fmt.Sprint(seen) != "[[15] [150]]" || vals(x1.Grad()) != "[151]" {
		t.Fatalf("hooks saw %v, x1.grad %s", seen, vals(x1.Grad()))
	}
}

func TestFullBackwardPreHookReplacesGradOut(t *testing.T) {
	m := productModel()
	var events []string
	m.RegisterFullBackwardPreHook(func(_ *nnlib.Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, "pre "+vals(gradOut[0]))
		return []*tensorlib.Tensor{gradOut[0].MulScalar(2)}
	})
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, "post "+vals(gradIn[0])+" "+vals(gradOut[0]))
		return nil
	})
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	m.Forward(x1, tensorlib.Tensor1(3).SetRequiresGrad(true)).Backward()
	if fmt.Sprint(events) != "[pre [1] post [30] [2]]" || vals(m.Param("W").Grad()) != "[12]" {
		t.Fatalf("events %v, W.grad %s", events, vals(m.Param("W").Grad()))
	}
}

func TestGlobalBackwardHooksRunBeforeModules(t *testing.T) {
	m := productModel()
	var events []string
	m.RegisterFullBackwardHook(func(mod *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, "own")
		return nil
	})
	m.RegisterFullBackwardPreHook(func(mod *nnlib.Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, "own pre")
		return nil
	})
	h1 := nnlib.RegisterModuleFullBackwardHook(func(mod *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, "global "+mod.Name())
		return nil
	})
	h2 := nnlib.RegisterModuleFullBackwardPreHook(func(mod *nnlib.Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, "global pre "+mod.Name())
		return nil
	})
	defer h1.Remove()
	defer h2.Remove()
	m.Forward(tensorlib.Tensor1(2).SetRequiresGrad(true), tensorlib.Tensor1(3)).Backward()
	if got := fmt.Sprint(events); got != "[global pre Model own pre global Model own]" {
		t.Fatalf("events %s", got)
	}
}

// PyTorch 1.13: gradIn (tensor([5.]), tensor([0.])), b.grad tensor([0.]).
func TestFullBackwardHookZeroForUnusedInputThatNeedsGrad(t *testing.T) {
	m := nnlib.NewModule("M", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(self.Param("W"))
	})
	m.RegisterParameter("W", tensorlib.Tensor1(5))
	var got string
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		got = vals(gradIn[0]) + " " + vals(gradIn[1])
		return nil
	})
	a := tensorlib.Tensor1(2).SetRequiresGrad(true)
	b := tensorlib.Tensor1(3).SetRequiresGrad(true)
	m.Forward(a, b).Backward()
	if got != "[5] [0]" || vals(a.Grad()) != "[5]" || vals(b.Grad()) != "[0]" {
		t.Fatalf("gradIn %s, a.grad %s, b.grad %s", got, vals(a.Grad()), vals(b.Grad()))
	}
}

func TestHooksThatReturnNilLeaveGradientsUnchanged(t *testing.T) {
	x, y := nnlib.FashionMNIST().Batch(0, 4)
	grads := func(net *nnlib.Module) []*tensorlib.Tensor {
		net.ZeroGrad()
		nnlib.CrossEntropyLoss(net.Forward(x), y).Backward()
		var out []*tensorlib.Tensor
		for _, p := range net.Parameters() {
			out = append(out, p.Grad())
		}
		return out
	}
	tensorlib.ManualSeed(9)
	net := notebookCNN()
	plain := grads(net)
	calls := 0
	for _, m := range net.Modules() {
		m.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { return nil })
		m.RegisterFullBackwardPreHook(func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor { calls++; return nil })
		m.RegisterFullBackwardHook(func(*nnlib.Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor { calls++; return nil })
	}
	hooked := grads(net)
	if calls != 2*9 {
		t.Fatalf("%d backward hook calls, want %d", calls, 2*9)
	}
	for i := range plain {
		if !tensorlib.Equal(plain[i], hooked[i]) {
			t.Fatalf("parameter %d: gradients differ with hooks", i)
		}
	}
}
