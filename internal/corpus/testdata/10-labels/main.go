// Labels: break and continue out of nested loops, and a labeled switch.
package main

import "fmt"

func findPair(nums []int, target int) (int, int, bool) {
	var a, b int
	found := false
outer:
	for i := range nums {
		for j := i + 1; j < len(nums); j++ {
			if nums[i]+nums[j] == target {
				a, b, found = i, j, true
				break outer
			}
		}
	}
	return a, b, found
}

func main() {
	fmt.Println(findPair([]int{2, 7, 11, 15}, 18))
	fmt.Println(findPair([]int{1, 2}, 10))

rows:
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if c > r {
				fmt.Println()
				continue rows
			}
			fmt.Print(r*c, " ")
		}
		fmt.Println()
	}

	words := []string{"go", "stop", "skip", "end", "after"}
loop:
	for _, w := range words {
		switch w {
		case "skip":
			continue loop
		case "end":
			break loop
		}
		fmt.Println("word", w)
	}
}
