// Recursion: factorial, memoized Fibonacci, mutual recursion and a recursive closure.
package main

import "fmt"

func fact(n int) int {
	if n == 0 {
		return 1
	}
	return n * fact(n-1)
}

var memo = map[int]int{}

func fib(n int) int {
	if n < 2 {
		return n
	}
	if v, ok := memo[n]; ok {
		return v
	}
	memo[n] = fib(n-1) + fib(n-2)
	return memo[n]
}

func isEven(n int) bool {
	if n == 0 {
		return true
	}
	return isOdd(n - 1)
}

func isOdd(n int) bool {
	if n == 0 {
		return false
	}
	return isEven(n - 1)
}

func hanoi(n int, from, to, via string, moves *int) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves++
	hanoi(n-1, via, to, from, moves)
}

func main() {
	fmt.Println(fact(7))
	fmt.Println(fib(50))
	fmt.Println(isEven(10), isOdd(7))
	moves := 0
	hanoi(10, "A", "C", "B", &moves)
	fmt.Println("hanoi moves", moves)

	var walk func(n int) []int
	walk = func(n int) []int {
		if n <= 0 {
			return nil
		}
		return append(walk(n-1), n)
	}
	fmt.Println(walk(5))
}
