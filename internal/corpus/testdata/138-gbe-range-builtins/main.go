// Go by Example: range over slices, arrays, maps (sorted keys), strings, integers and channels.
package main

import (
	"fmt"
	"sort"
)

func main() {
	nums := []int{2, 3, 4}
	sum := 0
	for _, num := range nums {
		sum += num
	}
	fmt.Println("sum:", sum)

	for i, num := range nums {
		if num == 3 {
			fmt.Println("index:", i)
		}
	}

	kvs := map[string]string{"a": "apple", "b": "banana"}
	keys := make([]string, 0, len(kvs))
	for k := range kvs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s -> %s\n", k, kvs[k])
	}

	for i, c := range "go€" {
		fmt.Println(i, c, string(c))
	}

	arr := [3]string{"x", "y", "z"}
	for i := range arr {
		arr[i] += "!"
	}
	fmt.Println(arr)

	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()

	ch := make(chan int, 3)
	ch <- 10
	ch <- 20
	ch <- 30
	close(ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println()
}
