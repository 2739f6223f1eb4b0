package main

import "fmt"

type point struct{ x, y int }

type celsius float64

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type list []string

type table map[string]point

type op func(int) int

type shape interface{ Area() float64 }

type circle struct{ r float64 }

func (c circle) Area() float64 { return 3 * c.r * c.r }

func main() {
	p := point{1, 2}
	fmt.Printf("%T %v %+v %#v\n", p, p, p, p)
	fmt.Printf("%T %v %#v\n", &p, &p, []point{p})
	fmt.Printf("%T %v %.2f\n", celsius(21.5), celsius(21.5), celsius(21.5))
	fmt.Printf("%T %v %s\n", Celsius(21.5), Celsius(21.5), Celsius(3))
	fmt.Printf("%T %v %#v\n", list{"a"}, list{"a"}, list{"a", "b"})
	fmt.Printf("%T %v %#v\n", table{"a": p}, table{"b": p, "a": {3, 4}}, table{"a": p})
	fmt.Printf("%T\n", op(nil))
	var s shape = circle{2}
	fmt.Printf("%T %v %#v\n", s, s, s)
	fmt.Printf("%T %T %T\n", []shape{s}, map[string]*point{}, [2]celsius{})
	fmt.Printf("%10T|%-12T|%.3T|\n", p, p, p)
	fmt.Printf("%[1]T %[1]v %T\n", p, celsius(1))
	fmt.Printf("%T %d %v\n", 5, 5, p)
	fmt.Printf("%#v\n", struct {
		A point
		b []celsius
	}{p, []celsius{1.5}})
	var np *point
	fmt.Printf("%v %+v %#v %T\n", np, np, np, np)
	var ns []point
	fmt.Printf("%v %#v\n", ns, ns)
	var nm map[point]int
	fmt.Printf("%v %#v\n", nm, nm)
	var e any
	fmt.Printf("%v %T %d\n", e, e, e)
	fmt.Println(fmt.Sprintf("%T", p) == "main.point")
}
