// Go by Example: recursion, with a named function and a recursive closure.
package main

import "fmt"

func fact(n int) int {
	if n == 0 {
		return 1
	}
	return n * fact(n-1)
}

func hanoi(n int, from, to, via string, moves *[]string) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves = append(*moves, from+"->"+to)
	hanoi(n-1, via, to, from, moves)
}

func main() {
	fmt.Println(fact(7))

	var fib func(n int) int

	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}

	fmt.Println(fib(7))

	var moves []string
	hanoi(3, "A", "C", "B", &moves)
	fmt.Println(len(moves), "moves:", moves)

	var perms func(prefix string, rest string)
	perms = func(prefix, rest string) {
		if rest == "" {
			fmt.Print(prefix, " ")
			return
		}
		for i := range rest {
			perms(prefix+string(rest[i]), rest[:i]+rest[i+1:])
		}
	}
	perms("", "abc")
	fmt.Println()
}
