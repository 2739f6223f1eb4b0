// Type definitions and aliases: a defined type is new, an alias is the same type.
package main

import "fmt"

type Celsius float64
type Fahrenheit float64

type Temp = Celsius // alias

type IntList = []int

func CToF(c Celsius) Fahrenheit { return Fahrenheit(c*9/5 + 32) }

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Point struct{ X, Y int }
type Vertex Point

func sum(xs IntList) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func main() {
	var t Temp = 100
	fmt.Println(t, CToF(t))
	fmt.Printf("%T %T\n", t, CToF(t))
	boiling := Celsius(100)
	fmt.Println(boiling == t)
	fmt.Println(sum([]int{1, 2, 3}), sum(IntList{4, 5}))
	v := Vertex{1, 2}
	p := Point(v)
	fmt.Printf("%v %+v %T %T\n", v, p, v, p)
	type local = map[string]int
	m := local{"a": 1}
	fmt.Println(m, len(m))
}
