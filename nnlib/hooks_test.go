package nnlib_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func expectPanic(t *testing.T, want string, fn func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("no panic, want one containing %q", want)
		}
		if msg := fmt.Sprint(r); !strings.Contains(msg, want) {
			t.Fatalf("panic %q does not contain %q", msg, want)
		}
	}()
	fn()
}

func vals(t *tensorlib.Tensor) string {
	if t == nil {
		return "nil"
	}
	return fmt.Sprint(t.Data())
}

func addModule() *nnlib.Module {
	return nnlib.NewModule("Add", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Add(x[1])
	})
}

func TestForwardCallOrderGlobalFirstAndPrepend(t *testing.T) {
	var events []string
	m := nnlib.NewModule("M", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, "forward")
		return x[0]
	})
	pre := func(name string) func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor {
		return func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor {
			events = append(events, name)
			return nil
		}
	}
	post := func(name string) func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor {
		return func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor {
			events = append(events, name)
			return nil
		}
	}
	hs := []*tensorlib.Handle{
		m.RegisterForwardPreHook(pre("pre1")),
		m.RegisterForwardPreHook(pre("pre2")),
		m.RegisterForwardPreHook(pre("pre0"), nnlib.Prepend()),
		nnlib.RegisterModuleForwardPreHook(pre("gpre")),
		m.RegisterForwardHook(post("post1")),
		m.RegisterForwardHook(post("post0"), nnlib.Prepend()),
		nnlib.RegisterModuleForwardHook(post("gpost1")),
		nnlib.RegisterModuleForwardHook(post("gpost0"), nnlib.Prepend()),
	}
	m.Forward(tensorlib.Tensor1(1))
	want := "[gpre pre0 pre1 pre2 forward gpost0 gpost1 post0 post1]"
	if got := fmt.Sprint(events); got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
	for _, h := range hs {
		h.Remove()
	}
	events = nil
	m.Forward(tensorlib.Tensor1(1))
	if got := fmt.Sprint(events); got != "[forward]" {
		t.Fatalf("after Remove: %s", got)
	}
}

func TestForwardPreHookReplacesInputs(t *testing.T) {
	add := addModule()
	var seenByPre2, seenByPost []string
	add.RegisterForwardPreHook(func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{in[0].MulScalar(10), in[1]}
	})
	add.RegisterForwardPreHook(func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
		seenByPre2 = append(seenByPre2, vals(in[0]))
		return nil
	})
	add.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		seenByPost = append(seenByPost, vals(in[0]))
		return nil
	})
	out := add.Forward(tensorlib.Tensor1(1, 2), tensorlib.Tensor1(3, 4))
	if vals(out) != "[13 24]" || fmt.Sprint(seenByPre2) != "[[10 20]]" || fmt.Sprint(seenByPost) != "[[10 20]]" {
		t.Fatalf("out %s, pre2 saw %v, forward hook saw %v", vals(out), seenByPre2, seenByPost)
	}
}

func TestForwardHookReplacesOutputForLaterHooks(t *testing.T) {
	x1, x2 := tensorlib.Tensor1(1, 2, 3), tensorlib.Tensor1(10, 20, 30)
	var captured string
	capture := func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		captured = vals(out)
		return nil
	}
	plus5 := func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		return out.AddScalar(5)
	}
	add := addModule()
	add.RegisterForwardHook(capture)
	add.RegisterForwardHook(plus5)
	out := add.Forward(x1, x2)
	if captured != "[11 22 33]" || vals(out) != "[16 27 38]" {
		t.Fatalf("capture first: captured %s, returned %s", captured, vals(out))
	}
	add = addModule()
	add.RegisterForwardHook(plus5)
	add.RegisterForwardHook(capture)
	out = add.Forward(x1, x2)
	if captured != "[16 27 38]" || vals(out) != "[16 27 38]" {
		t.Fatalf("+5 first: captured %s, returned %s", captured, vals(out))
	}
}

func TestHooksFireUnderNoGrad(t *testing.T) {
	add := addModule()
	n := 0
	add.RegisterForwardPreHook(func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor { n++; return nil })
	add.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { n++; return nil })
	tensorlib.NoGrad(func() {
		add.Forward(tensorlib.Tensor1(1).SetRequiresGrad(true), tensorlib.Tensor1(2))
	})
	if n != 2 {
		t.Fatalf("%d hooks fired under NoGrad, want 2", n)
	}
}

func TestAlwaysCallForwardHookRunsWhenForwardPanics(t *testing.T) {
	m := nnlib.NewModule("Boom", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		panic("boom")
	})
	var events []string
	m.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, "normal")
		return nil
	})
	m.RegisterForwardHook(func(_ *nnlib.Module, _ []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, fmt.Sprint("always out=", out == nil))
		return nil
	}, nnlib.AlwaysCall())
	expectPanic(t, "boom", func() { m.Forward(tensorlib.Tensor1(1)) })
	if fmt.Sprint(events) != "[always out=true]" {
		t.Fatalf("events %v", events)
	}
	// A panicking pre-hook, too, is followed by the always-call hooks, and a
	// forward hook that already ran is not run again.
	events = nil
	m2 := addModule()
	m2.RegisterForwardPreHook(func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor { panic("pre-hook failed") })
	m2.RegisterForwardHook(func(_ *nnlib.Module, in []*tensorlib.Tensor, _ *tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, fmt.Sprint("always after pre-hook, inputs ", len(in)))
		return nil
	}, nnlib.AlwaysCall())
	expectPanic(t, "pre-hook failed", func() { m2.Forward(tensorlib.Tensor1(1), tensorlib.Tensor1(2)) })
	m3 := addModule()
	m3.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, "always ran once")
		return nil
	}, nnlib.AlwaysCall())
	m3.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor {
		panic("late hook failed")
	})
	expectPanic(t, "late hook failed", func() { m3.Forward(tensorlib.Tensor1(1), tensorlib.Tensor1(2)) })
	if fmt.Sprint(events) != "[always after pre-hook, inputs 2 always ran once]" {
		t.Fatalf("events %v", events)
	}
	expectPanic(t, "AlwaysCall applies only to forward hooks", func() {
		m.RegisterForwardPreHook(func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil }, nnlib.AlwaysCall())
	})
}

// layer builds the Layer_AB / Layer_CD model of the traversal facts, with
// hooks that log forward and backward events by path.
func TestTraversalAndHookNesting(t *testing.T) {
	fn := func(name string, op func(x, w *tensorlib.Tensor) *tensorlib.Tensor) *nnlib.Module {
		m := nnlib.NewModule(name, func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
			return op(x[0], self.Param("W"))
		})
		m.RegisterParameter("W", tensorlib.Tensor1(2))
		return m
	}
	pair := func(name, n1 string, m1 *nnlib.Module, n2 string, m2 *nnlib.Module) *nnlib.Module {
		m := nnlib.NewModule(name, func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
			return self.Child(n2).Forward(self.Child(n1).Forward(x[0]))
		})
		m.AddModule(n1, m1)
		m.AddModule(n2, m2)
		return m
	}
	model := pair("Model",
		"ab", pair("Layer_AB", "a", fn("A", (*tensorlib.Tensor).Add), "b", fn("B", (*tensorlib.Tensor).Sub)),
		"cd", pair("Layer_CD", "c", fn("C", (*tensorlib.Tensor).Mul), "d", fn("D", (*tensorlib.Tensor).Div)))

	var applied []string
	model.Apply(func(m *nnlib.Module) { applied = append(applied, m.Name()) })
	if got := fmt.Sprint(applied); got != "[A B Layer_AB C D Layer_CD Model]" {
		t.Fatalf("Apply order %s", got)
	}
	var names []string
	for _, nm := range model.NamedModules() {
		names = append(names, "'"+nm.Name+"'")
	}
	if got := strings.Join(names, " "); got != "'' 'ab' 'ab.a' 'ab.b' 'cd' 'cd.c' 'cd.d'" {
		t.Fatalf("NamedModules %s", got)
	}

	var events []string
	for _, nm := range model.NamedModules() {
		path := nm.Name
		if path == "" {
			path = "root"
		}
		nm.Module.RegisterForwardPreHook(func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor {
			events = append(events, "pre:"+path)
			return nil
		})
		nm.Module.RegisterForwardHook(func(*nnlib.Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor {
			events = append(events, "fwd:"+path)
			return nil
		})
		nm.Module.RegisterFullBackwardHook(func(*nnlib.Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor {
			events = append(events, "bwd:"+path)
			return nil
		})
	}
	out := model.Forward(tensorlib.Tensor1(1, 2).SetRequiresGrad(true))
	want := "pre:root pre:ab pre:ab.a fwd:ab.a pre:ab.b fwd:ab.b fwd:ab pre:cd pre:cd.c fwd:cd.c pre:cd.d fwd:cd.d fwd:cd fwd:root"
	if got := strings.Join(events, " "); got != want {
		t.Fatalf("forward events\n%s\nwant\n%s", got, want)
	}
	events = nil
	out.Sum().Backward()
	want = "bwd:cd.d bwd:cd.c bwd:cd bwd:ab.b bwd:ab.a bwd:ab bwd:root"
	if got := strings.Join(events, " "); got != want {
		t.Fatalf("backward events\n%s\nwant\n%s", got, want)
	}
	// ((x + 2) - 2) * 2 / 2 = x, so every gradient is one.
	if vals(out) != "[1 2]" {
		t.Fatalf("out %s", vals(out))
	}
}

func TestModuleUsedTwice(t *testing.T) {
	s := nnlib.NewModule("Scale", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return x[0].Mul(self.Param("w"))
	})
	s.RegisterParameter("w", tensorlib.Tensor1(2, 3))
	var events []string
	s.RegisterForwardHook(func(_ *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, "fwd "+vals(in[0])+"->"+vals(out))
		return nil
	})
	s.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		events = append(events, "bwd gradOut "+vals(gradOut[0])+" gradIn "+vals(gradIn[0]))
		return nil
	})
	w := s.Param("w")
	w.RegisterHook(func(g *tensorlib.Tensor) *tensorlib.Tensor {
		events = append(events, "w hook "+vals(g))
		return nil
	})
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	s.Forward(s.Forward(x)).Sum().Backward()
	want := "fwd [1 2]->[2 6] | fwd [2 6]->[4 18] | bwd gradOut [1 1] gradIn [2 3] | w hook [4 12] | bwd gradOut [2 3] gradIn [4 9]"
	if got := strings.Join(events, " | "); got != want {
		t.Fatalf("events\n%s\nwant\n%s", got, want)
	}
	if vals(w.Grad()) != "[4 12]" || vals(x.Grad()) != "[4 9]" {
		t.Fatalf("w.grad %s x.grad %s", vals(w.Grad()), vals(x.Grad()))
	}
}

func TestSharedModuleAppearsOnce(t *testing.T) {
	shared := nnlib.NewModule("Shared", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor { return x[0] })
	shared.RegisterParameter("w", tensorlib.Tensor1(1))
	root := nnlib.NewModule("Root", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor { return x[0] })
	root.AddModule("first", shared)
	root.AddModule("second", shared)
	var names, applied []string
	for _, nm := range root.NamedModules() {
		names = append(names, nm.Name)
	}
	for _, p := range root.NamedParameters() {
		names = append(names, p.Name)
	}
	root.Apply(func(m *nnlib.Module) { applied = append(applied, m.Name()) })
	if fmt.Sprint(names) != "[ first first.w]" || fmt.Sprint(applied) != "[Shared Root]" {
		t.Fatalf("names %q, applied %v", names, applied)
	}
	if len(root.Children()) != 1 || len(root.Modules()) != 2 || len(root.Parameters()) != 1 {
		t.Fatalf("Children %d Modules %d Parameters %d", len(root.Children()), len(root.Modules()), len(root.Parameters()))
	}
	// PyTorch prints and saves a shared module under every name.
	want := "Root(\n  (first): Shared()\n  (second): Shared()\n)"
	if root.String() != want {
		t.Fatalf("String\n%s", root)
	}
	if sd := root.StateDict(); len(sd) != 2 || sd[0].Name != "first.w" || sd[1].Name != "second.w" {
		t.Fatalf("StateDict %v", sd)
	}
}

func TestRegisterParameterReplacesInPlaceAndMarksLeaf(t *testing.T) {
	m := nnlib.NewModule("M", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor { return x[0] })
	a := tensorlib.Tensor1(1)
	m.RegisterParameter("a", a)
	m.RegisterParameter("b", tensorlib.Tensor1(2))
	if !a.RequiresGrad() || !a.IsLeaf() {
		t.Fatal("a parameter must be a leaf that requires grad")
	}
	m.RegisterParameter("a", tensorlib.Tensor1(3))
	var got []string
	for _, p := range m.NamedParameters() {
		got = append(got, p.Name+"="+vals(p.Tensor))
	}
	if fmt.Sprint(got) != "[a=[3] b=[2]]" {
		t.Fatalf("parameters %v", got)
	}
	expectPanic(t, `must be a leaf tensor, not the result of MulBackward0`, func() {
		m.RegisterParameter("c", tensorlib.Tensor1(1).SetRequiresGrad(true).MulScalar(2))
	})
	expectPanic(t, `already has a parameter "a"`, func() { m.RegisterBuffer("a", tensorlib.Tensor1(1), true) })
	expectPanic(t, `contain no "."`, func() { m.RegisterParameter("x.y", tensorlib.Tensor1(1)) })
}

func TestBadPathsPanicNamingWhatExists(t *testing.T) {
	qm := NewQuizModel()
	expectPanic(t, `Model.ab has no child module "x" (path "ab.x.y"; children: a, b)`, func() { qm.GetSubmodule("ab.x.y") })
	expectPanic(t, `Function_C has no parameter "q" (path "cd.c.q"; parameters: W)`, func() { qm.GetParameter("cd.c.q") })
	expectPanic(t, `Model has no buffer "running" (path "running"; buffers: none)`, func() { qm.GetBuffer("running") })
	expectPanic(t, `Model has no child module "zz" (children: ab, cd)`, func() { qm.Child("zz") })
	expectPanic(t, `Function_A has no parameter "b" (parameters: W)`, func() { qm.GetSubmodule("ab.a").Param("b") })
}

func TestTrainEvalZeroGradAndBuffers(t *testing.T) {
	qm := NewQuizModel()
	qm.GetSubmodule("cd").RegisterBuffer("count", tensorlib.Tensor1(7), false)
	if vals(qm.GetBuffer("cd.count")) != "[7]" || len(qm.NamedBuffers()) != 1 || qm.NamedBuffers()[0].Name != "cd.count" {
		t.Fatalf("buffers %v", qm.NamedBuffers())
	}
	if len(qm.StateDict()) != 4 {
		t.Fatalf("a non-persistent buffer must stay out of StateDict: %d entries", len(qm.StateDict()))
	}
	if qm.Eval() != qm || qm.GetSubmodule("ab.a").Training() {
		t.Fatal("Eval must reach every module and return the module")
	}
	qm.Train()
	if !qm.GetSubmodule("cd.d").Training() {
		t.Fatal("Train must reach every module")
	}
	qm.Forward(tensorlib.Tensor1(1, 2)).Sum().Backward()
	if qm.GetParameter("ab.a.W").Grad() == nil {
		t.Fatal("no gradient after backward")
	}
	qm.ZeroGrad()
	for _, p := range qm.Parameters() {
		if p.Grad() != nil {
			t.Fatal("ZeroGrad left a gradient")
		}
	}
}

func TestPrependAndGlobalVariantsForEveryKind(t *testing.T) {
	m := productModel()
	var events []string
	bw := func(name string) func(*nnlib.Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor {
		return func(*nnlib.Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor {
			events = append(events, name)
			return nil
		}
	}
	bwPre := func(name string) func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor {
		return func(*nnlib.Module, []*tensorlib.Tensor) []*tensorlib.Tensor {
			events = append(events, name)
			return nil
		}
	}
	m.RegisterFullBackwardHook(bw("bw1"))
	m.RegisterFullBackwardHook(bw("bw0"), nnlib.Prepend())
	m.RegisterFullBackwardPreHook(bwPre("pre1"))
	m.RegisterFullBackwardPreHook(bwPre("pre0"), nnlib.Prepend())
	h1 := nnlib.RegisterModuleFullBackwardHook(bw("gbw1"))
	h2 := nnlib.RegisterModuleFullBackwardHook(bw("gbw0"), nnlib.Prepend())
	h3 := nnlib.RegisterModuleFullBackwardPreHook(bwPre("gpre"))
	x1 := tensorlib.Tensor1(2).SetRequiresGrad(true)
	m.Forward(x1, tensorlib.Tensor1(3)).Backward()
	for _, h := range []*tensorlib.Handle{h1, h2, h3} {
		h.Remove()
	}
	if got := fmt.Sprint(events); got != "[gpre pre0 pre1 gbw0 gbw1 bw0 bw1]" {
		t.Fatalf("events %s", got)
	}
	events = nil
	m.Forward(x1, tensorlib.Tensor1(3)).Backward()
	if got := fmt.Sprint(events); got != "[pre0 pre1 bw0 bw1]" {
		t.Fatalf("after removing the global hooks: %s", got)
	}
}

func TestGlobalForwardHooksReplaceAndAlwaysCall(t *testing.T) {
	add := addModule()
	var seen []string
	h1 := nnlib.RegisterModuleForwardPreHook(func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
		if m.Name() != "Add" {
			return nil
		}
		return []*tensorlib.Tensor{in[0], in[1].MulScalar(2)}
	})
	add.RegisterForwardPreHook(func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
		seen = append(seen, vals(in[1]))
		return nil
	})
	h2 := nnlib.RegisterModuleForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		seen = append(seen, "global "+vals(out))
		return out.AddScalar(100)
	}, nnlib.AlwaysCall())
	out := add.Forward(tensorlib.Tensor1(1), tensorlib.Tensor1(2))
	boom := nnlib.NewModule("Boom", func(*nnlib.Module, ...*tensorlib.Tensor) *tensorlib.Tensor { panic("boom") })
	expectPanic(t, "boom", func() { boom.Forward(tensorlib.Tensor1(1)) })
	h1.Remove()
	h2.Remove()
	if vals(out) != "[105]" || fmt.Sprint(seen) != "[[4] global [5] global nil]" {
		t.Fatalf("out %s, seen %v", vals(out), seen)
	}
	if out := add.Forward(tensorlib.Tensor1(1), tensorlib.Tensor1(2)); vals(out) != "[3]" {
		t.Fatalf("after Remove: %s", vals(out))
	}
}
