package interp

import (
	"context"
	"strings"
	"testing"
)

// TestFailedCellDeclaresNothing checks that a cell that fails part-way
// leaves no half-declared names (failed.go), and that the session goes
// on with the values of the earlier cells.
func TestFailedCellDeclaresNothing(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"setup", "model := nnlib.Sequential(nnlib.Linear(3, 2))\nx := tensorlib.Ones(1, 3)\nkeep := 5", cellOut{}},
		{"a cell that fails to compile", "keep = 6\nw := 1\nv := model.Forward(x) + 1", cellOut{err: "compile error: invalid operation: mismatched types *tensorlib.Tensor and untyped int"}},
		{"its variable is undefined", "v", cellOut{err: "compile error: undefined: v", where: "line 1, column 1"}},
		{"and so are the others it declared", "fmt.Println(w)", cellOut{err: "compile error: undefined: w", where: "(w was declared by a cell that failed: run that cell again"}},
		{"in a function too", "func use() int { return w + 1 }", cellOut{err: "compile error: undefined: w"}},
		{"a local of the same name is fine", "func local(w int) int { return w + 1 }\nlocal(1)", cellOut{result: "2"}},
		{"%who does not list them", "%who", cellOut{result: "keep         int\nmodel        *nnlib.Module\nx            *tensorlib.Tensor"}},
		{"earlier variables keep their values", "keep", cellOut{result: "5"}},
		{"declaring the name again makes it usable", "w := 10\nw", cellOut{result: "10"}},
		{"a cell that panics part-way", "y := 3\nvar zs []int\nz := zs[y]\nz2 := 4\nfunc half() int { return y / 2 }", cellOut{err: "panic: runtime error: index out of range [3] with length 0"}},
		{"keeps the variables of the statements that ran", "y", cellOut{result: "3"}},
		{"not those of the failing statement", "z", cellOut{err: "compile error: undefined: z"}},
		{"nor those after it", "z2", cellOut{err: "compile error: undefined: z2"}},
		{"nor its functions declared after it", "half()", cellOut{err: "compile error: undefined: half"}},
		{"running the fixed cell declares them", "z := 1\nz2 := 4\nfunc half() int { return y / 2 }\nhalf()", cellOut{result: "1"}},
		{"a name that a failed cell declares again", "keep := \"s\"\nbad := undefinedThing", cellOut{err: "compile error: undefined: undefinedThing"}},
		{"is undefined too: its old value is gone", "keep", cellOut{err: "compile error: undefined: keep"}},
		{"unless it holds the same value", "same := 1", cellOut{}},
		{"a failed cell declaring it again with the same value", "same := 1\npanic(\"after\")", cellOut{err: "panic: after"}},
		{"keeps it", "same", cellOut{result: "1"}},
		{"x keeps its value", "x.Shape()", cellOut{result: "[1 3]"}},
		{"a cell that fails declares no type, method, constant or function", "type Early struct{ A int }\nfunc (e Early) M() int { return e.A }\nconst K1 = 5\nfunc useEarly() int { return 1 }\nvar zz = undefinedThing", cellOut{err: "compile error: undefined: undefinedThing"}},
		{"its type is undefined", "Early{}", cellOut{err: "compile error: undefined: Early", where: "(Early was declared by a cell that failed"}},
		{"its constant", "K1", cellOut{err: "compile error: undefined: K1"}},
		{"its function", "useEarly()", cellOut{err: "compile error: undefined: useEarly"}},
		{"the fixed cell declares them all", "type Early struct{ A int }\nfunc (e Early) M() int { return e.A }\nconst K1 = 5\nfunc useEarly() int { return 1 }\nEarly{K1}.M() + useEarly()", cellOut{result: "6"}},
		{"a failed type may be fixed with another definition", "type Late struct{ A int }\nvar zz = undefinedThing", cellOut{err: "compile error: undefined: undefinedThing"}},
		{"the new definition", "type Late struct{ B string }\nLate{\"b\"}", cellOut{result: "{b}"}},
		{"a mistyped package twice does not cost the session", "s := nosuch.X()", cellOut{err: "compile error: undefined: nosuch"}},
		{"the second time", "nosuch.Y()", cellOut{err: "compile error: undefined: nosuch"}},
		{"the session goes on", "x.Shape()", cellOut{result: "[1 3]"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}

// TestResetForgetsEverythingAtOnce checks that %reset rebuilds the
// session's lasting state as a whole: names withdrawn by a failed cell,
// types and functions are forgotten together, and errors still name the
// cell as the front end shows it.
func TestResetForgetsEverythingAtOnce(t *testing.T) {
	s := newTestSession(t)
	exec := func(code string, count int) ExecuteReply {
		return s.Execute(context.Background(), ExecuteRequest{Code: code, ExecutionCount: count, StoreHistory: true}, &recorder{})
	}
	exec("type T struct{ A int }\nfunc f() int { return 1 }", 1)
	if rep := exec("w := 1\npanic(\"x\")", 2); rep.Err == nil {
		t.Fatal("the panic did not fail the cell")
	}
	if rep := exec("%reset", 3); rep.Err != nil {
		t.Fatal(rep.Err)
	}
	if rep := exec("w", 4); rep.Err == nil || rep.Err.Value != "undefined: w" || strings.Contains(strings.Join(rep.Err.Traceback, "\n"), "failed") {
		t.Fatalf("after %%reset, w: %+v", rep.Err)
	}
	if rep := exec("type T struct{ B string }\nT{\"new\"}.B", 5); rep.Err != nil || rep.Result == nil {
		t.Fatalf("after %%reset, a new T: %+v %+v", rep.Err, rep.Result)
	}
	rep := exec("x := 1\ny := x + \"s\"", 6)
	if rep.Err == nil || !strings.Contains(strings.Join(rep.Err.Traceback, "\n"), "cell 6, line 2") {
		t.Fatalf("after %%reset, an error: %+v", rep.Err)
	}
}
