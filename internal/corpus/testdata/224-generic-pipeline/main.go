// A generic channel pipeline: Generate, Map and Filter stages over channels, fan-out and ordered results.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func Generate[T any](items ...T) <-chan T {
	out := make(chan T)
	go func() {
		defer close(out)
		for _, it := range items {
			out <- it
		}
	}()
	return out
}

func Map[T, U any](in <-chan T, f func(T) U) <-chan U {
	out := make(chan U)
	go func() {
		defer close(out)
		for v := range in {
			out <- f(v)
		}
	}()
	return out
}

func Filter[T any](in <-chan T, keep func(T) bool) <-chan T {
	out := make(chan T)
	go func() {
		defer close(out)
		for v := range in {
			if keep(v) {
				out <- v
			}
		}
	}()
	return out
}

func Collect[T any](in <-chan T) []T {
	var out []T
	for v := range in {
		out = append(out, v)
	}
	return out
}

type result struct {
	n, square int
}

func main() {
	nums := Generate(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
	evens := Filter(nums, func(n int) bool { return n%2 == 0 })
	labels := Map(evens, func(n int) string { return fmt.Sprintf("<%d>", n) })
	fmt.Println(Collect(labels))

	jobs := Generate(5, 3, 8, 1, 9, 2)
	results := make(chan result)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				results <- result{n, n * n}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	all := Collect(results)
	sort.Slice(all, func(i, j int) bool { return all[i].n < all[j].n })
	fmt.Println(all)
}
