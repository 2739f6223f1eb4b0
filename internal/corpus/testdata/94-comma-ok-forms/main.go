// Every comma-ok and blank form in main: map lookups, receives, assertions, multiple assignment.
package main

import (
	"fmt"
	"strconv"
)

func pair() (int, string) { return 7, "seven" }

func main() {
	m := map[string]int{"a": 1}
	_, ok := m["k"]
	fmt.Println(ok)
	v, ok := m["a"]
	fmt.Println(v, ok)
	_, _ = m["z"]

	ch := make(chan int, 2)
	ch <- 10
	ch <- 20
	close(ch)
	x, ok := <-ch
	fmt.Println(x, ok)
	var a, b int
	a, b = 1, <-ch
	fmt.Println(a, b)
	y, more := <-ch
	fmt.Println(y, more)

	var i any = "str"
	s, ok := i.(string)
	fmt.Println(s, ok)
	_, isInt := i.(int)
	fmt.Println(isInt)

	n, _ := strconv.Atoi("12")
	_, err := strconv.Atoi("x")
	fmt.Println(n, err != nil)
	num, word := pair()
	_, word2 := pair()
	fmt.Println(num, word, word2)
	a, b = b, a
	fmt.Println(a, b)
	var arr [3]int
	arr[0], arr[2] = 5, 6
	fmt.Println(arr)
	_ = word
}
