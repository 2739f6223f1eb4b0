// For loops: three-clause, condition only, infinite with break, range over int.
package main

import "fmt"

func main() {
	for i := 0; i < 3; i++ {
		fmt.Print(i, " ")
	}
	fmt.Println()

	n := 1
	for n < 100 {
		n *= 3
	}
	fmt.Println("n =", n)

	k := 0
	for {
		k++
		if k%2 == 0 {
			continue
		}
		if k > 7 {
			break
		}
		fmt.Print(k, " ")
	}
	fmt.Println()

	for i := range 4 {
		fmt.Print(i*i, " ")
	}
	fmt.Println()

	for range 2 {
		fmt.Println("again")
	}

	var funcs []func() int
	for i := 0; i < 3; i++ {
		funcs = append(funcs, func() int { return i })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	sum := 0
	for i, j := 0, 10; i < j; i, j = i+1, j-1 {
		sum += j - i
	}
	fmt.Println("sum", sum)
}
