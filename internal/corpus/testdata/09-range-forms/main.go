// Range over a slice, an array, a map (sorted), a string, a channel and an int.
package main

import (
	"fmt"
	"sort"
)

func main() {
	fruits := []string{"apple", "banana", "cherry"}
	for i, f := range fruits {
		fmt.Println(i, f)
	}
	for i := range fruits {
		fruits[i] += "!"
	}
	fmt.Println(fruits)

	arr := [3]int{10, 20, 30}
	total := 0
	for _, v := range arr {
		total += v
	}
	fmt.Println("total", total)

	ages := map[string]int{"bob": 31, "alice": 29, "carol": 35}
	keys := make([]string, 0, len(ages))
	for k := range ages {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%d ", k, ages[k])
	}
	fmt.Println()

	for i, r := range "héllo" {
		fmt.Printf("%d:%c ", i, r)
	}
	fmt.Println()

	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	ch <- 3
	close(ch)
	for v := range ch {
		fmt.Print(v*10, " ")
	}
	fmt.Println()

	for i := range 3 {
		fmt.Print(i, ";")
	}
	fmt.Println()

	var nilMap map[int]int
	for k := range nilMap {
		fmt.Println("never", k)
	}
}
