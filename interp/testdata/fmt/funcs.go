package main

import "fmt"

type rect struct{ w, h int }

func (r rect) Area() int { return r.w * r.h }

func (r *rect) Scale(k int) { r.w *= k }

type op func(rect) rect

func main() {
	f := rect.Area
	g := (*rect).Scale
	var o op
	fmt.Printf("%T|%T|%T|%T|%v\n", f, g, o, func(a, b rect) (int, error) { return 0, nil }, o == nil)
	fmt.Printf("%T %T\n", func(xs ...rect) {}, map[string]func() rect{})
}
