// Closures: generators, captured state and functions that return functions.
package main

import "fmt"

func intSeq() func() int {
	i := 0
	return func() int {
		i++
		return i
	}
}

func adder() func(int) int {
	sum := 0
	return func(x int) int {
		sum += x
		return sum
	}
}

func fibonacci() func() int {
	a, b := 0, 1
	return func() int {
		r := a
		a, b = b, a+b
		return r
	}
}

func compose(f, g func(int) int) func(int) int {
	return func(x int) int { return g(f(x)) }
}

func main() {
	next := intSeq()
	fmt.Println(next(), next(), next())
	fmt.Println(intSeq()())

	pos, neg := adder(), adder()
	for i := range 5 {
		fmt.Println(pos(i), neg(-2*i))
	}
	f := fibonacci()
	for range 10 {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	inc := func(x int) int { return x + 1 }
	dbl := func(x int) int { return x * 2 }
	fmt.Println(compose(inc, dbl)(5), compose(dbl, inc)(5))

	counter := 0
	incr := func() { counter++ }
	incr()
	incr()
	fmt.Println("counter", counter)
}
