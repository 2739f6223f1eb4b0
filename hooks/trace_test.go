package hooks

import (
	"bytes"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func TestTraceShapesNestsByCallDepth(t *testing.T) {
	block := nnlib.Sequential(nnlib.Linear(3, 4), nnlib.ReLU())
	net := nnlib.Sequential(block, nnlib.Linear(4, 2))
	var out bytes.Buffer
	trace := TraceShapesTo(net, &out)
	net.Forward(tensorlib.Zeros(5, 3))
	want := `Sequential: in [5 3]
  0 Sequential: in [5 3]
    0.0 Linear: [5 3] -> [5 4]
    0.1 ReLU: [5 4] -> [5 4]
  0 Sequential: out [5 4]
  1 Linear: [5 4] -> [5 2]
Sequential: out [5 2]
`
	if out.String() != want {
		t.Errorf("trace:\n%s\nwant:\n%s", out.String(), want)
	}
	trace.Remove()
	out.Reset()
	net.Forward(tensorlib.Zeros(5, 3))
	if out.Len() != 0 {
		t.Errorf("trace printed after Remove:\n%s", out.String())
	}
}

func TestTraceShapesMultipleInputsAndRepeatedCalls(t *testing.T) {
	add := nnlib.NewModule("Add", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Add(x[1])
	})
	m := nnlib.NewModule("Twice", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		y := self.Child("add").Forward(x[0], x[1])
		return self.Child("add").Forward(y, x[1])
	})
	m.AddModule("add", add)
	var out bytes.Buffer
	defer TraceShapesTo(m, &out).Remove()
	m.Forward(tensorlib.Zeros(2, 3), tensorlib.Zeros(3))
	want := `Twice: in [2 3], [3]
  add Add: [2 3], [3] -> [2 3]
  add Add: [2 3], [3] -> [2 3]
Twice: out [2 3]
`
	if out.String() != want {
		t.Errorf("trace:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestTraceShapesKeepsDepthAfterAPanic(t *testing.T) {
	bad := nnlib.Sequential(nnlib.Linear(3, 4), nnlib.Linear(3, 4))
	net := nnlib.Sequential(bad)
	var out bytes.Buffer
	defer TraceShapesTo(net, &out).Remove()
	wantPanic(t, func() { net.Forward(tensorlib.Zeros(1, 3)) }, "tensorlib: Linear")
	// The trace shows where forward failed.
	want := `Sequential: in [1 3]
  0 Sequential: in [1 3]
    0.0 Linear: [1 3] -> [1 4]
    0.1 Linear: [1 4] -> (no output)
  0 Sequential: out (no output)
Sequential: out (no output)
`
	if out.String() != want {
		t.Errorf("trace of a failing forward:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	net.Child("0").Child("0").Forward(tensorlib.Zeros(1, 3))
	if want := "0.0 Linear: [1 3] -> [1 4]\n"; out.String() != want {
		t.Errorf("after a panic the trace printed %q, want %q", out.String(), want)
	}
}

func TestTraceShapesRecoversDepthAfterAPanickingPreHook(t *testing.T) {
	net := nnlib.Sequential(nnlib.ReLU())
	var out bytes.Buffer
	defer TraceShapesTo(net, &out).Remove()
	// This pre-hook runs after the trace's and panics before forward, so
	// the trace's forward hook (and its decrement) never runs for "0".
	h := net.Child("0").RegisterForwardPreHook(func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
		panic("pre-hook")
	})
	wantPanic(t, func() { net.Forward(tensorlib.Zeros(1)) }, "pre-hook")
	h.Remove()
	out.Reset()
	net.Forward(tensorlib.Zeros(1))
	want := "Sequential: in [1]\n  0 ReLU: [1] -> [1]\nSequential: out [1]\n"
	if out.String() != want {
		t.Errorf("trace after a panicking pre-hook:\n%s\nwant:\n%s", out.String(), want)
	}
}
