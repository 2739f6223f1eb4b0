// A pipeline of stages connected by channels, with fan-out and fan-in.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func gen(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		for _, n := range nums {
			out <- n
		}
		close(out)
	}()
	return out
}

func sq(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		for n := range in {
			out <- n * n
		}
		close(out)
	}()
	return out
}

func merge(cs ...<-chan int) <-chan int {
	var wg sync.WaitGroup
	out := make(chan int)
	output := func(c <-chan int) {
		for n := range c {
			out <- n
		}
		wg.Done()
	}
	wg.Add(len(cs))
	for _, c := range cs {
		go output(c)
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func main() {
	for n := range sq(sq(gen(1, 2, 3))) {
		fmt.Println(n)
	}

	in := gen(1, 2, 3, 4, 5, 6)
	c1 := sq(in)
	c2 := sq(in)
	var got []int
	for n := range merge(c1, c2) {
		got = append(got, n)
	}
	sort.Ints(got)
	fmt.Println(got)
}
