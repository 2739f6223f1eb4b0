// sort: built-in sorts, sort.Slice, a sort.Interface and binary search.
package main

import (
	"fmt"
	"sort"
)

type byLength []string

func (s byLength) Len() int           { return len(s) }
func (s byLength) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
func (s byLength) Less(i, j int) bool { return len(s[i]) < len(s[j]) }

type Person struct {
	Name string
	Age  int
}

func main() {
	strs := []string{"c", "a", "b"}
	sort.Strings(strs)
	fmt.Println("Strings:", strs)
	ints := []int{7, 2, 4}
	sort.Ints(ints)
	fmt.Println("Ints:   ", ints, sort.IntsAreSorted(ints))

	fruits := []string{"peach", "banana", "kiwi"}
	sort.Sort(byLength(fruits))
	fmt.Println(fruits)
	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println(ints)

	people := []Person{{"Alice", 30}, {"Bob", 25}, {"Carol", 30}, {"Dan", 25}}
	sort.SliceStable(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	sort.Slice(people, func(i, j int) bool { return people[i].Name > people[j].Name })
	fmt.Println(people)

	sorted := []int{1, 3, 5, 7, 9, 11}
	idx := sort.SearchInts(sorted, 7)
	fmt.Println("index of 7:", idx)
	i := sort.Search(len(sorted), func(i int) bool { return sorted[i] >= 6 })
	fmt.Println("first >= 6 at", i, sorted[i])
	fl := []float64{2.5, -1, 3.25}
	sort.Float64s(fl)
	fmt.Println(fl)
}
