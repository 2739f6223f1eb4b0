package interp

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gohooks/gohooks/display"
)

// recorder is a Sink that records what a cell emits.
type recorder struct {
	mu       sync.Mutex
	stdout   strings.Builder
	stderr   strings.Builder
	displays []display.Bundle
	events   []string // "display ID", "update ID", "clear WAIT"
	inputs   []string
}

func (r *recorder) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if name == "stdout" {
		r.stdout.WriteString(text)
	} else {
		r.stderr.WriteString(text)
	}
}
func (r *recorder) Display(b display.Bundle, id string, update bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.displays = append(r.displays, b)
	kind := "display"
	if update {
		kind = "update"
	}
	r.events = append(r.events, kind+" "+id)
}
func (r *recorder) ClearOutput(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, fmt.Sprint("clear ", wait))
}
func (r *recorder) Input(prompt string, password bool) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.inputs) == 0 {
		return "", fmt.Errorf("no input")
	}
	in := r.inputs[0]
	r.inputs = r.inputs[1:]
	return in, nil
}

type cellOut struct {
	stdout, stderr string
	result         string // text/plain of the result, "" for none
	err            string // "ename: evalue" or ""
	where          string // a traceback line that must appear
}

func runCell(t *testing.T, s *Session, code string) (ExecuteReply, *recorder) {
	t.Helper()
	r := &recorder{}
	rep := s.Execute(context.Background(), ExecuteRequest{Code: code, AllowStdin: true, StoreHistory: true}, r)
	return rep, r
}

func check(t *testing.T, s *Session, code string, want cellOut) {
	t.Helper()
	rep, r := runCell(t, s, code)
	got := cellOut{stdout: r.stdout.String(), stderr: r.stderr.String()}
	if rep.Result != nil {
		got.result, _ = rep.Result.Data[display.MIMEText].(string)
	}
	if rep.Err != nil {
		got.err = rep.Err.Name + ": " + rep.Err.Value
	}
	tb := ""
	if rep.Err != nil {
		tb = strings.Join(rep.Err.Traceback, "\n")
	}
	if got.stdout != want.stdout || got.stderr != want.stderr || got.result != want.result || got.err != want.err ||
		(want.where != "" && !strings.Contains(tb, want.where)) {
		t.Errorf("cell %q:\n got  %+v\n want %+v\n traceback %q", code, got, want, tb)
	}
}

func newTestSession(t *testing.T) *Session {
	t.Helper()
	s, err := NewSession(Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCellRules runs one session through cells that each exercise a rule
// of the package documentation, in order (later rows use earlier ones).
func TestCellRules(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"statement output", `fmt.Println("hello")`, cellOut{stdout: "hello\n"}},
		{"last expression is the result", "x := 40\nx + 2", cellOut{result: "42"}},
		{"variables persist", "x * 2", cellOut{result: "80"}},
		{"var and const as statements", "var a = 1\nconst c = 2", cellOut{}},
		{"package-level var across cells", "var b = a + c\nb", cellOut{result: "3"}},
		{"assignment shows nothing", "x = 3", cellOut{}},
		{"call with several results shows nothing", `fmt.Println("p")`, cellOut{stdout: "p\n"}},
		{"call with no result shows nothing", "func noop() {}\nnoop()", cellOut{}},
		{"method with no result called on a call's result shows nothing", "var sb strings.Builder\nbuilder := func() *strings.Builder { return &sb }\nbuilder().Reset()", cellOut{}},
		{"method with a result called on a call's result shows it", "builder().WriteString(\"abc\")\nbuilder().Len()", cellOut{result: "3"}},
		{"tensor method with no result on a call's result", "tw := tensorlib.Ones(2).SetRequiresGrad(true)\ntw.Sum().Backward()", cellOut{}},
		{"its gradient", "tw.Grad()", cellOut{result: "tensor([1., 1.])"}},
		{"a call's function from a call", "adder := func(a int) func(int) int { return func(b int) int { return a + b } }\nadder(40)(\n\t2)", cellOut{result: "42"}},
		{"an error in a call's receiver names its line", "var none *strings.Builder\nfunc get() *strings.Builder { return none }\nget().Len()", cellOut{err: "panic: runtime error: invalid memory address or nil pointer dereference"}},
		{"nil shows nothing", "var e error\ne", cellOut{}},
		{"declarations and statements mixed", "type P struct{ X, Y int }\np := P{1, 2}\nfunc (p P) Sum() int { return p.X + p.Y }\np.Sum()", cellOut{result: "3"}},
		{"functions", "func f() int { return 1 }\nfunc g() int { return f() }\ng()", cellOut{result: "1"}},
		{"redefining a function rebinds callers", "func f() int { return 2 }\ng()", cellOut{result: "2"}},
		{"recursion", "func fact(n int) int {\n\tif n <= 1 {\n\t\treturn 1\n\t}\n\treturn n * fact(n-1)\n}\nfact(5)", cellOut{result: "120"}},
		{"use before declaration in a cell", "h := twice(4)\nfunc twice(n int) int { return 2 * n }\nh", cellOut{result: "8"}},
		{"same type again is accepted", "type P struct{ X, Y int }\nfunc (p P) Sum() int { return p.X + p.Y }\nP{3, 4}.Sum()", cellOut{result: "7"}},
		{"redefining a type whose methods are elsewhere is refused", "type P struct{ X int }", cellOut{err: "cannot redefine: type P changes here, but its methods Sum were defined in other cells and would be lost: define the type and all its methods in one cell, or run %reset to start a fresh session (all variables are lost)"}},
		{"a type with its methods", "type Q struct{ A int }\nfunc (q Q) Get() int { return q.A }\nQ{1}.Get()", cellOut{result: "1"}},
		{"redefining a type with its methods makes a new version", "type Q struct{ A, B int }\nfunc (q Q) Get() int { return q.A + q.B }\nQ{1, 2}.Get()", cellOut{result: "3"}},
		{"later cells use the new version", "q := Q{2, 3}\nq.Get()", cellOut{result: "5"}},
		{"running the new version again", "type Q struct{ A, B int }\nfunc (q Q) Get() int { return q.A + q.B }\nQ{1, 2}.Get()", cellOut{result: "3"}},
		{"changing only a method body with the type", "type Q struct{ A, B int }\nfunc (q Q) Get() int { return q.A * q.B }\nQ{2, 5}.Get()", cellOut{result: "10"}},
		{"redefining a method is refused", "func (p P) Sum() int { return 0 }", cellOut{err: "cannot redefine: method P.Sum is already defined in this session, and a Go session cannot redefine a method (values of the type would keep the old one): declare the type and all its methods again in one cell (the session then makes a new version of the type), or run %reset to start a fresh session (all variables are lost)"}},
		{"imports repeated are dropped", "import \"fmt\"\nimport \"strings\"\nstrings.ToUpper(\"a\")", cellOut{result: "A"}},
		{"new import", "import \"strconv\"\nstrconv.Itoa(12)", cellOut{result: "12"}},
		{"range over int", "n := 0\nfor i := range 4 { n += i }\nn", cellOut{result: "6"}},
		{"per-iteration loop variables", "var fs []func() int\nfor i := 0; i < 3; i++ { fs = append(fs, func() int { return i }) }\nfs[0]() + fs[2]()", cellOut{result: "2"}},
		{"min and max", "min(3, 1, 2) + max(4, 5)", cellOut{result: "6"}},
		{"min and max of constants, and of a type parameter", "func clamp[T int | float64](v, lo, hi T) T { return max(lo, min(v, hi)) }\nfmt.Println(min(2.5, 1), max(\"a\", \"b\"), clamp(float64(-2.5), -1, 1), clamp(15, 0, 10))", cellOut{stdout: "1 b -1 10\n"}},
		{"clear", "cm := map[int]int{1: 1}\ncs := []int{1, 2}\nclear(cm)\nclear(cs)\nfmt.Println(len(cm), cs)", cellOut{stdout: "0 [0 0]\n"}},
		{"a function of the cells named min", "func min(a, b int) int { return 100 }\nmin(1, 2)", cellOut{result: "100"}},
		{"top-level defer", "x := 1\ndefer fmt.Println(x)\nx = 5", cellOut{stdout: "1\n"}},
		{"compile error in cell lines", "y := 1\n\nfmt.Println(y + undefinedName)", cellOut{err: "compile error: undefined: undefinedName", where: "line 3\n    fmt.Println(y + undefinedName)"}},
		{"undefined name in a top-level :=", "type KV struct{ K int }\nw := 2\nkv := KV{K: w}\nv := w + kv.K + nowhere", cellOut{err: "compile error: undefined: nowhere", where: "line 4"}},
		{"func main refused", "func main() {}", cellOut{err: "syntax error: func main is not needed in a cell (a cell runs its statements in order): write the statements at the top level of the cell, or give the function another name"}},
		{"func init runs after the cell's functions and vars, before its other statements", "var squares [3]int\nfmt.Println(\"body\", squares[2])\nfunc init() {\n\tfor i := range squares {\n\t\tsquares[i] = i * i\n\t}\n}\nfunc init() { fmt.Println(\"second init\", squares[2]) }", cellOut{stdout: "second init 4\nbody 4\n"}},
		{"main variable refused", "main := 3", cellOut{err: "syntax error: main cannot be declared in a cell (the session runs cells inside its own main): use another name"}},
		{"main as a field is fine", "type Pkg struct{ main int }\nPkg{main: 2}.main", cellOut{result: "2"}},
		{"package clause dropped", "package main\n\n40 + 2", cellOut{result: "42"}},
		{"syntax error", "y := (1", cellOut{err: "syntax error: unbalanced brackets"}},
		{"an unfinished for header at the end of a cell is an error, not dropped", "fmt.Println(\"ran\")\nfor i := 0;", cellOut{err: "syntax error: expected operand, found '}'"}},
		{"panic keeps its message", "\npanic(\"tensorlib: Add: shapes [2 3] and [4] do not broadcast\")", cellOut{err: "panic: tensorlib: Add: shapes [2 3] and [4] do not broadcast", where: "in cell"}},
		{"nil pointer", "var pp *P\npp.X", cellOut{err: "panic: runtime error: invalid memory address or nil pointer dereference"}},
		{"index out of range", "sl := []int{1, 2, 3}\nk := 5\nsl[k]", cellOut{err: "panic: runtime error: index out of range [5] with length 3"}},
		{"slice bounds out of range", "hi := 5\nsl[1:hi]", cellOut{err: "panic: runtime error: slice bounds out of range [:5] with capacity 3"}},
		{"slice bounds crossed", "lo := 4\nsl[lo:]", cellOut{err: "panic: runtime error: slice bounds out of range [4:3]"}},
		{"string slice bounds", "str := \"abc\"\nstr[:hi]", cellOut{err: "panic: runtime error: slice bounds out of range [:5] with length 3"}},
		{"failed type assertion, at its line", "var ifc any = \"s\"\nn := ifc.(int)", cellOut{err: "panic: interface conversion: interface {} is string, not int", where: "line 2\n    n := ifc.(int)"}},
		{"goroutine panic is the cell's error", "done := make(chan bool)\ngo func(done chan bool) {\n\tdefer close(done)\n\tpanic(\"in goroutine\")\n}(done)\n<-done", cellOut{err: "panic: in goroutine"}},
		{"next cell runs", "1 + 1", cellOut{result: "2"}},
		{"stdin", "var line string\nfmt.Scanln(&line)\nline", cellOut{result: "typed"}},
		{"String method", "type Named struct{}\nfunc (Named) String() string { return \"I am named\" }\nNamed{}", cellOut{result: "I am named"}},
		{"String method of a non-struct type", "type Celsius float64\nfunc (c Celsius) String() string { return fmt.Sprintf(\"%.1f°C\", float64(c)) }\ntemp := Celsius(21.5)\ntemp", cellOut{result: "21.5°C"}},
		{"a package-level var used by a method of the same cell", "type S int\nvar names = map[S]string{1: \"one\", 2: \"two\"}\nfunc (s S) String() string { return names[s] }\nfmt.Println(S(1), S(2))", cellOut{stdout: "one two\n"}},
		{"with the cell's constants, and a var the method changes", "type Op int\nconst (\n\tAddOp Op = iota\n\tSubOp\n)\nvar opNames = [...]string{AddOp: \"add\", SubOp: \"sub\"}\nfunc (o Op) String() string { return opNames[o] }\nvar applied = 0\nfunc (o Op) Apply(a, b int) int {\n\tapplied++\n\tif o == AddOp {\n\t\treturn a + b\n\t}\n\treturn a - b\n}\nfmt.Println(SubOp, SubOp.Apply(5, 2), applied)", cellOut{stdout: "sub 3 1\n"}},
		{"a constant used by a method of the same cell", "type Color int\nconst (\n\tRed Color = iota\n\tGreen\n)\nfunc (c Color) String() string {\n\tif c == Red {\n\t\treturn \"red\"\n\t}\n\treturn \"green\"\n}\nfmt.Println(Red, Green)", cellOut{stdout: "red green\n"}},
		{"function rebinding reaches methods", "func greet() string { return \"hello\" }\ntype Greeter struct{}\nfunc (Greeter) Say() string { return greet() }\nfunc greet() string { return \"hi\" }\nGreeter{}.Say()", cellOut{result: "hi"}},
		{"bundler shows its bundle", "display.Markdown(\"# hi\")", cellOut{result: "# hi"}},
		{"help", "%help", cellOut{result: helpText}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			if r.name == "stdin" {
				rec := &recorder{inputs: []string{"typed"}}
				rep := s.Execute(context.Background(), ExecuteRequest{Code: r.code, AllowStdin: true}, rec)
				if rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "typed" {
					t.Fatalf("stdin cell: %+v %+v", rep.Err, rep.Result)
				}
				return
			}
			check(t, s, r.code, r.want)
		})
	}
}

// TestLongSession runs more cells than there are cell ids (line numbers
// must stay below 2^30 for Go's parser): cells keep running, and errors
// keep naming the cell and line.
func TestLongSession(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "n := 0\nfunc inc() { n++ }")
	for i := 0; i < maxCells+5; i++ {
		if rep := s.Execute(context.Background(), ExecuteRequest{Code: "inc()", StoreHistory: true}, &recorder{}); rep.Err != nil {
			t.Fatalf("cell %d: %v", i+2, rep.Err)
		}
	}
	check(t, s, "n", cellOut{result: fmt.Sprint(maxCells + 5)})
	// Past maxCells the cell ids wrap; the error still names the cell by
	// the number the caller gave.
	rep := s.Execute(context.Background(), ExecuteRequest{Code: "m := 1\nbad := m + \"s\"", ExecutionCount: maxCells + 8}, &recorder{})
	if tb := strings.Join(rep.Err.Traceback, "\n"); !strings.Contains(tb, fmt.Sprintf("cell %d, line 2", maxCells+8)) {
		t.Fatalf("traceback %q", tb)
	}
}

// A goroutine of an earlier cell that panics while no cell runs is
// reported on the process's stderr, and the session goes on: reporting it
// once took the lock that finds the running cell's sink twice and hung
// the next cell.
func TestGoroutinePanicBetweenCells(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "panicked := make(chan bool)\ngo func() {\n\tdefer close(panicked)\n\ttime.Sleep(100 * time.Millisecond)\n\tpanic(\"late\")\n}()", cellOut{})
	time.Sleep(400 * time.Millisecond) // the panic happens between cells
	done := make(chan ExecuteReply, 1)
	go func() {
		rep, _ := runCell(t, s, "40 + 2")
		done <- rep
	}()
	select {
	case rep := <-done:
		if rep.Err != nil || rep.Result == nil || rep.Result.Data[display.MIMEText] != "42" {
			t.Fatalf("the next cell: %+v", rep)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the next cell hangs after a goroutine panicked between cells")
	}
}

// A goroutine that signals its cell and then panics (a deferred close or
// wg.Done runs before the panic is recovered) still fails its cell, every
// time.
func TestGoroutinePanicAfterSignallingFailsItsCell(t *testing.T) {
	s := newTestSession(t)
	for i := range 30 {
		rep, _ := runCell(t, s, "done := make(chan bool)\ngo func(done chan bool) {\n\tdefer close(done)\n\tpanic(\"after the signal\")\n}(done)\n<-done")
		if rep.Err == nil || rep.Err.Value != "after the signal" {
			t.Fatalf("run %d: %+v", i, rep.Err)
		}
	}
}

// A cell does not wait for a goroutine that keeps running.
func TestACellDoesNotWaitForItsLongGoroutines(t *testing.T) {
	s := newTestSession(t)
	start := time.Now()
	check(t, s, "stop := make(chan bool)\ngo func() {\n\t<-stop\n}()\n1", cellOut{result: "1"})
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("the cell took %v", took)
	}
	check(t, s, "close(stop)", cellOut{})
}
