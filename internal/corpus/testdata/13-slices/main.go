// Slices: make, append and growth, copy, slicing and sharing, full slice expressions.
package main

import "fmt"

func main() {
	s := make([]string, 3)
	fmt.Println("emp:", s, len(s), cap(s))
	s[0], s[1], s[2] = "a", "b", "c"
	s = append(s, "d")
	s = append(s, "e", "f")
	fmt.Println("apd:", s, len(s))

	c := make([]string, len(s))
	n := copy(c, s)
	fmt.Println("cpy:", c, n)

	l := s[2:5]
	fmt.Println("sl1:", l, s[:2], s[4:])

	l[0] = "C"
	fmt.Println("shared:", s)

	t := s[1:3:3]
	t = append(t, "new")
	fmt.Println("3-index:", t, s, len(t), cap(t))

	var nums []int
	caps := []int{}
	last := -1
	for i := range 20 {
		nums = append(nums, i)
		if cap(nums) != last {
			last = cap(nums)
			caps = append(caps, last)
		}
	}
	fmt.Println("len", len(nums), "grows", len(caps) > 3)

	twoD := make([][]int, 3)
	for i := range 3 {
		twoD[i] = make([]int, i+1)
		for j := range twoD[i] {
			twoD[i][j] = i + j
		}
	}
	fmt.Println("2d:", twoD)

	nums = append(nums[:2], nums[5:8]...)
	fmt.Println(nums)
	var empty []int
	fmt.Println(empty == nil, len(empty), append(empty, 1))
}
