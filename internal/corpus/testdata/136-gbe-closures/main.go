// Go by Example: closures. A function returns a function that keeps its own counter.
package main

import "fmt"

func intSeq() func() int {
	i := 0
	return func() int {
		i++
		return i
	}
}

func adder(base int) func(int) int {
	return func(n int) int {
		base += n
		return base
	}
}

func main() {
	nextInt := intSeq()

	fmt.Println(nextInt())
	fmt.Println(nextInt())
	fmt.Println(nextInt())

	newInts := intSeq()
	fmt.Println(newInts())

	add := adder(10)
	for i := 1; i <= 3; i++ {
		fmt.Println("adder:", add(i))
	}

	var funcs []func() string
	for _, name := range []string{"a", "b", "c"} {
		funcs = append(funcs, func() string { return "hello " + name })
	}
	for _, f := range funcs {
		fmt.Println(f())
	}
}
