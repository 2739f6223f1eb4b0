// The iterator functions of maps and slices: All, Keys, Values, Collect, Sorted.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

func main() {
	ages := map[string]int{"carol": 35, "alice": 29, "bob": 31}
	for _, name := range slices.Sorted(maps.Keys(ages)) {
		fmt.Println(name, ages[name])
	}
	total := 0
	for _, a := range maps.All(ages) {
		total += a
	}
	fmt.Println("total", total)

	vals := slices.Sorted(maps.Values(ages))
	fmt.Println(vals)

	words := []string{"go", "rust", "zig"}
	for w := range slices.Values(words) {
		fmt.Print(strings.ToUpper(w), " ")
	}
	fmt.Println()
	for i, w := range slices.All(words) {
		fmt.Print(i, ":", w, " ")
	}
	fmt.Println()
	for i, w := range slices.Backward(words) {
		fmt.Print(i, ":", w, " ")
	}
	fmt.Println()

	upper := slices.Collect(func(yield func(string) bool) {
		for _, w := range words {
			if !yield(strings.ToUpper(w)) {
				return
			}
		}
	})
	fmt.Println(upper)
	m := maps.Collect(slices.All(words))
	fmt.Println(m)
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c)
	}
	fmt.Println()
}
