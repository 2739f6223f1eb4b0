package interp

import "testing"

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
		{"a mistyped package twice does not cost the session", "s := nosuch.X()", cellOut{err: "compile error: undefined: nosuch"}},
		{"the second time", "nosuch.Y()", cellOut{err: "compile error: undefined: nosuch"}},
		{"the session goes on", "x.Shape()", cellOut{result: "[1 3]"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}
