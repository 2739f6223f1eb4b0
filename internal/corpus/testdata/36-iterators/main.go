// Iterators: functions that yield, ranged over with for (Go 1.23).
package main

import (
	"fmt"
	"iter"
)

func Countdown(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := n; i > 0; i-- {
			if !yield(i) {
				return
			}
		}
	}
}

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func Fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func main() {
	for n := range Countdown(5) {
		fmt.Print(n, " ")
	}
	fmt.Println("liftoff")

	for i, s := range Enumerate([]string{"a", "b", "c"}) {
		fmt.Print(i, "=", s, " ")
	}
	fmt.Println()

	for f := range Fib() {
		if f > 100 {
			break
		}
		fmt.Print(f, " ")
	}
	fmt.Println()

	next, stop := iter.Pull(Countdown(3))
	defer stop()
	for {
		v, ok := next()
		if !ok {
			break
		}
		fmt.Println("pulled", v)
	}
}
