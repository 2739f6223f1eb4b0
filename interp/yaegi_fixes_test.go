package interp

import "testing"

// The tests of this file check the patches 0060 to 0069 of
// third_party/yaegi, each on whole programs run by a bare interpreter.
// The wanted output is what go run prints for the same program.

// programRow is a whole Go program and what go run prints for it.
type programRow struct {
	name string
	src  string
	want string
}

func runProgramRows(t *testing.T, rows []programRow) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			if got := runProgram(t, r.src); got != r.want {
				t.Errorf("got\n%s\nwant\n%s", got, r.want)
			}
		})
	}
}

// TestAssignOperationToElement assigns the result of an operation or a
// channel receive to an interface, a field, an element or through a
// pointer: an arithmetic result assigned to an interface field of a
// compiled struct ended the program without a word, and a receive to an
// element or a field was lost.
func TestAssignOperationToElement(t *testing.T) {
	runProgramRows(t, []programRow{
		{"interface field of a compiled struct", `package main

import (
	"container/list"
	"fmt"
)

func main() {
	l := list.New()
	e := l.PushBack(0)
	for i := 0; i < 3; i++ {
		e.Value = i * i
	}
	i := 5
	l.PushBack(0).Value = -i
	for x := l.Front(); x != nil; x = x.Next() {
		fmt.Print(x.Value, " ")
	}
	fmt.Println("end")
}
`, "4 -5 end\n"},
		{"interface element", `package main

import "fmt"

func main() {
	i := 3
	s := []any{0, 0}
	s[0] = i << 2
	s[1] = ^i
	var x any
	x = float64(i) * 1.5
	fmt.Printf("%v %T %v\n", s, x, x)
}
`, "[12 -4] float64 4.5\n"},
		{"receive", `package main

import (
	"container/list"
	"fmt"
)

type S struct {
	V int
	W any
}

func main() {
	ch := make(chan int, 10)
	for i := range 10 {
		ch <- i
	}
	sl := []int{-1}
	sl[0] = <-ch
	var s S
	s.V = <-ch
	s.W = <-ch
	p := &S{}
	p.V = <-ch
	m := map[string]int{}
	m["a"] = <-ch
	var a [2]int
	a[1] = <-ch
	var x any
	x = <-ch
	q := new(int)
	*q = <-ch
	e := &list.Element{}
	e.Value = <-ch
	fmt.Println(sl, s, p.V, m, a, x, *q, e.Value)
}
`, "[0] {1 2} 3 map[a:4] [0 5] 6 7 8\n"},
	})
}

// TestUnnamedParameters calls functions whose parameters have no names:
// the parameter had no place in the frame, so the argument overwrote the
// first local variable ("reflect.Set: value of type int is not
// assignable to type func(string) error").
func TestUnnamedParameters(t *testing.T) {
	runProgramRows(t, []programRow{{"literal, declaration, method and callback", `package main

import (
	"errors"
	"fmt"
	"strings"
)

func call(op func(int) error) error { return op(1) }

func f(int, string) (int, error) {
	x := 5
	return x, nil
}

type T struct{ s string }

func (t T) M(int) string { u := t.s + "!"; return u }

func main() {
	fmt.Println(call(func(int) error { return errors.New("unnamed") }))
	fmt.Println(f(1, "a"))
	var i interface{ M(int) string } = T{"t"}
	fmt.Println(i.M(2))
	h := func(int, int) int { z := 9; return z }
	fmt.Println(h(1, 2))
	fmt.Println(strings.Map(func(rune) rune { x := 'x'; return x }, "ab"))
}
`, "unnamed\n5 <nil>\nt!\n9\nxx\n"}})
}

// TestMethodValuesAndExpressions checks that a method value binds its
// receiver when it is evaluated (yaegi read the receiver at the call) and
// that method expressions work as values and in calls: T.M called after
// a call x.M() panicked "reflect: Call with too many input arguments",
// (*T).M and promoted methods as values failed in reflect.Set.
func TestMethodValuesAndExpressions(t *testing.T) {
	const decl = `package main

import "fmt"

type C struct{ n int }

type O struct{ C }

func (c *C) Inc()     { c.n++ }
func (c C) Get() int  { return c.n }
func (c C) Sum(xs ...int) int {
	for _, x := range xs {
		c.n += x
	}
	return c.n
}

func apply(f func(C) int, c C) int { return f(c) }

`
	runProgramRows(t, []programRow{
		{"method values", decl + `func main() {
	var c C
	inc := c.Inc
	inc()
	inc()
	get := c.Get
	c.n = 100
	p := &c
	pget := p.Get
	c.n = 7
	var fs []func() int
	for i := range 3 {
		c.n = i
		fs = append(fs, c.Get)
	}
	fmt.Println(get(), pget(), fs[0](), fs[1](), fs[2](), c.n)
}
`, "2 100 0 1 2 2\n"},
		{"method expressions", decl + `func main() {
	c := C{1}
	fmt.Println(c.Get())
	g := C.Get
	pg := (*C).Get
	f := (*C).Inc
	f(&c)
	(*C).Inc(&c)
	s := C.Sum
	o := O{C{4}}
	og := O.Get
	(*O).Inc(&o)
	fmt.Println(g(c), pg(&c), s(c, 1, 2), C.Sum(c, []int{5}...), apply(C.Get, c), og(o), O.Get(o))
}
`, "1\n3 3 6 8 3 5 5\n"},
	})
}

// TestAssignToBlank assigns an operation and a receive to the blank
// identifier: `_ = <-ch` panicked "reflect: call of reflect.Value.SetInt
// on chan Value" (the receive wrote over the channel's place).
func TestAssignToBlank(t *testing.T) {
	runProgramRows(t, []programRow{{"operation and receive", `package main

import "fmt"

func main() {
	a, b := 1, 2
	_ = a + b
	_ = -a
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	_ = <-ch
	fmt.Println(len(ch), <-ch)
}
`, "1 2\n"}})
}

// TestRangeOverSliceOfChannels ranges with two variables over a slice of
// channels: yaegi took it for a range over a channel ("reflect: call of
// reflect.Value.Len on int Value"), which broke the fan-in of the Go
// blog's pipelines, func merge(cs ...<-chan int).
func TestRangeOverSliceOfChannels(t *testing.T) {
	runProgramRows(t, []programRow{{"fan-in", `package main

import (
	"fmt"
	"sync"
)

func merge(cs ...<-chan int) <-chan int {
	var wg sync.WaitGroup
	out := make(chan int)
	output := func(c <-chan int) {
		for n := range c {
			out <- n
		}
		wg.Done()
	}
	wg.Add(len(cs))
	for _, c := range cs {
		go output(c)
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func main() {
	a, b := make(chan int, 1), make(chan int, 1)
	a <- 5
	b <- 6
	close(a)
	close(b)
	sum := 0
	for n := range merge(a, b) {
		sum += n
	}
	cs := []chan int{make(chan int, 1), make(chan int, 2)}
	for i, c := range cs {
		c <- i
		fmt.Print(i, len(c), cap(c), " ")
	}
	fmt.Println(sum)
}
`, "0 1 1 1 1 2 11\n"}})
}

// TestConstGroupsWithSeveralNames checks iota and implicit repetition in
// const specs with two names: yaegi repeated only the last value of the
// previous spec and counted iota once per name ("constant definition
// loop", or "cannot use _ as value" for `_, _`).
func TestConstGroupsWithSeveralNames(t *testing.T) {
	runProgramRows(t, []programRow{{"iota", `package main

import "fmt"

const (
	a, b = iota, iota * 10
	c, d
	e, f
)

const (
	A = iota * B
	B = 2
	C
	_
	D = iota
)

const (
	x, y = iota, "s"
	_, _
	z, w
)

func main() {
	const (
		p, q = iota, -iota
		r, s
	)
	fmt.Println(a, b, c, d, e, f, A, B, C, D, x, y, z, w, p, q, r, s)
}
`, "0 0 1 10 2 20 0 2 2 4 0 s 2 s 0 0 1 -1\n"}})
}

// TestEmbeddedInterfaceMethods asserts an interface to a struct that
// embeds the interface and overrides one of its methods: yaegi did not
// count the methods of the embedded interface ("impossible type
// assertion: main.Loud does not implement main.Notifier (missing Name
// method)").
func TestEmbeddedInterfaceMethods(t *testing.T) {
	runProgramRows(t, []programRow{{"type assertion", `package main

import (
	"fmt"
	"strings"
)

type Notifier interface {
	Notify(msg string) string
	Name() string
}

type Email struct{ addr string }

func (e Email) Notify(msg string) string { return "email to " + e.addr + ": " + msg }
func (e Email) Name() string             { return "email" }

type Loud struct{ Notifier }

func (l Loud) Notify(msg string) string { return l.Notifier.Notify(strings.ToUpper(msg)) }

func main() {
	var n Notifier = Loud{Email{"x@y"}}
	l, ok := n.(Loud)
	fmt.Println(ok, l.Name(), l.Notify("hi"), l.Notifier.(Email).addr)
	_, ok = n.(Email)
	fmt.Println(ok)
}
`, "true email email to x@y: HI x@y\nfalse\n"}})
}

// TestUntypedConstantsForTypeParameters passes untyped float and rune
// constants for constrained type parameters: their default types,
// float64 and rune, were not found in the constraint ("untyped float does
// not implement cmp.Ordered").
func TestUntypedConstantsForTypeParameters(t *testing.T) {
	runProgramRows(t, []programRow{{"default types", `package main

import (
	"cmp"
	"fmt"
)

func MaxOf[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Clamp[T ~int | ~float64](x, lo, hi T) T { return max(lo, min(x, hi)) }

func Id[T ~int32 | ~string](x T) T { return x }

func main() {
	x := MaxOf(1.5, -2.0)
	r := Id('a')
	fmt.Printf("%T %v %v %T %v %v\n", x, x, Clamp(-2.5, -1, 1), r, r, cmp.Compare(1.5, 2.5))
}
`, "float64 1.5 -1 int32 97 -1\n"}})
}

// TestSwitchWithDefaultFirst checks a switch whose default clause is not
// last: yaegi swapped it with the last clause, so the cases were tried in
// another order (the first of two matching cases did not win) and a
// fallthrough went to the clause that now followed, not to the next one
// in the source.
func TestSwitchWithDefaultFirst(t *testing.T) {
	runProgramRows(t, []programRow{{"order and fallthrough", `package main

import "fmt"

func pick(x int) string {
	switch {
	default:
		return "default"
	case x > 0:
		return "positive"
	case x > 1:
		return "big"
	}
}

func ft(x int) {
	switch x {
	default:
		fmt.Print("d ")
		fallthrough
	case 1:
		fmt.Print("1 ")
	case 2:
		fmt.Print("2 ")
		fallthrough
	case 3:
		fmt.Print("3 ")
	}
	fmt.Println()
}

func ft2(x int) {
	switch {
	case x == 1:
		fmt.Print("one ")
		fallthrough
	default:
		fmt.Print("def ")
		fallthrough
	case x == 5:
		fmt.Print("five ")
	}
	fmt.Println()
}

func main() {
	fmt.Println(pick(5), pick(-1))
	ft(0)
	ft(1)
	ft(2)
	ft(3)
	ft2(1)
	ft2(5)
	ft2(7)
}
`, "positive default\nd 1 \n1 \n2 3 \n3 \none def five \nfive \ndef five \n"}})
}

// TestRangeOverPointerToArray ranges over a pointer to an array and
// writes through it in the body: the range kept its copy of the array in
// the frame place just before its index, which for a pointer was another
// variable's (here pa's: "reflect: call of reflect.Value.Elem on array
// Value").
func TestRangeOverPointerToArray(t *testing.T) {
	runProgramRows(t, []programRow{{"write through the pointer", `package main

import "fmt"

func main() {
	arr := [...]string{2: "c", 0: "a"}
	pa := &arr
	for i := range pa {
		pa[i] += "!"
	}
	for i, v := range pa {
		pa[i] = v + "?"
	}
	fmt.Println(arr, len(pa))
}
`, "[a!? !? c!?] 3\n"}})
}
