// Memoization with a map in a closure, a generic memoize, and counting calls.
package main

import "fmt"

func memoize[K comparable, V any](f func(K) V) (func(K) V, *int) {
	cache := map[K]V{}
	calls := 0
	return func(k K) V {
		if v, ok := cache[k]; ok {
			return v
		}
		calls++
		v := f(k)
		cache[k] = v
		return v
	}, &calls
}

func main() {
	memo := map[int]int{}
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		if v, ok := memo[n]; ok {
			return v
		}
		memo[n] = fib(n-1) + fib(n-2)
		return memo[n]
	}
	fmt.Println(fib(50), len(memo))

	square, calls := memoize(func(n int) int { return n * n })
	for _, n := range []int{2, 3, 2, 2, 4, 3} {
		fmt.Print(square(n), " ")
	}
	fmt.Println("calls:", *calls)

	upper, c2 := memoize(func(s string) []byte { return []byte(s + "!") })
	fmt.Println(string(upper("a")), string(upper("a")), *c2)

	var collatz func(n int) int
	steps := map[int]int{1: 0}
	collatz = func(n int) int {
		if s, ok := steps[n]; ok {
			return s
		}
		next := n / 2
		if n%2 == 1 {
			next = 3*n + 1
		}
		steps[n] = 1 + collatz(next)
		return steps[n]
	}
	best, bestN := 0, 0
	for n := 1; n < 10000; n++ {
		if s := collatz(n); s > best {
			best, bestN = s, n
		}
	}
	fmt.Println(bestN, best)
}
