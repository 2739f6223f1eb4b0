// Generic functions: Map, Filter, Reduce, Keys and a constraint from cmp.
package main

import (
	"cmp"
	"fmt"
	"sort"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func Keys[K comparable, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

func MaxOf[T cmp.Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m
}

func main() {
	nums := []int{1, 2, 3, 4, 5, 6}
	squares := Map(nums, func(n int) int { return n * n })
	fmt.Println(squares)
	words := Map(nums, func(n int) string { return strings.Repeat("*", n) })
	fmt.Println(words)
	evens := Filter(nums, func(n int) bool { return n%2 == 0 })
	fmt.Println(evens)
	sum := Reduce(nums, 0, func(a, n int) int { return a + n })
	fmt.Println(sum)
	joined := Reduce(nums, "", func(a string, n int) string { return a + fmt.Sprint(n) })
	fmt.Println(joined)
	keys := Keys(map[string]bool{"b": true, "a": false})
	sort.Strings(keys)
	fmt.Println(keys)
	fmt.Println(MaxOf(3, 9, 2), MaxOf("pear", "apple"), MaxOf(1.5, -2.0))
}
