// Interfaces: geometric shapes behind one interface.
package main

import (
	"fmt"
	"math"
)

type geometry interface {
	area() float64
	perim() float64
}

type rect struct {
	width, height float64
}

type circle struct {
	radius float64
}

func (r rect) area() float64  { return r.width * r.height }
func (r rect) perim() float64 { return 2*r.width + 2*r.height }

func (c circle) area() float64  { return math.Pi * c.radius * c.radius }
func (c circle) perim() float64 { return 2 * math.Pi * c.radius }

func measure(g geometry) {
	fmt.Println(g)
	fmt.Printf("area %.3f perim %.3f\n", g.area(), g.perim())
}

func detectCircle(g geometry) {
	if c, ok := g.(circle); ok {
		fmt.Println("circle with radius", c.radius)
	}
}

func total(shapes ...geometry) float64 {
	t := 0.0
	for _, s := range shapes {
		t += s.area()
	}
	return t
}

func main() {
	r := rect{width: 3, height: 4}
	c := circle{radius: 5}
	measure(r)
	measure(c)
	detectCircle(r)
	detectCircle(c)
	fmt.Printf("%.2f\n", total(r, c, rect{1, 1}))

	var g geometry
	fmt.Println(g == nil)
	g = c
	fmt.Printf("%v %T\n", g, g)
	var empty any = 42
	fmt.Println(empty)
}
