package main

import "fmt"

type S struct{ n int }

func (s S) String() string { return fmt.Sprintf("S%d", s.n) }

type point struct{ x, y int }

func main() {
	var a any = S{1}
	var b any
	b = S{2}
	fmt.Println(a, b, any(S{3}), interface{}(b))
	fmt.Printf("%v %T %d\n", a, a, a)
	s := S{4}
	var z interface{} = s
	fmt.Println(z, []any{s, S{5}, point{1, 2}})
	type holder struct{ V any }
	h := holder{s}
	fmt.Println(h, holder{V: S{6}}, &h)
	m := map[string]any{"x": S{7}, "y": 1}
	fmt.Println(m, m["x"])
	var st fmt.Stringer = S{8}
	fmt.Println(st, []fmt.Stringer{st})
	p := point{1, 2}
	var pa any = p
	fmt.Printf("%v %+v %T\n", pa, pa, &pa)
}
