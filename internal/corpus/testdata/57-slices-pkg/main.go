// The slices package: sorting, searching, comparing and editing slices.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Employee struct {
	Name string
	Dept string
	Pay  int
}

func main() {
	nums := []int{5, 2, 8, 1, 9, 2}
	slices.Sort(nums)
	fmt.Println(nums, slices.IsSorted(nums))
	i, found := slices.BinarySearch(nums, 8)
	fmt.Println(i, found)
	fmt.Println(slices.Index(nums, 2), slices.Contains(nums, 7))
	fmt.Println(slices.Min(nums), slices.Max(nums))
	fmt.Println(slices.Compact(slices.Clone(nums)))
	r := slices.Clone(nums)
	slices.Reverse(r)
	fmt.Println(r, nums)
	fmt.Println(slices.Equal(nums, r), slices.Insert([]int{1, 4}, 1, 2, 3), slices.Delete([]int{0, 1, 2, 3}, 1, 3))

	staff := []Employee{
		{"Ann", "eng", 120}, {"Bob", "ops", 90}, {"Cid", "eng", 100}, {"Dee", "ops", 95},
	}
	slices.SortFunc(staff, func(a, b Employee) int {
		if c := strings.Compare(a.Dept, b.Dept); c != 0 {
			return c
		}
		return cmp.Compare(b.Pay, a.Pay)
	})
	for _, e := range staff {
		fmt.Println(e.Dept, e.Name, e.Pay)
	}
	j := slices.IndexFunc(staff, func(e Employee) bool { return e.Pay < 95 })
	fmt.Println("first under 95:", staff[j].Name)
	fmt.Println(slices.ContainsFunc(staff, func(e Employee) bool { return e.Dept == "hr" }))
	words := strings.Fields("the quick brown fox")
	slices.SortStableFunc(words, func(a, b string) int { return cmp.Compare(len(a), len(b)) })
	fmt.Println(words, slices.Repeat([]string{"ab"}, 3))
}
