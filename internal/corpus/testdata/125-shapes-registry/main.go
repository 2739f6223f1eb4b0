// A registry of shape constructors keyed by name, with an interface, a type switch and sorting by area.
package main

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

type Shape interface {
	Area() float64
	Name() string
}

type Circle struct{ R float64 }
type Rect struct{ W, H float64 }
type Triangle struct{ A, B, C float64 }

func (c Circle) Area() float64 { return math.Pi * c.R * c.R }
func (c Circle) Name() string  { return "circle" }
func (r Rect) Area() float64   { return r.W * r.H }
func (r Rect) Name() string    { return "rect" }
func (t Triangle) Area() float64 {
	s := (t.A + t.B + t.C) / 2
	return math.Sqrt(s * (s - t.A) * (s - t.B) * (s - t.C))
}
func (t Triangle) Name() string { return "triangle" }

var registry = map[string]func(args []float64) (Shape, error){
	"circle": func(a []float64) (Shape, error) {
		if len(a) != 1 {
			return nil, errors.New("circle needs 1 number")
		}
		return Circle{a[0]}, nil
	},
	"rect": func(a []float64) (Shape, error) {
		if len(a) != 2 {
			return nil, errors.New("rect needs 2 numbers")
		}
		return Rect{a[0], a[1]}, nil
	},
	"triangle": func(a []float64) (Shape, error) {
		if len(a) != 3 {
			return nil, errors.New("triangle needs 3 numbers")
		}
		return Triangle{a[0], a[1], a[2]}, nil
	},
}

func parse(line string) (Shape, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, errors.New("empty line")
	}
	build, ok := registry[f[0]]
	if !ok {
		return nil, fmt.Errorf("unknown shape %q", f[0])
	}
	var nums []float64
	for _, s := range f[1:] {
		n, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f[0], err)
		}
		nums = append(nums, n)
	}
	return build(nums)
}

func main() {
	var shapes []Shape
	for _, line := range []string{"circle 1", "rect 3 4", "triangle 3 4 5", "hexagon 2", "rect 1", "circle x"} {
		s, err := parse(line)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		shapes = append(shapes, s)
	}
	sort.Slice(shapes, func(i, j int) bool { return shapes[i].Area() < shapes[j].Area() })
	for _, s := range shapes {
		detail := ""
		switch v := s.(type) {
		case Circle:
			detail = fmt.Sprintf("r=%g", v.R)
		case Rect:
			detail = fmt.Sprintf("%gx%g", v.W, v.H)
		default:
			detail = fmt.Sprintf("%v", v)
		}
		fmt.Printf("%-8s %-10s %7.3f\n", s.Name(), detail, s.Area())
	}
}
