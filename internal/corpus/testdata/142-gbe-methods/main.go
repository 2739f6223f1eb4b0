// Go by Example: methods with value and pointer receivers.
package main

import "fmt"

type rect struct {
	width, height int
}

func (r *rect) area() int {
	return r.width * r.height
}

func (r rect) perim() int {
	return 2*r.width + 2*r.height
}

func (r *rect) scale(k int) {
	r.width *= k
	r.height *= k
}

func main() {
	r := rect{width: 10, height: 5}

	fmt.Println("area: ", r.area())
	fmt.Println("perim:", r.perim())

	rp := &r
	fmt.Println("area: ", rp.area())
	fmt.Println("perim:", rp.perim())

	r.scale(2)
	fmt.Println("scaled:", r, r.area())

	f := r.perim
	r.width = 1
	fmt.Println("bound method value:", f())

	g := (*rect).area
	fmt.Println("method expression:", g(&r))
}
