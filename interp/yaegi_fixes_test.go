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
