// Functions: several results, named results, variadic parameters, function values.
package main

import (
	"errors"
	"fmt"
)

func plus(a, b int) int { return a + b }

func divmod(a, b int) (q, r int) {
	q = a / b
	r = a % b
	return
}

func safeDiv(a, b float64) (float64, error) {
	if b == 0 {
		return 0, errors.New("division by zero")
	}
	return a / b, nil
}

func sum(label string, nums ...int) string {
	total := 0
	for _, n := range nums {
		total += n
	}
	return fmt.Sprintf("%s%v = %d", label, nums, total)
}

func apply(f func(int, int) int, a, b int) int { return f(a, b) }

func main() {
	fmt.Println(plus(1, 2))
	q, r := divmod(17, 5)
	fmt.Println(q, r)
	if _, err := safeDiv(1, 0); err != nil {
		fmt.Println("error:", err)
	}
	v, _ := safeDiv(9, 2)
	fmt.Println(v)
	fmt.Println(sum("a"))
	fmt.Println(sum("b", 1, 2, 3))
	nums := []int{4, 5}
	fmt.Println(sum("c", nums...))
	fmt.Println(apply(plus, 3, 4))
	fmt.Println(apply(func(a, b int) int { return a * b }, 3, 4))
	mul := func(a, b int) int { return a * b }
	fmt.Printf("%T\n", mul)
}
