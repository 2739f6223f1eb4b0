package interp

import (
	"bytes"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// TestValuesOfTheProgramInAny: a value whose type has methods keeps them in
// an any however it got there (patch 0105): converted with any(x), as a
// pointer, spread into a print function's values, and matched by a type
// switch case of a compiled interface. Each line is what go run prints.
func TestValuesOfTheProgramInAny(t *testing.T) {
	src := `package main

import "fmt"

type T struct{ A int }

func (t T) String() string { return fmt.Sprint("T", t.A) }

type P struct{ X float64 }

func main() {
	v := any(T{3})
	fmt.Println(v)
	fmt.Printf("%v %s %T %d\n", v, v, v, v.(T).A)
	x := any(P{1})
	fmt.Println(x)
	var p any = &T{6}
	fmt.Println(p, any(&T{7}))
	vals := []any{T{1}, P{2}, 3, nil}
	fmt.Println(vals...)
	fmt.Print(vals...)
	fmt.Println()
	fmt.Printf("%v|%v|%v|%v\n", vals...)
	for _, w := range []any{v, x, any(nil), 4} {
		switch u := w.(type) {
		case fmt.Stringer:
			fmt.Println("stringer", u.String())
		case nil:
			fmt.Println("nil")
		default:
			fmt.Println("other", u)
		}
	}
	s := fmt.Stringer(T{4})
	fmt.Println(s, s.String())
}
`
	want := `T3
T3 T3 main.T 3
{1}
T6 T7
T1 {2} 3 <nil>
T1 {2} 3 <nil>
T1|{2}|3|<nil>
stringer T3
other {1}
nil
other 4
T4 T4
`
	var out bytes.Buffer
	i := yaegi.New(yaegi.Options{Stdout: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		t.Errorf("got\n%s\nwant (go run)\n%s", out.String(), want)
	}
}
