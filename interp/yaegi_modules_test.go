package interp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// Programs that packages of popular modules need, run in a bare yaegi
// interpreter (as a package imported from source is), with the output of
// go run.

func TestRecursiveTypesThroughFuncsAndNestedStructs(t *testing.T) {
	// golang.org/x/text/unicode/norm overflowed the stack (a struct that
	// held itself by value); then a func field of a nested struct had a
	// placeholder type, and a struct reached first through a pointer got
	// a field of size 0.
	const src = `package main

import "fmt"

// As golang.org/x/text/unicode/norm: Iter holds a reorderBuffer by value,
// which refers back to Iter through a func type in formInfo, and to
// itself through a func field.
type Properties struct {
	pos, size uint8
	index     uint16
}

type input struct {
	str   string
	bytes []byte
}

func (in *input) setBytes(b []byte) { in.str = ""; in.bytes = b }

type lookupFunc func(b input, i int) Properties

type iterFunc func(*Iter) []byte

type formInfo struct {
	form     int
	info     lookupFunc
	nextMain iterFunc
}

type reorderBuffer struct {
	rune   [4]Properties
	nrune  int
	f      formInfo
	src    input
	nsrc   int
	out    []byte
	flushF func(*reorderBuffer) bool
}

type Iter struct {
	rb   reorderBuffer
	buf  [8]byte
	next iterFunc
	p    int
}

func lookup(b input, i int) Properties { return Properties{size: uint8(len(b.bytes) - i)} }

func nextComposed(it *Iter) []byte { it.p++; return it.buf[:it.p] }

var formTable = []*formInfo{{form: 1, info: lookup, nextMain: nextComposed}}

func (rb *reorderBuffer) init(f int, src []byte) {
	rb.f = *formTable[f]
	rb.src.setBytes(src)
	rb.nsrc = len(src)
}

// Mutual recursion through pointers, entered from either side.
type A struct {
	b    *B
	name string
}

type B struct {
	as []A
	m  map[string]*A
}

func main() {
	var it Iter
	it.rb.init(0, []byte("abc"))
	it.next = it.rb.f.nextMain
	it.buf[0], it.buf[1] = 'x', 'y'
	it.rb.flushF = func(rb *reorderBuffer) bool { return rb.nsrc == 3 }
	fmt.Println(it.rb.f.info(it.rb.src, 1).size, string(it.next(&it)), string(it.next(&it)), it.rb.flushF(&it.rb), it.rb.f.form)
	b := &B{m: map[string]*A{}}
	b.as = append(b.as, A{b: b, name: "first"})
	b.m["x"] = &b.as[0]
	fmt.Println(b.m["x"].b.as[0].name, len(b.m["x"].b.m))
}
`
	const want = "2 x xy true 1\nfirst 1\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestMethodExpressionsAsValues(t *testing.T) {
	// golang.org/x/text/cases assigns (*context).copy to a mapFunc.
	const src = `package main

import (
	"fmt"
	"strings"
)

type context struct{ src string }

func (c *context) upper() bool { c.src = strings.ToUpper(c.src); return true }
func (c context) size() int     { return len(c.src) }

type mapFunc func(*context) bool

func apply(f mapFunc, c *context) bool { return f(c) }

func main() {
	var f mapFunc = (*context).upper
	c := &context{src: "go"}
	fmt.Println(f(c), c.src)
	size := context.size
	psize := (*context).size
	fmt.Println(size(context{"abc"}), psize(c), apply((*context).upper, c))
	fs := []func(*context) bool{(*context).upper}
	fmt.Println(len(fs), fs[0](c))
}
`
	const want = "true GO\n3 2 true\n1 true\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestGenericMethodsCallMethodsDeclaredAfterThem(t *testing.T) {
	const src = `package main

import "fmt"

// As github.com/samber/lo's throttleBy: a method calls one declared after it.
type counter[T comparable] struct {
	n     int
	count map[T]int
}

func (c *counter[T]) add(key T) int {
	c.count[key]++
	if c.count[key] > 1 {
		c.reset()
	}
	return c.total()
}

func (c *counter[T]) reset() { c.n++; c.count = map[T]int{} }

func (c counter[T]) total() int { return len(c.count) + 10*c.n }

func newCounter[T comparable]() *counter[T] { return &counter[T]{count: map[T]int{}} }

func main() {
	c := &counter[string]{count: map[string]int{}}
	fmt.Println(c.add("a"), c.add("b"), c.add("a"))
	d := newCounter[int]()
	fmt.Println(d.add(1), d.add(1))
}
`
	const want = "1 2 10\n1 10\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestConstraintUnionsInTypeParameters(t *testing.T) {
	const src = `package main

import "fmt"

type Float interface{ ~float32 | ~float64 }
type Integer interface{ ~int | ~int64 }
type Celsius float64

func Sum[T Float | Integer](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Sum2[T ~int | ~float64](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Abs[T ~int](x T) T {
	if x < 0 {
		return -x
	}
	return x
}

type Pair[K comparable, V ~int | ~string] struct {
	k K
	v V
}

func main() {
	fmt.Println(Sum([]int{1, 2, 3}), Sum([]float64{0.5, 1}), Sum([]Celsius{1.5, 2}), Sum2([]int{4, 5}), Sum2([]float64{0.25}))
	fmt.Println(Abs(-3), Pair[string, int]{"a", 1})
}
`
	const want = "6 1.5 3.5 9 0.25\n3 {a 1}\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCompositeLiteralOfATypeParameter(t *testing.T) {
	const src = `package main

import "fmt"

func Wrap[T any, Slice ~[]T](xs Slice) []Slice {
	result := []Slice{}
	for i := range xs {
		result = append(result, Slice{xs[i]})
	}
	return result
}

type Ints []int

func main() {
	fmt.Println(Wrap([]int{1, 2}), len(Wrap(Ints{3})))
}
`
	const want = "[[1] [2]] 1\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestBuiltinCallsInReturnStatements(t *testing.T) {
	const src = `package main

import "fmt"

func pair(s string) (string, int) { return s, len(s) }

func three(xs []int, c complex128) (float64, []int, int, int) {
	return real(c), append(xs, 4), cap(xs[:1]), len(xs)
}

func wrap(f func(string) (string, int)) func(string, int) (string, int) {
	return func(s string, _ int) (string, int) { return f(s) }
}

func main() {
	x, y := pair("abc")
	fmt.Println(x, y)
	fmt.Println(three([]int{1, 2}, 2+3i))
	fmt.Println(wrap(pair)("hello", 0))
}
`
	const want = "abc 3\n2 [1 2 4] 2 2\nhello 5\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestGenericCallDefinesATopLevelVariable(t *testing.T) {
	var out strings.Builder
	i := yaegi.New(yaegi.Options{Stdout: &out, Stderr: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	// Each input is evaluated on its own, as a cell's top level is.
	for _, src := range []string{
		`import (
	"fmt"
	"strconv"
)`,
		`func GroupBy[T any, U comparable, Slice ~[]T](xs Slice, key func(T) U) map[U]Slice {
	groups := map[U]Slice{}
	for _, x := range xs {
		groups[key(x)] = append(groups[key(x)], x)
	}
	return groups
}`,
		`func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}`,
		`func big(x int) bool { return x > 2 }`,
		`groups := GroupBy([]int{5, 1, 4}, big)`,
		`odd := GroupBy([]int{5, 1, 4}, func(x int) int { return x % 2 })`,
		`n := Must(strconv.Atoi("42"))`,
		`fmt.Println(groups, odd, n+1)`,
		`func Find[T any](xs []T, f func(T) bool) (T, bool) {
	for _, x := range xs {
		if f(x) {
			return x, true
		}
	}
	var zero T
	return zero, false
}`,
		`v, ok := Find([]string{"a", "bb"}, func(s string) bool { return len(s) > 1 })`,
		`w, found := Find([]int{1}, big)`,
		`fmt.Println(v, ok, w, found)`,
	} {
		if _, err := i.Eval(src); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
	}
	if got, want := out.String(), "map[false:[1] true:[5 4]] map[0:[4] 1:[5 1]] 43\nbb true 0 false\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestTypeSwitchCasesOfTypeParametersMayBeTheSame(t *testing.T) {
	const src = `package main

import "fmt"

// As github.com/spf13/cast's toMapE: with V = any two cases are the same
// type, and the first one matches.
func describe[K comparable, V any](i any) string {
	switch v := i.(type) {
	case map[K]V:
		return fmt.Sprint("map[K]V ", len(v))
	case map[K]any:
		return fmt.Sprint("map[K]any ", len(v))
	case []V:
		return fmt.Sprint("[]V ", len(v))
	}
	return "other"
}

func main() {
	fmt.Println(describe[string, any](map[string]any{"a": 1}), describe[string, int](map[string]any{}))
	fmt.Println(describe[string, int]([]int{1, 2}), describe[int, int]("x"))
}
`
	const want = "map[K]V 1 map[K]any 0\n[]V 2 other\n"
	if got := runProgram(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// runProgramWithPackages runs src in a bare yaegi interpreter whose GOPATH
// holds the given files ("import/path/file.go": source), and returns what
// it prints.
func runProgramWithPackages(t *testing.T, files map[string]string, src string) string {
	t.Helper()
	gopath := t.TempDir()
	for name, text := range files {
		file := filepath.Join(gopath, "src", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out strings.Builder
	i := yaegi.New(yaegi.Options{GoPath: gopath, Stdout: &out, Stderr: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return out.String()
}

func TestConstraintsOfAnotherPackage(t *testing.T) {
	files := map[string]string{
		"ex/constraints/c.go": "package constraints\n\ntype Float interface{ ~float32 | ~float64 }\n\ntype Integer interface{ ~int | ~int64 }\n",
		"ex/calc/calc.go": `package calc

import "ex/constraints"

func Sum[T constraints.Float | constraints.Integer](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}
`,
	}
	const src = `package main

import (
	"ex/calc"
	"fmt"
)

func main() { fmt.Println(calc.Sum([]int{1, 2}), calc.Sum([]float64{0.5})) }
`
	if got, want := runProgramWithPackages(t, files, src), "3 0.5\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
