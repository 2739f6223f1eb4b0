// Maps: create, set, delete, comma-ok, counting, and maps of slices.
package main

import (
	"fmt"
	"sort"
	"strings"
)

func main() {
	m := make(map[string]int)
	m["k1"] = 7
	m["k2"] = 13
	fmt.Println("map:", m, len(m))
	delete(m, "k2")
	fmt.Println("map:", m)
	v, ok := m["k2"]
	fmt.Println("k2:", v, ok)
	_, present := m["k1"]
	fmt.Println("k1 present:", present)

	n := map[string]int{"foo": 1, "bar": 2}
	fmt.Println(n)

	counts := map[rune]int{}
	for _, r := range "mississippi" {
		counts[r]++
	}
	var letters []string
	for r, c := range counts {
		letters = append(letters, fmt.Sprintf("%c%d", r, c))
	}
	sort.Strings(letters)
	fmt.Println(strings.Join(letters, " "))

	groups := map[int][]string{}
	for _, w := range []string{"go", "is", "fun", "and", "fast", "code"} {
		groups[len(w)] = append(groups[len(w)], w)
	}
	fmt.Println(groups)

	type key struct{ x, y int }
	grid := map[key]string{{0, 0}: "origin", {1, 2}: "p"}
	fmt.Println(grid[key{1, 2}], grid[key{5, 5}] == "")
	clear(n)
	fmt.Println(len(n))
}
