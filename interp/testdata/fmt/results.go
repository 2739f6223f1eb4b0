package main

import "fmt"

type S struct{ n int }

func (s S) String() string { return fmt.Sprintf("S%d", s.n) }

type point struct{ x int }

func two() (S, point) { return S{1}, point{2} }

func three() (string, S, error) { return "%v %T %v\n", S{3}, nil }

func main() {
	fmt.Println(two())
	fmt.Printf("%v|%+v|%T\n", S{0}, point{1}, point{1})
	fmt.Printf(three())
}
