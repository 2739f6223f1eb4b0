package interp

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestMagics(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "alpha := 3\nname := \"n\"\nfunc helper() {}")
	rep, _ := runCell(t, s, "%who")
	if rep.Result == nil || rep.Result.Data["text/plain"] != "alpha        int\nname         string" {
		t.Fatalf("%%who = %+v", rep.Result)
	}
	rep, r := runCell(t, s, "%time\nsum := 0\nfor i := range 1000 { sum += i }\nsum")
	if rep.Err != nil || rep.Result.Data["text/plain"] != "499500" || !strings.HasPrefix(r.stdout.String(), "time: ") {
		t.Fatalf("%%time: %+v %+v %q", rep.Err, rep.Result, r.stdout.String())
	}
	rep, _ = runCell(t, s, "%reset")
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	rep, _ = runCell(t, s, "alpha")
	if rep.Err == nil || rep.Err.Value != "undefined: alpha" {
		t.Fatalf("after %%reset: %+v", rep.Err)
	}
	rep, _ = runCell(t, s, "%nope")
	if rep.Err == nil || rep.Err.Name != "unknown magic" {
		t.Fatalf("unknown magic: %+v", rep.Err)
	}
}

func TestUserExpressions(t *testing.T) {
	s := newTestSession(t)
	rep := s.Execute(context.Background(), ExecuteRequest{
		Code:            "v := 21",
		UserExpressions: map[string]string{"double": "v * 2", "bad": "v +"},
	}, &recorder{})
	ok, _ := rep.UserExpressions["double"].(map[string]any)
	if ok["status"] != "ok" || ok["data"].(map[string]any)["text/plain"] != "42" {
		t.Fatalf("double = %+v", rep.UserExpressions["double"])
	}
	bad, _ := rep.UserExpressions["bad"].(map[string]any)
	if bad["status"] != "error" || bad["ename"] == "" {
		t.Fatalf("bad = %+v", rep.UserExpressions["bad"])
	}
}

func TestStdinNotAllowed(t *testing.T) {
	s := newTestSession(t)
	rep := s.Execute(context.Background(), ExecuteRequest{Code: "var l string\n_, err := fmt.Scanln(&l)\nerr"}, &recorder{})
	if rep.Err != nil || rep.Result == nil || !strings.Contains(rep.Result.Data["text/plain"].(string), "this front end does not accept input") {
		t.Fatalf("stdin without AllowStdin: %+v %+v", rep.Err, rep.Result)
	}
}

func TestGoroutinePanicAfterTheCell(t *testing.T) {
	s := newTestSession(t)
	// The goroutine gets its channels as arguments: reading a global
	// variable from a goroutine while a later cell runs is a data race
	// inside yaegi (the next Eval grows the global frame, resizeFrame,
	// under a lock that reads of globals do not take).
	rep, _ := runCell(t, s, "release := make(chan bool)\nfinished := make(chan bool)\ngo func(release, finished chan bool) {\n\tdefer close(finished)\n\t<-release\n\tpanic(\"late\")\n}(release, finished)")
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	// The panic happens while the next cell runs: it is that cell's error.
	rep, _ = runCell(t, s, "close(release)\n<-finished")
	if rep.Err == nil || rep.Err.Value != "late" {
		t.Fatalf("panic during the next cell: %+v", rep.Err)
	}
	if rep, _ = runCell(t, s, "1"); rep.Err != nil {
		t.Fatal(rep.Err)
	}
}

func TestApplyShowsTheModuleTree(t *testing.T) {
	s := newTestSession(t)
	rep, _ := runCell(t, s, `m := nnlib.NewModule("Net", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor { return x[0] })
m.Apply(func(m *nnlib.Module) {})`)
	if rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "Net()" {
		t.Fatalf("Apply result: %+v %+v", rep.Err, rep.Result)
	}
}

func TestTensorResult(t *testing.T) {
	s := newTestSession(t)
	rep, _ := runCell(t, s, "tensorlib.Tensor1(1, 2)")
	if rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "tensor([1., 2.])" {
		t.Fatalf("tensor result: %+v %+v", rep.Err, rep.Result)
	}
}

func TestClientDisplaysFromAHookDuringBackward(t *testing.T) {
	c := newTestClient(t)
	rep, r := clientRun(t, c, `x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
x.RegisterHook(func(g *tensorlib.Tensor) *tensorlib.Tensor {
	fmt.Println("in hook")
	display.Show(display.Markdown("grad shown"))
	return nil
})
x.MulScalar(3).Sum().Backward()
fmt.Println("after")`)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	if len(r.displays) != 1 || r.displays[0].Data["text/markdown"] != "grad shown" || r.stdout.String() != "in hook\nafter\n" {
		t.Fatalf("displays %+v stdout %q", r.displays, r.stdout.String())
	}
}

func TestClientInterruptsALongCompiledOperation(t *testing.T) {
	// A long grace: on a loaded machine, the time between two interrupt
	// checks of the MatMul must not cost the session.
	c := newTestClientGrace(t, 20*time.Second)
	clientRun(t, c, "big := tensorlib.Rand(3000, 3000)")
	start := time.Now()
	rep := interruptAfter(t, c, "big.MatMul(big).MatMul(big)", 300*time.Millisecond)
	if rep.Err == nil || rep.Err.Name != "interrupted" {
		t.Fatalf("MatMul interrupted after %v: %+v", time.Since(start), rep.Err)
	}
	if rep, _ := clientRun(t, c, "big.Shape()"); rep.Err != nil || rep.Result.Data["text/plain"] != "[3000 3000]" {
		t.Fatalf("session lost: %+v %+v", rep.Err, rep.Result)
	}
}

func TestClientNothingAfterTheCellEnds(t *testing.T) {
	c := newTestClient(t)
	rep, r := clientRun(t, c, "for i := range 200 { fmt.Print(i%10) }\nos.Stdout.WriteString(\"|end\")")
	if rep.Err != nil || len(r.stdout.String()) != 204 || !strings.HasSuffix(r.stdout.String(), "|end") {
		t.Fatalf("stdout %q", r.stdout.String())
	}
}

func TestSessionInterruptKeepsVariables(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "kept := 7")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	rep := s.Execute(ctx, ExecuteRequest{Code: "n := 0\nfor {\n\tn++\n}"}, &recorder{})
	if rep.Err == nil || rep.Err.Name != "interrupted" {
		t.Fatalf("for {}: %+v", rep.Err)
	}
	if rep, _ := runCell(t, s, "kept"); rep.Err != nil || rep.Result.Data["text/plain"] != "7" {
		t.Fatalf("after the interrupt: %+v", rep.Err)
	}
	// A loop that declares variables runs in a function (rewrite.go): it
	// is interrupted the same way.
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	rep = s.Execute(ctx, ExecuteRequest{Code: "for i := 0; ; i++ {\n\tx, y := i, i\n\tkept = x - y + 7\n}"}, &recorder{})
	if rep.Err == nil || rep.Err.Name != "interrupted" {
		t.Fatalf("for i := 0; ; i++: %+v", rep.Err)
	}
	if rep, _ := runCell(t, s, "kept"); rep.Err != nil || rep.Result.Data["text/plain"] != "7" {
		t.Fatalf("after the second interrupt: %+v", rep.Err)
	}
}

func TestErrorsQuoteTheLine(t *testing.T) {
	s := newTestSession(t)
	rep, _ := runCell(t, s, "%time\nok := 1\nbad := ok + \"s\"")
	tb := strings.Join(rep.Err.Traceback, "\n")
	if rep.Err == nil || !strings.Contains(tb, "line 3") || !strings.Contains(tb, "    bad := ok + \"s\"") {
		t.Fatalf("traceback %q", tb)
	}
	s.Execute(context.Background(), ExecuteRequest{Code: "func boom(xs []int) int {\n\tvar p *struct{ X int }\n\treturn p.X\n}", ExecutionCount: 2}, &recorder{})
	rep, _ = runCell(t, s, "boom(nil)")
	tb = strings.Join(rep.Err.Traceback, "\n")
	if rep.Err.Value != "runtime error: invalid memory address or nil pointer dereference" || !strings.Contains(tb, "in boom, cell 2, line ") {
		t.Fatalf("panic in a function of an earlier cell: %q: %q", rep.Err.Value, tb)
	}
}

func TestSessionRestart(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "gone := 1")
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	if rep, _ := runCell(t, s, "gone"); rep.Err == nil || rep.Err.Value != "undefined: gone" {
		t.Fatalf("after Restart: %+v", rep.Err)
	}
}

func TestCellNumbersFollowTheFrontEnd(t *testing.T) {
	s := newTestSession(t)
	s.Execute(context.Background(), ExecuteRequest{Code: "func bad() int { var m map[string]int; m[\"k\"] = 1; return 0 }", ExecutionCount: 7}, &recorder{})
	// The session counts nothing itself: a silent cell, or cells the front
	// end answered without it (a help cell, cells before a restart), leave
	// the next number to the caller.
	s.Execute(context.Background(), ExecuteRequest{Code: "1", Silent: true, ExecutionCount: 7}, &recorder{})
	rep := s.Execute(context.Background(), ExecuteRequest{Code: "x := 1\nbad()", StoreHistory: true, ExecutionCount: 12}, &recorder{})
	tb := strings.Join(rep.Err.Traceback, "\n")
	if !strings.Contains(tb, "in bad, cell 7, line 1") || !strings.Contains(tb, "in cell 12") {
		t.Fatalf("traceback %q", tb)
	}
}

// TestDocumentedFeatures checks, one row each, the claims of the "Cells"
// section of the README and of the package
// documentation: what works, and the message of what does not. The rows
// run in order in one session.
func TestDocumentedFeatures(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		claim string
		code  string
		want  cellOut
	}{
		// Imports
		{"our packages and fmt, math, strings, os, time are imported", "x := tensorlib.Tensor1(4, 9)\n_ = nnlib.NewModule\n_ = hooks.Capture\n_ = viz.Figure{}\nfmt.Println(x.Shape(), math.Sqrt(9), strings.ToUpper(\"a\"), os.Getpid() > 0, time.Second, display.Text(\"t\").Data[\"text/plain\"])", cellOut{stdout: "[2] 3 A true 1s t\n"}},
		{"importing a package again, or twice, is accepted", "import (\n\t\"fmt\"\n\t\"fmt\"\n\t\"github.com/gohooks/gohooks/tensorlib\"\n)\nfmt.Sprint(tensorlib.Tensor1(1).Shape())", cellOut{result: "[1]"}},
		{"the standard library can be imported", "import (\n\t\"sort\"\n\tsc \"strconv\"\n)\nxs := []int{3, 1, 2}\nsort.Ints(xs)\nfmt.Sprint(xs, \" \", sc.Itoa(7))", cellOut{result: "[1 2 3] 7"}},
		{"gonum is compiled in", "import (\n\t\"gonum.org/v1/gonum/floats\"\n\t\"gonum.org/v1/gonum/mat\"\n)\nfmt.Sprint(floats.Sum([]float64{1, 2}), \" \", mat.NewDense(2, 2, []float64{1, 2, 3, 4}).At(1, 0))", cellOut{result: "3 3"}},
		// State across cells
		{"var and const run as statements", "var a = 1\nconst c = 2", cellOut{}},
		{"and may use earlier cells", "var b = a + c\nb", cellOut{result: "3"}},
		{"a variable can be redefined with another type", "a := \"now a string\"\na", cellOut{result: "now a string"}},
		// Order in a cell
		{"a function may be used above its declaration", "h := twice(4)\nfunc twice(n int) int { return 2 * n }\nh", cellOut{result: "8"}},
		{"a constant used by a type of the same cell", "const K = 4\ntype Row [K]float64\nlen(Row{})", cellOut{result: "4"}},
		// Functions
		{"functions", "func f() int { return 1 }\nfunc g() int { return f() }\ntype Caller struct{}\nfunc (Caller) Call() int { return f() }\ng() + Caller{}.Call()", cellOut{result: "2"}},
		{"redefining a function rebinds its callers, methods included", "func f() int { return 10 }\ng() + Caller{}.Call()", cellOut{result: "20"}},
		{"a new signature declares a new function; old callers keep the old one", "func f(n int) int { return n }\nf(5) + g()", cellOut{result: "15"}},
		// Types
		{"a type with its methods", "type Q struct{ A int }\nfunc (q Q) Get() int { return q.A }\nold := Q{1}\nold.Get()", cellOut{result: "1"}},
		{"the same definition again is accepted", "type Q struct{ A int }\nfunc (q Q) Get() int { return q.A }\nQ{2}.Get()", cellOut{result: "2"}},
		{"a new definition with all its methods makes a new version; old values keep theirs", "type Q struct{ A, B int }\nfunc (q Q) Get() int { return q.A + q.B }\nfmt.Sprint(old.Get(), Q{1, 2}.Get())", cellOut{result: "1 3"}},
		{"error messages show the version's name", "var q Q = \"s\"", cellOut{err: "compile error: cannot convert untyped string to main.Q_v2"}},
		{"a method changed without its type is refused", "func (q Q) Get() int { return 0 }", cellOut{err: "cannot redefine: method Q_v2.Get is already defined in this session, and a Go session cannot redefine a method (values of the type would keep the old one): declare the type and all its methods again in one cell (the session then makes a new version of the type), or run %reset to start a fresh session (all variables are lost)"}},
		{"a type changed without its methods of other cells is refused", "type Q struct{ C int }", cellOut{err: "cannot redefine: type Q changes here, but its methods Get were defined in other cells and would be lost: define the type and all its methods in one cell, or run %reset to start a fresh session (all variables are lost)"}},
		// Language
		{"range over an int and per-iteration loop variables", "var fs []func() int\nfor i := range 3 {\n\tfs = append(fs, func() int { return i })\n}\nfs[0]() + fs[2]()", cellOut{result: "2"}},
		{"labels", "outer:\nfor i := 0; i < 3; i++ {\n\tfor j := 0; j < 3; j++ {\n\t\tif j > i {\n\t\t\tcontinue outer\n\t\t}\n\t\tif i == 2 {\n\t\t\tbreak outer\n\t\t}\n\t\tfmt.Print(i, j, \" \")\n\t}\n}", cellOut{stdout: "0 0 1 0 1 1 "}},
		{"goroutines, channels, select", "ch := make(chan int)\ndone := make(chan bool)\ngo func() {\n\tfor v := range ch {\n\t\tfmt.Print(v, \" \")\n\t}\n\tclose(done)\n}()\nfor i := range 2 {\n\tch <- i\n}\nclose(ch)\n<-done\nselect {\ncase <-time.After(time.Millisecond):\n\tfmt.Println(\"timeout\")\n}", cellOut{stdout: "0 1 timeout\n"}},
		{"interfaces defined in cells and embedding", "type Animal interface{ Sound() string }\ntype Dog struct{ name string }\nfunc (d Dog) Sound() string { return d.name + \" woof\" }\ntype Loud struct{ Dog }\nvar an Animal = Loud{Dog{\"rex\"}}\nan.Sound()", cellOut{result: "rex woof"}},
		{"variadic functions, iota, slices of arrays", "func sum(xs ...int) int {\n\tt := 0\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\nconst (\n\tA0 = iota\n\tA1\n\tA2\n)\narr := [5]int{1, 2, 3, 4, 5}\nsum(arr[1:3]...) + A2", cellOut{result: "7"}},
		{"several values from one expression, in any block", "m := map[string]int{\"a\": 1}\nvar e any = 3\nfor _, k := range []string{\"a\", \"z\"} {\n\tv, ok := m[k]\n\tn, isInt := e.(int)\n\tfmt.Print(v, ok, n, isInt, \" \")\n}", cellOut{stdout: "1 true 3 true 0 false 3 true "}},
		{"a type switch with a binding", "switch v := e.(type) {\ncase int:\n\tfmt.Println(\"int\", v)\n}", cellOut{stdout: "int 3\n"}},
		{"clear, min and max", "ys := []int{1, 2}\nclear(ys)\nfmt.Println(ys, min(3, 1, 2), max(2.5, 1), min(\"b\", \"a\"))", cellOut{stdout: "[0 0] 1 2.5 a\n"}},
		// Generics
		{"generic types", "type Stack[T any] struct{ items []T }\nfunc (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }\nst := &Stack[string]{}\nst.Push(\"a\")\nlen(st.items)", cellOut{result: "1"}},
		{"generic functions with arguments that fix every type parameter", "func Keys[K comparable, V any](m map[K]V) []K {\n\tvar out []K\n\tfor k := range m {\n\t\tout = append(out, k)\n\t}\n\treturn out\n}\nKeys(map[string]int{\"only\": 1})", cellOut{result: "[only]"}},
		{"or with explicit type arguments", "func Map[T, U any](xs []T, f func(T) U) []U {\n\tvar out []U\n\tfor _, x := range xs {\n\t\tout = append(out, f(x))\n\t}\n\treturn out\n}\nMap[int, string]([]int{1, 2}, func(i int) string { return fmt.Sprint(i, \"!\") })", cellOut{result: "[1! 2!]"}},
		{"and with a type argument inferred from a function literal's result", "Map([]int{1}, func(i int) string { return \"one\" })", cellOut{result: "[one]"}},
		{"or from a variadic parameter", "func Count[T any](xs ...T) int { return len(xs) }\nCount(1, 2)", cellOut{result: "2"}},
		{"or from a core type", "func Last[S ~[]E, E any](s S) E { return s[len(s)-1] }\nLast([]string{\"a\", \"b\"})", cellOut{result: "b"}},
		{"an untyped float constant fixing a constrained type parameter", "type Number interface{ ~int | ~float64 }\nfunc Add[T Number](a, b T) T { return a + b }\nAdd(1.5, 2.0)", cellOut{result: "3.5"}},
		{"typed too", "Add(float64(1.5), 2.0)", cellOut{result: "3.5"}},
		{"at the top level, with several results", "func pair[T any](a, b T) (T, T) { return a, b }\np1, p2 := pair(1, 2)\np1 + p2", cellOut{result: "3"}},
		{"and with type arguments written", "type Cache[K comparable, V any] struct{ m map[K]V }\nfunc NewCache[K comparable, V any]() *Cache[K, V] { return &Cache[K, V]{map[K]V{}} }\nc := NewCache[string, int]()\nc.m[\"a\"] = 1\nlen(c.m)", cellOut{result: "1"}},
		{"not: a generic function as a value", "f := Map[int, string]", cellOut{err: "compile error: not a generic type: func([]main.T,func(main.T) main.U) []main.U"}},
		// Methods and fmt
		{"String methods are used by fmt and for the result", "type Celsius float64\nfunc (c Celsius) String() string { return fmt.Sprintf(\"%.1f°C\", float64(c)) }\nfmt.Println(Celsius(20))\nCelsius(21.5)", cellOut{stdout: "20.0°C\n", result: "21.5°C"}},
		{"Error methods with a pointer receiver are used by fmt", "type PErr struct{ msg string }\nfunc (e *PErr) Error() string { return e.msg }\nvar perr error = &PErr{\"pointer\"}\nfmt.Println(perr)", cellOut{stdout: "pointer\n"}},
		{"and value receivers on values returned as error", "type VErr struct{ code int }\nfunc (e VErr) Error() string { return fmt.Sprint(\"code \", e.code) }\nfunc fail() error { return VErr{3} }\nfmt.Println(fail())", cellOut{stdout: "code 3\n"}},
		{"and on a value converted by assignment or given to fmt", "var verr error = VErr{4}\nfmt.Println(verr, VErr{5})", cellOut{stdout: "code 4 code 5\n"}},
		{"not: Bundle and HTML methods of cell types, for the result", "type Note struct{ md string }\nfunc (n Note) Bundle() display.Bundle { return display.Markdown(n.md) }\nNote{\"# title\"}", cellOut{result: "{# title}"}},
		{"calling the method shows the bundle", "Note{\"# title\"}.Bundle()", cellOut{result: "# title"}},
		// Refusals
		{"defer at the top level runs at the end of the cell", "defer fmt.Println(1)\nfmt.Println(0)", cellOut{stdout: "0\n1\n"}},
		{"return at the top level ends the cell", "if true {\n\tfmt.Println(\"out\")\n\treturn\n}\nfmt.Println(\"not reached\")", cellOut{stdout: "out\n"}},
		{"range over a function", "func seq(yield func(int) bool) { yield(7) }\nfor v := range seq {\n\tfmt.Println(v)\n}", cellOut{stdout: "7\n"}},
		{"a receive with ok at the top level", "c2 := make(chan int, 1)\nclose(c2)\nr, rok := <-c2\nfmt.Println(r, rok)", cellOut{stdout: "0 false\n"}},
		{"not: func main", "func main() {}", cellOut{err: "syntax error: func main is not needed in a cell (a cell runs its statements in order): write the statements at the top level of the cell, or give the function another name"}},
		// Goroutines and exits
		{"a panic in a goroutine is the cell's error", "done := make(chan bool)\ngo func(done chan bool) {\n\tdefer close(done)\n\tpanic(\"in goroutine\")\n}(done)\n<-done", cellOut{err: "panic: in goroutine"}},
		{"a cell is a program run with no arguments", "len(os.Args)", cellOut{result: "1"}},
		{"os.Exit fails the cell", "os.Exit(3)", cellOut{err: "panic: os.Exit(3)"}},
		{"and the session is kept", "b", cellOut{result: "3"}},
		// Errors
		{"errors say the cell and line", "y := 1\n\nfmt.Println(y + undefinedName)", cellOut{err: "compile error: undefined: undefinedName", where: "line 3\n    fmt.Println(y + undefinedName)"}},
		{"runtime errors as Go prints them", "sl := []int{1, 2, 3}\nk5 := 5\nsl[k5]", cellOut{err: "panic: runtime error: index out of range [5] with length 3"}},
		{"library panics keep their message", "tensorlib.Tensor1(1, 2).Add(tensorlib.Tensor1(1, 2, 3))", cellOut{err: "panic: tensorlib: Add: shapes [2] and [3] do not broadcast"}},
		{"a panic at the top level names its line", "fmt.Print()\npanic(\"top\")", cellOut{err: "panic: top", where: ", line 2\n    panic(\"top\")"}},
		{"so does a panic under a call at the top level", "func deep() { panic(\"deep\") }\nfmt.Print()\ndeep()", cellOut{err: "panic: deep", where: ", line 3\n    deep()"}},
		{"inside a block it has one", "for range 1 {\n\tp, q := 1, 2\n\t_, _ = p, q\n\tpanic(\"in block\")\n}", cellOut{err: "panic: in block", where: ", line 1"}},
		{"not: *p of a nil pointer at the top level", "var np *int\n*np", cellOut{}},
		{"inside a function it panics", "func deref(p *int) int { return *p }\nderef(np)", cellOut{err: "panic: runtime error: invalid memory address or nil pointer dereference"}},
	}
	for _, r := range rows {
		t.Run(r.claim, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}

// TestOurPackagesHaveNoGenericAPI checks the claim that gohooks' own
// packages export no generic function or type: yaegi's symbol extraction
// skips generics, so cells could not use them.
func TestOurPackagesHaveNoGenericAPI(t *testing.T) {
	for _, dir := range []string{"tensorlib", "nnlib", "models", "hooks", "viz", "display"} {
		fset := token.NewFileSet()
		//lint:ignore SA1019 these packages export the same names on every platform, so reading all their files regardless of build tags is what is wanted.
		pkgs, err := parser.ParseDir(fset, filepath.Join("..", dir), func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			for _, f := range p.Files {
				for _, d := range f.Decls {
					switch d := d.(type) {
					case *ast.FuncDecl:
						if d.Recv == nil && d.Name.IsExported() && d.Type.TypeParams != nil {
							t.Errorf("%s: generic function %s", dir, d.Name.Name)
						}
					case *ast.GenDecl:
						for _, sp := range d.Specs {
							if ts, ok := sp.(*ast.TypeSpec); ok && ts.Name.IsExported() && ts.TypeParams != nil {
								t.Errorf("%s: generic type %s", dir, ts.Name.Name)
							}
						}
					}
				}
			}
		}
	}
}
