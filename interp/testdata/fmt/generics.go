package main

import "fmt"

type pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

type box[T any] []T

type point struct{ x int }

func main() {
	type local struct{ n int }
	type lint int
	fmt.Printf("%T %T %#v\n", local{1}, lint(2), []local{{3}})
	fmt.Printf("%T %T %T\n", pair[string, int]{"k", 1}, box[int]{}, []pair[int, int]{})
	fmt.Println([]pair[string, point]{{"a", point{1}}}, map[string]pair[int, int]{"m": {1, 2}})
	fmt.Printf("%+v %#v\n", box[point]{{4}}, box[point]{{5}})
}
