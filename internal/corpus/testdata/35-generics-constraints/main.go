// Constraints: union types with ~, methods in constraints, and generic sums.
package main

import (
	"fmt"
	"strconv"
)

type Number interface {
	~int | ~int32 | ~int64 | ~float32 | ~float64
}

func Sum[T Number](xs []T) T {
	var total T
	for _, x := range xs {
		total += x
	}
	return total
}

func Average[T Number](xs []T) float64 {
	if len(xs) == 0 {
		return 0
	}
	return float64(Sum(xs)) / float64(len(xs))
}

type Meters float64

type Shower interface {
	~int | ~string
	Show() string
}

type Code int

func (c Code) Show() string { return "code-" + strconv.Itoa(int(c)) }

func ShowAll[T Shower](xs []T) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, x.Show())
	}
	return out
}

func Clamp[T int | float64](v, lo, hi T) T {
	return max(lo, min(v, hi))
}

func main() {
	fmt.Println(Sum([]int{1, 2, 3}))
	fmt.Println(Sum([]float64{1.5, 2.25}))
	fmt.Println(Sum([]Meters{1.5, 3}))
	fmt.Printf("%.2f\n", Average([]int32{1, 2, 4}))
	fmt.Println(ShowAll([]Code{1, 22}))
	fmt.Println(Clamp(15, 0, 10), Clamp(-2.5, -1, 1))
	fmt.Printf("%T\n", Sum([]Meters{}))
}
