package interp

import "testing"

// TestErrorsSayWhatToWrite checks that the PyTorch habits, and the
// mistakes of their class, fail with Go's message, the cell line, and
// what to write instead (advice.go), never with an interpreter-internal
// message.
func TestErrorsSayWhatToWrite(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"setup", "model := nnlib.Sequential(nnlib.Linear(3, 2), nnlib.ReLU())\nx := tensorlib.Ones(1, 3)\nt := tensorlib.Ones(2, 3)\nn := 3\nnames := map[string]int{}", cellOut{}},
		{"model(x)", "y := 1\nout := model(x)", cellOut{err: "compile error: invalid operation: cannot call non-function model (variable of type *nnlib.Module): call model.Forward(x)", where: "line 2, column 8\n    out := model(x)"}},
		{"the failed cell declared nothing", "out", cellOut{err: "compile error: undefined: out"}},
		{"model(x) in a function", "func run() *tensorlib.Tensor {\n\treturn model(x)\n}", cellOut{err: "compile error: invalid operation: cannot call non-function model (variable of type *nnlib.Module): call model.Forward(x)", where: "line 2"}},
		{"model(x) on a parameter", "func apply(m *nnlib.Module, in *tensorlib.Tensor) *tensorlib.Tensor {\n\treturn m(in)\n}", cellOut{err: "compile error: invalid operation: cannot call non-function m (variable of type *nnlib.Module): call m.Forward(in)", where: "line 2"}},
		{"calling any non-function value", "n(2)", cellOut{err: "compile error: invalid operation: cannot call non-function n (variable of type int)", where: "line 1, column 1"}},
		{"t.shape", "fmt.Println(1)\nt.shape", cellOut{err: "compile error: t.shape undefined (type *tensorlib.Tensor has no field or method shape, but does have method Shape): use t.Shape()", where: "line 2, column 3\n    t.shape"}},
		{"t.shape in a function", "func dims() []int { return t.shape }", cellOut{err: "compile error: t.shape undefined (type *tensorlib.Tensor has no field or method shape, but does have method Shape): use t.Shape()"}},
		{"t.size()", "t.size()", cellOut{err: "compile error: t.size undefined (type *tensorlib.Tensor has no field or method size, but does have method Size): use t.Size()"}},
		{"an unexported name with no exported twin", "t.nosuch", cellOut{err: "compile error: t.nosuch undefined (type *tensorlib.Tensor has no field or method nosuch)"}},
		{"model[2]", "model[1]", cellOut{err: "compile error: invalid operation: cannot index model (variable of type *nnlib.Module): use model.Child(\"1\") or model.GetSubmodule(\"1\")", where: "line 1, column 1"}},
		{"indexing what can be indexed is fine", "names[\"a\"] = 1\nnames[\"a\"]", cellOut{result: "1"}},
		{"what to write works", "model.Child(\"1\").Name() + fmt.Sprint(t.Shape(), model.Forward(x).Shape())", cellOut{result: "ReLU[2 3] [1 2]"}},
		{"a local of the same name is its own", "func local(model func(int) int) int { return model(2) }\nlocal(func(i int) int { return i * 2 })", cellOut{result: "4"}},
		{"types of the cells keep their lowercase fields", "type point struct{ x, y int }\npt := point{1, 2}\npt.x + pt.y", cellOut{result: "3"}},
		{"a mistyped package", "v := nosuch.X()", cellOut{err: "compile error: undefined: nosuch"}},
		{"twice: an error, not a crash", "nosuch.Y()", cellOut{err: "compile error: undefined: nosuch"}},
		{"model(x) of a model made in the same cell", "m2 := nnlib.Linear(3, 2)\nm2(x)", cellOut{err: "compile error: invalid operation: cannot call non-function m2 (variable of type *nnlib.Module): call m2.Forward(x)", where: "line 2, column 1"}},
		{"t.shape of a tensor made in the same cell", "t2 := tensorlib.Ones(2, 3)\nt2.shape", cellOut{err: "compile error: t2.shape undefined (type *tensorlib.Tensor has no field or method shape, but does have method Shape): use t2.Shape()", where: "line 2, column 4"}},
		{"model[2] of a model made in the same cell", "m3 := nnlib.Sequential(nnlib.Linear(3, 2))\nm3[0]", cellOut{err: "compile error: invalid operation: cannot index m3 (variable of type *nnlib.Module): use m3.Child(\"0\") or m3.GetSubmodule(\"0\")", where: "line 2, column 1"}},
		{"a module made by a function of the cells", "func mk() *nnlib.Module { return nnlib.Linear(3, 2) }\nm4 := mk()\nm4(x)", cellOut{err: "compile error: invalid operation: cannot call non-function m4 (variable of type *nnlib.Module): call m4.Forward(x)", where: "line 3"}},
		{"a function of an earlier cell", "func mk2() *nnlib.Module { return nnlib.Sequential(nnlib.Linear(3, 2)) }", cellOut{}},
		{"a module it makes", "m5 := mk2()\nm5[1]", cellOut{err: "compile error: invalid operation: cannot index m5 (variable of type *nnlib.Module): use m5.Child(\"1\") or m5.GetSubmodule(\"1\")", where: "line 2"}},
		{"the session goes on", "n", cellOut{result: "3"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}

// TestGoWords checks the translation of interpreter-internal messages.
func TestGoWords(t *testing.T) {
	for _, r := range []struct {
		in, out string
		compile bool
	}{
		{"CFG post-order panic: reflect: NumIn of non-func type *nnlib.Module", "invalid operation: cannot call non-function (value of type *nnlib.Module): a module runs with its Forward method, m.Forward(x)", true},
		{"CFG post-order panic: reflect: NumIn of non-func type *main.net", "invalid operation: cannot call non-function (value of type *main.net)", true},
		{"CFG post-order panic: 900001:6: incomplete type nosuch", "undefined: nosuch", true},
		{"reflect.Value.Interface: cannot return value obtained from unexported field or method", "cannot refer to an unexported field or method of a compiled type: use its exported methods", false},
		{"constant definition loop", "invalid declaration: it uses an undefined name, or itself", true},
		{"index out of range", "index out of range", false},
	} {
		if got, compile := goWords(r.in); got != r.out || compile != r.compile {
			t.Errorf("goWords(%q) = %q, %v; want %q, %v", r.in, got, compile, r.out, r.compile)
		}
	}
}
