// Methods: value and pointer receivers, method values and method expressions.
package main

import "fmt"

type rect struct {
	width, height int
}

func (r *rect) area() int { return r.width * r.height }

func (r rect) perim() int { return 2*r.width + 2*r.height }

func (r *rect) scale(f int) {
	r.width *= f
	r.height *= f
}

func (r rect) grown(d int) rect {
	r.width += d
	r.height += d
	return r
}

type Counter int

func (c *Counter) Inc() { *c++ }

func (c Counter) Get() int { return int(c) }

func main() {
	r := rect{width: 10, height: 5}
	fmt.Println("area:", r.area(), "perim:", r.perim())
	rp := &r
	fmt.Println("area:", rp.area(), "perim:", rp.perim())
	r.scale(2)
	fmt.Println(r)
	g := r.grown(1)
	fmt.Println(r, g)

	var c Counter
	c.Inc()
	c.Inc()
	fmt.Println(c.Get())

	inc := c.Inc
	inc()
	fmt.Println(c)

	perim := rect.perim
	fmt.Println(perim(rect{1, 2}))
	area := (*rect).area
	fmt.Println(area(&rect{3, 4}))
	fmt.Printf("%T\n", perim)
}
