// If and else: conditions, an init statement, and chains.
package main

import (
	"fmt"
	"strconv"
)

func classify(n int) string {
	if n < 0 {
		return "negative"
	} else if n == 0 {
		return "zero"
	} else if n%2 == 0 {
		return "even"
	}
	return "odd"
}

func main() {
	for _, n := range []int{-3, 0, 4, 7} {
		fmt.Println(n, classify(n))
	}
	if v, err := strconv.Atoi("42"); err == nil {
		fmt.Println("parsed", v)
	} else {
		fmt.Println("error", err)
	}
	if _, err := strconv.Atoi("4x2"); err != nil {
		fmt.Println("error:", err)
	}
	limit := 10
	if x := limit * 2; x > 15 {
		fmt.Println(x, "is big")
	} else {
		fmt.Println(x, "is small")
	}
	m := map[string]int{"apples": 3}
	if n, ok := m["apples"]; ok {
		fmt.Println("apples:", n)
	}
	if _, ok := m["pears"]; !ok {
		fmt.Println("no pears")
	}
}
