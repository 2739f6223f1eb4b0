package nnlib_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// The hook exercises of the project's quiz, sections 1 to 4, called through
// the API as a notebook cell calls it, with what they print checked.

func TestQuizForwardHooks(t *testing.T) {
	add := nnlib.NewModule("Add", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Add(x[1])
	})
	var answer []*tensorlib.Tensor
	preHandle := add.RegisterForwardPreHook(func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
		answer = append(answer, in...)
		return nil
	})
	postHandle := add.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		answer = append(answer, out)
		return nil
	})
	x1, x2 := tensorlib.Rand(1), tensorlib.Rand(1)
	output := add.Forward(x1, x2)
	if got := fmt.Sprint(len(answer) == 3 && answer[0] == x1 && answer[1] == x2 && answer[2] == output); got != "true" {
		t.Fatalf("cell 2 printed %s, want true", got)
	}

	preHandle.Remove()
	postHandle.Remove()
	postHandle.Remove()
	add.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		return out.AddScalar(5)
	})
	if got := fmt.Sprint(tensorlib.AllClose(add.Forward(x1, x2), x1.Add(x2).AddScalar(5))); got != "true" {
		t.Fatalf("cell 3 printed %s, want true", got)
	}
	if len(answer) != 3 {
		t.Fatalf("removed hooks still ran: answer has %d entries", len(answer))
	}
}

func NewModel() *nnlib.Module {
	m := nnlib.NewModule("Model", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(x[1]).Mul(self.Param("W"))
	})
	m.RegisterParameter("W", tensorlib.Tensor1(5))
	return m
}

func TestQuizBackwardHooks(t *testing.T) {
	model := NewModel()
	var grads []*tensorlib.Tensor
	model.RegisterFullBackwardHook(func(m *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		grads = append(grads, gradIn...)
		grads = append(grads, gradOut[0])
		return nil
	})
	x1 := tensorlib.Rand(1).SetRequiresGrad(true)
	x2 := tensorlib.Rand(1).SetRequiresGrad(true)
	output := model.Forward(x1, x2)
	output.RetainGrad()
	output.Backward()
	got := fmt.Sprintln(tensorlib.AllClose(grads[0], x1.Grad()), tensorlib.AllClose(grads[1], x2.Grad()), tensorlib.AllClose(grads[2], output.Grad()))
	if got != "true true true\n" {
		t.Fatalf("cell printed %q", got)
	}
	// The values themselves: d(x1*x2*5)/dx1 = 5*x2.
	if d := x1.Grad().Item() - 5*x2.Item(); d > 1e-6 || d < -1e-6 {
		t.Fatalf("x1.grad = %v, want 5*x2 = %v", x1.Grad().Item(), 5*x2.Item())
	}

	model = NewModel()
	var wGrads []*tensorlib.Tensor
	model.Param("W").RegisterHook(func(grad *tensorlib.Tensor) *tensorlib.Tensor {
		wGrads = append(wGrads, grad)
		return nil
	})
	model.Forward(x1, x2).Backward()
	if got := fmt.Sprint(len(wGrads) == 1 && tensorlib.AllClose(wGrads[0], model.Param("W").Grad())); got != "true" {
		t.Fatalf("W hook cell printed %s", got)
	}
}

func Function(name string, op func(x, w *tensorlib.Tensor) *tensorlib.Tensor) *nnlib.Module {
	m := nnlib.NewModule(name, func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return op(x[0], self.Param("W"))
	})
	m.RegisterParameter("W", tensorlib.Rand(1))
	return m
}

func Pair(name, n1 string, m1 *nnlib.Module, n2 string, m2 *nnlib.Module) *nnlib.Module {
	m := nnlib.NewModule(name, func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return self.Child(n2).Forward(self.Child(n1).Forward(x[0]))
	})
	m.AddModule(n1, m1)
	m.AddModule(n2, m2)
	return m
}

func NewQuizModel() *nnlib.Module {
	a := Function("Function_A", func(x, w *tensorlib.Tensor) *tensorlib.Tensor { return x.Add(w) })
	b := Function("Function_B", func(x, w *tensorlib.Tensor) *tensorlib.Tensor { return x.Sub(w) })
	c := Function("Function_C", func(x, w *tensorlib.Tensor) *tensorlib.Tensor { return x.Mul(w) })
	d := Function("Function_D", func(x, w *tensorlib.Tensor) *tensorlib.Tensor { return x.Div(w) })
	return Pair("Model", "ab", Pair("Layer_AB", "a", a, "b", b), "cd", Pair("Layer_CD", "c", c, "d", d))
}

// quizModelAfterSection3 runs the cells of section 3 and returns the model.
func quizModelAfterSection3(t *testing.T) *nnlib.Module {
	qm := NewQuizModel()
	var visited []string
	qm.Apply(func(m *nnlib.Module) { visited = append(visited, m.Name()) })
	if got := fmt.Sprint(visited); got != "[Function_A Function_B Layer_AB Function_C Function_D Layer_CD Model]" {
		t.Fatalf("apply order printed %s", got)
	}

	qm.Apply(func(m *nnlib.Module) {
		if strings.HasPrefix(m.Name(), "Function") {
			m.RegisterParameter("W", tensorlib.Tensor1(1))
		}
	})
	if got := fmt.Sprint(qm.Forward(tensorlib.Tensor1(1, 2))); got != "tensor([1., 2.], grad_fn=<DivBackward0>)" {
		t.Fatalf("W=1 cell printed %s", got)
	}

	qm.GetSubmodule("ab.a").RegisterParameter("W", tensorlib.Tensor1(3))
	qm.GetSubmodule("ab.b").RegisterParameter("W", tensorlib.Tensor1(2))
	qm.GetSubmodule("cd.c").RegisterParameter("W", tensorlib.Tensor1(2))
	qm.GetSubmodule("cd.d").RegisterParameter("W", tensorlib.Tensor1(2))
	if got := fmt.Sprint(qm.Forward(tensorlib.Tensor1(1, 2))); got != "tensor([2., 3.], grad_fn=<DivBackward0>)" {
		t.Fatalf("x+1 cell printed %s", got)
	}

	qm.Apply(func(m *nnlib.Module) {
		if strings.HasPrefix(m.Name(), "Function") {
			m.RegisterParameter("W", tensorlib.Rand(2, 2))
			m.RegisterParameter("b", tensorlib.Rand(2))
		}
	})
	qm.Apply(func(m *nnlib.Module) {
		if strings.HasPrefix(m.Name(), "Function") {
			m.Param("W").Fill(1)
			m.Param("b").Fill(1)
		}
	})
	qm.Apply(func(m *nnlib.Module) {
		if strings.HasPrefix(m.Name(), "Function") {
			m.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
				return in[0].MatMul(m.Param("W").T()).Add(m.Param("b"))
			})
		}
	})
	if got := fmt.Sprint(qm.Forward(tensorlib.Tensor1(1, 2))); got != "tensor([39., 39.], grad_fn=<AddBackward0>)" {
		t.Fatalf("linear hook cell printed %s", got)
	}
	return qm
}

func TestQuizApply(t *testing.T) { quizModelAfterSection3(t) }

func TestQuizLookingInside(t *testing.T) {
	qm := quizModelAfterSection3(t)
	var out strings.Builder
	for _, c := range qm.NamedChildren() {
		fmt.Fprintln(&out, c.Name, c.Module.Name())
	}
	for _, p := range qm.NamedParameters() {
		fmt.Fprintln(&out, p.Name, p.Tensor.Shape())
	}
	fmt.Fprintln(&out, qm.GetSubmodule("ab.b").Name(), qm.GetParameter("cd.c.b").Shape())
	qm.RegisterBuffer("running", tensorlib.Zeros(2), true)
	qm.RegisterBuffer("scratch", tensorlib.Zeros(2), false)
	fmt.Fprintln(&out, len(qm.StateDict()))
	qm.Doc = "Four functions in two layers."
	qm.GetSubmodule("ab.a").ExtraRepr = func() string { return "x + W" }
	fmt.Fprintln(&out, qm)
	want := `ab Layer_AB
cd Layer_CD
ab.a.W [2 2]
ab.a.b [2]
ab.b.W [2 2]
ab.b.b [2]
cd.c.W [2 2]
cd.c.b [2]
cd.d.W [2 2]
cd.d.b [2]
Function_B [2]
9
Model(
  (ab): Layer_AB(
    (a): Function_A(x + W)
    (b): Function_B()
  )
  (cd): Layer_CD(
    (c): Function_C()
    (d): Function_D()
  )
)
`
	if out.String() != want {
		t.Fatalf("section 4 printed\n%s\nwant\n%s", out.String(), want)
	}
	if qm.Doc != "Four functions in two layers." {
		t.Fatalf("Doc = %q", qm.Doc)
	}
}

// Section 5 without the toolkit and the figures: the feature shapes the
// capture cell prints, and the gradient the backward-hook cell displays.
func TestQuizHooksAtWork(t *testing.T) {
	net := nnlib.Sequential(
		nnlib.Conv2d(1, 8, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Conv2d(8, 16, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Flatten(), nnlib.Linear(16*7*7, 10),
	)
	img, label := nnlib.FashionMNIST().Sample(0)
	feats := map[string]*tensorlib.Tensor{}
	var handles []*tensorlib.Handle
	for _, name := range []string{"0", "3"} {
		name := name
		handles = append(handles, net.GetSubmodule(name).RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
			feats[name] = out
			return nil
		}))
	}
	net.Forward(img)
	for _, h := range handles {
		h.Remove()
	}
	if got := fmt.Sprintln(feats["0"].Shape(), feats["3"].Shape(), label); got != "[1 8 28 28] [1 16 14 14] 9\n" {
		t.Fatalf("capture cell printed %q", got)
	}

	var gradOut *tensorlib.Tensor
	h := net.GetSubmodule("3").RegisterFullBackwardHook(func(m *nnlib.Module, gradIn, gOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		gradOut = gOut[0]
		return nil
	})
	var out3 *tensorlib.Tensor
	net.GetSubmodule("3").RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		out3 = out
		return nil
	})
	out := net.Forward(img)
	out3.RetainGrad()
	loss := nnlib.CrossEntropyLoss(out, tensorlib.Tensor1(9))
	loss.Backward()
	h.Remove()
	if gradOut == nil || fmt.Sprint(gradOut.Shape()) != "[1 16 14 14]" {
		t.Fatalf("gradOut %v", gradOut)
	}
	// The module hook's gradOut is the gradient of the conv's output, the
	// tensor the forward hook saw (wrapped after it, so its grad is the same).
	checkClose(t, "gradOut", gradOut, out3.Grad().Data())
}
