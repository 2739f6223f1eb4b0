package interp

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// The tests of this file check the patches that third_party/yaegi carries
// (third_party/yaegi/README.md lists them): each fails without its patch.

// yaegiRow is one cell and the output that go run gives for the same code
// in a main function.
type yaegiRow struct {
	name string
	code string
	want cellOut
}

func runYaegiRows(t *testing.T, rows []yaegiRow) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			check(t, newTestSession(t), r.code, r.want)
		})
	}
}

func TestNewOfExpression(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"constant", "p := new(42)\nfmt.Println(*p)", cellOut{stdout: "42\n"}},
		{"untyped float", "p := new(2.5)\nfmt.Printf(\"%T %v\\n\", p, *p)", cellOut{stdout: "*float64 2.5\n"}},
		{"expression", "x := 3\np := new(x * 2)\n*p++\nfmt.Println(*p, x)", cellOut{stdout: "7 3\n"}},
		{"composite", "type box struct{ N int }\nb := new(box{4})\nfmt.Println(b.N)", cellOut{stdout: "4\n"}},
		{"type still zero", "p := new(int)\nfmt.Println(*p)", cellOut{stdout: "0\n"}},
		{"package level", "var gp = new(\"s\")\nfmt.Println(*gp)", cellOut{stdout: "s\n"}},
	})
}

func TestUnexportedFieldNames(t *testing.T) {
	const decl = "type point struct{ x, y int }\ntype Rec struct {\n\tName string `json:\"name\"`\n\tAge  int\n\tnote string\n\tAt   point\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"verbs", decl + "p := point{1, 2}\nfmt.Printf(\"%v %+v\\n\", p, &p)", cellOut{stdout: "{1 2} &{x:1 y:2}\n"}},
		{"nested", decl + "r := Rec{\"a\", 3, \"n\", point{4, 5}}\nfmt.Printf(\"%+v\\n\", r)", cellOut{stdout: "{Name:a Age:3 note:n At:{x:4 y:5}}\n"}},
		{"json skips unexported", "import \"encoding/json\"\n" + decl + "b, _ := json.Marshal(Rec{\"a\", 3, \"n\", point{4, 5}})\nfmt.Println(string(b))", cellOut{stdout: `{"name":"a","Age":3,"At":{}}` + "\n"}},
		{"json decodes exported", "import \"encoding/json\"\n" + decl + "var r Rec\nerr := json.Unmarshal([]byte(`{\"name\":\"b\",\"note\":\"x\"}`), &r)\nfmt.Printf(\"%+v %v\\n\", r, err)", cellOut{stdout: "{Name:b Age:0 note: At:{x:0 y:0}} <nil>\n"}},
		{"read and write", decl + "p := point{1, 2}\nq := &p\nq.x += 10\np.y *= 3\nps := []point{p}\nps[0].x = 0\nm := map[point]int{p: 1}\nfmt.Println(p, q.x, ps, m[point{11, 6}], p == point{11, 6})", cellOut{stdout: "{11 6} 11 [{0 6}] 1 true\n"}},
		{"embedded unexported", "type base struct{ id int }\nfunc (b *base) set(i int) { b.id = i }\ntype one struct{ base }\ntype two struct {\n\tbase\n\tn int\n}\no, w := one{}, two{}\no.set(3)\nw.set(4)\nfmt.Printf(\"%+v %+v %d\\n\", o, w, o.id+w.id)", cellOut{stdout: "{base:{id:3}} {base:{id:4} n:0} 7\n"}},
		{"names that clashed", "type c struct {\n\tx  int\n\tXx int\n}\nfmt.Printf(\"%+v\\n\", c{1, 2})", cellOut{stdout: "{x:1 Xx:2}\n"}},
	})
}

func TestLogLogger(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"SetPrefix", "import \"log\"\nvar sb strings.Builder\nl := log.New(&sb, \"a: \", 0)\nl.SetPrefix(\"b: \")\nl.Println(\"hi\", l.Prefix())\nfmt.Print(sb.String())", cellOut{stdout: "b: hi b: \n"}},
		{"Default is the standard logger", "import \"log\"\nd := log.Default()\nvar sb strings.Builder\nd.SetOutput(&sb)\nd.SetFlags(0)\nd.SetPrefix(\"d: \")\nlog.Println(\"x\")\nfmt.Print(sb.String())\nfmt.Println(log.Prefix(), d == log.Default())", cellOut{stdout: "d: x\nd:  true\n"}},
	})
}

func TestUndefinedPackage(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "s := nosuch.X()", cellOut{err: "compile error: undefined: nosuch"})
	check(t, s, "nosuch.Y()", cellOut{err: "compile error: undefined: nosuch"})
	check(t, s, "b, _ := json.Marshal(1)", cellOut{err: "compile error: undefined: json"})
	check(t, s, "json.Marshal(1)", cellOut{err: "compile error: undefined: json"})
	check(t, s, "x := 1\nx + 1", cellOut{result: "2"})
}

func TestImportMajorVersionPath(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "import \"math/rand/v2\"\nr := rand.New(rand.NewPCG(1, 2))\nr.IntN(1000) < 1000", cellOut{result: "true"})
}

// TestPackageVariablesInitInGoOrder imports github.com/google/uuid (from
// the module cache, or through GOPROXY): its NameSpaceURL (hash.go) is
// initialized by Parse, which reads the table xvalues of util.go. yaegi
// initialized variables in file order unless one referenced another
// directly, so NameSpaceURL was parsed with an empty table: all zeros.
func TestPackageVariablesInitInGoOrder(t *testing.T) {
	s := newTestSession(t)
	defer s.Close()
	check(t, s, "%require github.com/google/uuid@v1.6.0", cellOut{result: "github.com/google/uuid v1.6.0"})
	check(t, s, "import \"github.com/google/uuid\"\nuuid.NameSpaceURL.String()", cellOut{result: "6ba7b811-9dad-11d1-80b4-00c04fd430c8"})
}

func TestRangeOverFunc(t *testing.T) {
	const count = "func count(n int) func(func(int) bool) {\n\treturn func(yield func(int) bool) {\n\t\tfor i := 0; i < n; i++ {\n\t\t\tif !yield(i) {\n\t\t\t\tfmt.Println(\"stopped at\", i)\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}\n"
	const pairs = "func pairs(yield func(string, int) bool) {\n\t_ = yield(\"a\", 1) && yield(\"b\", 2)\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"one value", count + "for i := range count(3) {\n\tfmt.Print(i, \" \")\n}", cellOut{stdout: "0 1 2 "}},
		{"two values", pairs + "for k, v := range pairs {\n\tfmt.Print(k, v, \" \")\n}", cellOut{stdout: "a1 b2 "}},
		{"no value", pairs + "n := 0\nfor range pairs {\n\tn++\n}\nn", cellOut{result: "2"}},
		{"break and continue", count + "for i := range count(10) {\n\tif i%2 == 0 {\n\t\tcontinue\n\t}\n\tif i > 4 {\n\t\tbreak\n\t}\n\tfmt.Print(i, \" \")\n}", cellOut{stdout: "1 3 stopped at 5\n"}},
		{"return", count + "func find(want int) (int, bool) {\n\tfor v := range count(9) {\n\t\tif v == want {\n\t\t\treturn v * 10, true\n\t\t}\n\t}\n\treturn -1, false\n}\nfmt.Println(find(2))\nfmt.Println(find(20))", cellOut{stdout: "stopped at 2\n20 true\n-1 false\n"}},
		{"variables per iteration", count + "var fs []func() int\nfor i := range count(3) {\n\tfs = append(fs, func() int { return i })\n}\nfmt.Println(fs[0](), fs[1](), fs[2]())", cellOut{stdout: "0 1 2\n"}},
		{"nested", count + "for i := range count(2) {\n\tfor j := range count(3) {\n\t\tif j == 1 {\n\t\t\tbreak\n\t\t}\n\t\tfmt.Println(i, j)\n\t}\n}", cellOut{stdout: "0 0\nstopped at 1\n1 0\nstopped at 1\n"}},
		{"method", "type list struct{ items []string }\nfunc (l *list) All() func(func(int, string) bool) {\n\treturn func(yield func(int, string) bool) {\n\t\tfor i, s := range l.items {\n\t\t\tif !yield(i, s) {\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}\nl := &list{[]string{\"x\", \"y\"}}\nfor i, s := range l.All() {\n\tfmt.Print(i, s)\n}", cellOut{stdout: "0x1y"}},
	})
}

// notImportable lists the packages of `go list std` (without internal,
// vendor and cmd) that a cell cannot import, with the reason.
var notImportable = map[string]string{
	"plugin":       "needs cgo",
	"runtime/cgo":  "needs cgo",
	"runtime/race": "exists only in -race builds",
	"syscall":      "its symbols differ per platform; the binary leaves yaegi's tables of them out (os, os/exec and os/signal cover what programs use)",
	"unsafe":       "the interpreter's values are reflect values, not memory that unsafe could address",
}

func TestImportEveryStdPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("imports every package of the standard library")
	}
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Fatalf("go list std: %v", err)
	}
	s := newTestSession(t)
	names := map[string]bool{}
	n := 0
	for _, path := range strings.Fields(string(out)) {
		if strings.HasPrefix(path, "cmd/") || slices.ContainsFunc(strings.Split(path, "/"), func(e string) bool { return e == "internal" || e == "vendor" }) {
			continue
		}
		name := packageName(path)
		if names[name] {
			// Two packages of one name (crypto/rand, math/rand) cannot
			// be imported together, as in a Go file.
			s, names = newTestSession(t), map[string]bool{}
		}
		names[name] = true
		rep, _ := runCell(t, s, "import \""+path+"\"")
		if _, skip := notImportable[path]; skip {
			if rep.Err == nil {
				t.Errorf("%s is importable: drop it from notImportable", path)
			}
			continue
		}
		if rep.Err != nil {
			t.Errorf("import %q: %s", path, rep.Err.Value)
		}
		n++
	}
	if n < 160 {
		t.Errorf("%d packages imported, want at least 160", n)
	}
}

func TestStdlibOfGo126(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"strings.SplitSeq", "for part := range strings.SplitSeq(\"a,b,c\", \",\") {\n\tfmt.Print(part, \";\")\n}", cellOut{stdout: "a;b;c;"}},
		{"os/exec", "import \"os/exec\"\nout, err := exec.Command(\"echo\", \"hi\").Output()\nfmt.Printf(\"%q %v\\n\", out, err)", cellOut{stdout: "\"hi\\n\" <nil>\n"}},
		{"crypto/sha3", "import \"crypto/sha3\"\nfmt.Printf(\"%x\\n\", sha3.Sum256([]byte(\"abc\")))", cellOut{stdout: "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532\n"}},
	})
}

// runProgram runs a whole Go program in a bare yaegi interpreter (no
// session) and returns what it prints.
func runProgram(t *testing.T, src string) string {
	t.Helper()
	var out strings.Builder
	i := yaegi.New(yaegi.Options{Stdout: &out, Stderr: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return out.String()
}

func TestMinMaxClear(t *testing.T) {
	const src = `package main

import (
	"fmt"
	"math"
)

const big = max(3, 7, 5)

func main() {
	a, b := 3, 9
	fmt.Println(max(a, b), min(a, b), max(a, 4, 2), min(2.5, 1), max(1, 2.5))
	x := max(1, 2.5)
	fmt.Printf("%T %v %v\n", x, x, big)
	fmt.Println(min("b", "a", "c"), max(uint8(3), 200))
	f := 0.0
	fmt.Println(min(f, math.Copysign(0, -1)), max(math.NaN(), 1), min(1, math.Inf(-1)))
	m := map[string]int{"a": 1, "b": 2}
	clear(m)
	sl := []int{1, 2, 3}
	clear(sl)
	fmt.Println(len(m), sl, min(len(sl), 10))
}
`
	const want = "9 3 4 1 2.5\nfloat64 2.5 7\na 200\n-0 NaN -Inf\n0 [0 0 0] 3\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestRuntimeErrorMessages(t *testing.T) {
	const try = "func try(f func()) {\n\tdefer func() {\n\t\tr := recover()\n\t\t_, isRuntime := r.(runtime.Error)\n\t\tfmt.Println(r, isRuntime)\n\t}()\n\tf()\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"recovered", "import \"runtime\"\n" + try + "s := []int{1, 2, 3}\ni := 5\nvar p *struct{ x int }\nvar e any = \"s\"\ntry(func() { _ = s[i] })\ntry(func() { s[i] = 1 })\ntry(func() { _ = \"abc\"[i:] })\ntry(func() { _ = s[1:i] })\ntry(func() { _ = s[:2:i] })\ntry(func() { _ = p.x })\ntry(func() { _ = e.(int) })",
			cellOut{stdout: "runtime error: index out of range [5] with length 3 true\nruntime error: index out of range [5] with length 3 true\nruntime error: slice bounds out of range [5:3] true\nruntime error: slice bounds out of range [:5] with capacity 3 true\nruntime error: slice bounds out of range [::5] with capacity 3 true\nruntime error: invalid memory address or nil pointer dereference true\ninterface conversion: interface {} is string, not int true\n"}},
		{"in a function", "func get(s []int, i int) int { return s[i] }\nget([]int{1, 2, 3}, 5)", cellOut{err: "panic: runtime error: index out of range [5] with length 3"}},
	})
}

func TestRangeOverIntegerTypes(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"method result", "r := strings.NewReader(\"abc\")\nfor i := range r.Len() {\n\tfmt.Print(i)\n}", cellOut{stdout: "012"}},
		{"second result", "r := strings.NewReader(\"abcd\")\np := make([]byte, 3)\nn, _ := r.Read(p)\nfor i := range n {\n\tfmt.Print(string(p[i]))\n}", cellOut{stdout: "abc"}},
		{"sized types", "for i := range uint8(2) {\n\tfmt.Printf(\"%T%v \", i, i)\n}\nvar n int64 = 2\nfor i := range n {\n\tfmt.Printf(\"%T%v \", i, i)\n}", cellOut{stdout: "uint80 uint81 int640 int641 "}},
	})
}

// TestGenericTypeInference checks that type arguments are inferred by
// name, in declaration order, and from core types, as Go does: yaegi
// listed them in the order the parameters used them, so Map's U became
// int, and it could not infer E from S ~[]E, the signature of most of
// package slices.
func TestGenericTypeInference(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"order of use", "func Map[T, U any](s []T, f func(T) U) []U {\n\tvar r []U\n\tfor _, v := range s {\n\t\tr = append(r, f(v))\n\t}\n\treturn r\n}\nfmt.Printf(\"%q\\n\", Map([]int{1, 2}, func(i int) string { return fmt.Sprint(i * 10) }))", cellOut{stdout: "[\"10\" \"20\"]\n"}},
		{"core type", "func Last[S ~[]E, E any](s S) E { return s[len(s)-1] }\nfmt.Println(Last([]string{\"a\", \"b\"}))", cellOut{stdout: "b\n"}},
		{"named slice", "type Names []string\nfunc Count[S ~[]E, E comparable](s S, v E) int {\n\tn := 0\n\tfor _, x := range s {\n\t\tif x == v {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\nfmt.Println(Count(Names{\"a\", \"b\", \"a\"}, \"a\"))", cellOut{stdout: "2\n"}},
		{"variadic", "func Count[T any](xs ...T) int { return len(xs) }\nfmt.Println(Count(\"a\", \"b\"))", cellOut{stdout: "2\n"}},
		{"variadic with s...", "func Count[T any](xs ...T) int { return len(xs) }\nfmt.Println(Count([]string{\"a\", \"b\", \"c\"}...))", cellOut{stdout: "3\n"}},
		{"map core type", "func Keys[M ~map[K]V, K comparable, V any](m M) int { return len(m) }\nfmt.Println(Keys(map[string]bool{\"x\": true}))", cellOut{stdout: "1\n"}},
	})
}

// TestCallResultKeepsItsMethods passes the result of a call straight to
// a compiled function: yaegi passed it without the wrapper that carries an
// interpreted type's methods, so fmt printed {2} where Go prints D2 (and
// shopspring/decimal's a.Add(b) printed as a struct). The results of a
// call with several, as in fmt.Println(f()), still lose their methods.
func TestCallResultKeepsItsMethods(t *testing.T) {
	const decl = "type D struct{ v int }\nfunc (d D) String() string { return fmt.Sprint(\"D\", d.v) }\nfunc (d D) Add(o D) D { return D{d.v + o.v} }\n"
	runYaegiRows(t, []yaegiRow{
		{"Println", decl + "a := D{1}\nfmt.Println(a, a.Add(a))", cellOut{stdout: "D1 D2\n"}},
		{"Printf", decl + "a := D{1}\nfmt.Printf(\"%v|%s|%d\\n\", a.Add(a), a.Add(a), a.Add(a).v)", cellOut{stdout: "D2|D2|2\n"}},
		{"Sprint", decl + "fmt.Sprint(D{1}.Add(D{4}))", cellOut{result: "D5"}},
	})
}

func TestInterfaceValues(t *testing.T) {
	const kinds = "import \"errors\"\ntype Shape interface{ Area() float64 }\ntype Sq struct{ s float64 }\nfunc (q Sq) Area() float64 { return q.s * q.s }\nfunc kind(i any) string {\n\tswitch v := i.(type) {\n\tcase int:\n\t\treturn \"int\"\n\tcase error:\n\t\treturn \"error \" + v.Error()\n\tcase Shape:\n\t\treturn fmt.Sprint(\"shape \", v.Area())\n\t}\n\treturn \"other\"\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"case error and an interface of the cell", kinds + "fmt.Println(kind(1), kind(errors.New(\"bad\")), kind(Sq{2}), kind(2.5))", cellOut{stdout: "int error bad shape 4 other\n"}},
		{"case error without assignment", "import \"errors\"\nfunc isErr(i any) bool {\n\tswitch i.(type) {\n\tcase error:\n\t\treturn true\n\t}\n\treturn false\n}\nfmt.Println(isErr(errors.New(\"x\")), isErr(\"s\"))", cellOut{stdout: "true false\n"}},
		{"interpreted value in an any argument", "type Sq struct{ s float64 }\nfunc (q Sq) Area() float64 { return q.s * q.s }\ntype Named struct{ n string }\nfunc (x Named) String() string { return \"named:\" + x.n }\nfunc show(i any) { fmt.Println(i) }\nshow(Sq{4})\nshow(Named{\"b\"})", cellOut{stdout: "{4}\nnamed:b\n"}},
	})
}

func TestDeferEvaluatesAtDefer(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"arguments", "func f() {\n\tx := 1\n\tdefer fmt.Println(\"deferred x =\", x)\n\tx = 2\n}\nf()", cellOut{stdout: "deferred x = 1\n"}},
		{"receivers in a loop", "type res struct{ id int }\nfunc (r *res) Close() { fmt.Println(\"close\", r.id) }\nfunc f() {\n\tfor _, id := range []int{1, 2, 3} {\n\t\tc := &res{id}\n\t\tdefer c.Close()\n\t}\n}\nf()", cellOut{stdout: "close 3\nclose 2\nclose 1\n"}},
		{"value receiver through a pointer", "type acc struct{ n int }\nfunc (a acc) show() { fmt.Println(\"show\", a.n) }\nfunc f() {\n\tb := &acc{1}\n\tdefer b.show()\n\tb.n = 7\n}\nf()", cellOut{stdout: "show 1\n"}},
	})
}

func TestNilPointerInInterface(t *testing.T) {
	const myErr = "type MyErr struct{ msg string }\nfunc (e *MyErr) Error() string {\n\tif e == nil {\n\t\treturn \"nil MyErr\"\n\t}\n\treturn e.msg\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"returned as error", myErr + "func find() error {\n\tvar p *MyErr\n\treturn p\n}\nerr := find()\nfmt.Println(err == nil, err)", cellOut{stdout: "false nil MyErr\n"}},
		{"nil error stays nil", "func good() error { return nil }\nfmt.Println(good() == nil)", cellOut{stdout: "true\n"}},
	})
}
