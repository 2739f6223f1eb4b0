// Variables: every way to declare them, zero values, and swapping.
package main

import "fmt"

var global = "package level"

var (
	count   int
	ratio   float64
	enabled bool
	label   string
	items   []int
	lookup  map[string]int
	ptr     *int
)

func main() {
	var a int
	var b, c = 1, "two"
	var d float64 = 3
	e := 4.5
	f, g := true, 'g'
	fmt.Println(a, b, c, d, e, f, g)
	fmt.Println(global)
	fmt.Printf("%v %v %v %q %v %v %v\n", count, ratio, enabled, label, items, lookup, ptr)
	fmt.Println(items == nil, lookup == nil, ptr == nil, len(items), len(lookup))

	x, y := 1, 2
	x, y = y, x
	fmt.Println("swapped:", x, y)

	x, z := 10, 20 // x is assigned, z is new
	fmt.Println(x, z)

	var (
		name = "block"
		n    = len(name)
	)
	fmt.Println(name, n)
	_ = g
}
