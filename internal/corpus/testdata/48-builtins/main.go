// The builtins min, max, clear, len, cap, copy, append and delete.
package main

import "fmt"

func main() {
	fmt.Println(min(3, 1, 2), max(3, 1, 2))
	fmt.Println(min(2.5, 1), max("apple", "banana", "cherry"))
	x, y := 10, 20
	fmt.Println(min(x, y), max(x, y, 15))

	s := []int{1, 2, 3}
	clear(s)
	fmt.Println(s, len(s))

	m := map[string]int{"a": 1, "b": 2}
	clear(m)
	fmt.Println(m, len(m))

	buf := make([]byte, 3, 10)
	fmt.Println(len(buf), cap(buf))
	n := copy(buf, "hello")
	fmt.Println(n, string(buf))

	a := append([]int(nil), 4, 5)
	a = append(a, a...)
	fmt.Println(a)
	b := append([]byte("x"), "yz"...)
	fmt.Println(string(b))

	m2 := map[int]string{1: "one", 2: "two"}
	delete(m2, 1)
	delete(m2, 99)
	fmt.Println(m2)

	var arr [4]int
	fmt.Println(len(arr), cap(arr[:2]))
	c := complex(3, 4)
	fmt.Println(real(c), imag(c))
}
