// Go by Example: sorting with slices.Sort and sort.Sort on a custom type.
package main

import (
	"fmt"
	"slices"
	"sort"
)

type byLength []string

func (s byLength) Len() int           { return len(s) }
func (s byLength) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
func (s byLength) Less(i, j int) bool { return len(s[i]) < len(s[j]) }

func main() {
	strs := []string{"c", "a", "b"}
	slices.Sort(strs)
	fmt.Println("Strings:", strs)

	ints := []int{7, 2, 4}
	slices.Sort(ints)
	fmt.Println("Ints:   ", ints)

	s := slices.IsSorted(ints)
	fmt.Println("Sorted: ", s)

	fruits := []string{"peach", "banana", "kiwi"}
	sort.Sort(byLength(fruits))
	fmt.Println(fruits)

	floats := []float64{2.5, -1, 3.25}
	sort.Float64s(floats)
	fmt.Println(floats, sort.SearchFloat64s(floats, 2.5))

	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println(ints)
}
