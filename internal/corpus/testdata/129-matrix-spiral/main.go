// Classic interview exercises on slices: spiral order, rotation, two-sum and a sliding window maximum.
package main

import "fmt"

func spiral(m [][]int) []int {
	var out []int
	top, bottom, left, right := 0, len(m)-1, 0, len(m[0])-1
	for top <= bottom && left <= right {
		for j := left; j <= right; j++ {
			out = append(out, m[top][j])
		}
		top++
		for i := top; i <= bottom; i++ {
			out = append(out, m[i][right])
		}
		right--
		if top <= bottom {
			for j := right; j >= left; j-- {
				out = append(out, m[bottom][j])
			}
			bottom--
		}
		if left <= right {
			for i := bottom; i >= top; i-- {
				out = append(out, m[i][left])
			}
			left++
		}
	}
	return out
}

func rotate(m [][]int) [][]int {
	n := len(m)
	r := make([][]int, n)
	for i := range r {
		r[i] = make([]int, n)
		for j := range r[i] {
			r[i][j] = m[n-1-j][i]
		}
	}
	return r
}

func twoSum(nums []int, target int) (int, int, bool) {
	seen := map[int]int{}
	for i, n := range nums {
		if j, ok := seen[target-n]; ok {
			return j, i, true
		}
		seen[n] = i
	}
	return 0, 0, false
}

func windowMax(nums []int, k int) []int {
	var dq, out []int
	for i, n := range nums {
		for len(dq) > 0 && nums[dq[len(dq)-1]] <= n {
			dq = dq[:len(dq)-1]
		}
		dq = append(dq, i)
		if dq[0] <= i-k {
			dq = dq[1:]
		}
		if i >= k-1 {
			out = append(out, nums[dq[0]])
		}
	}
	return out
}

func main() {
	m := [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	fmt.Println(spiral(m))
	fmt.Println(spiral([][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}))
	fmt.Println(rotate(m))
	fmt.Println(twoSum([]int{2, 7, 11, 15}, 9))
	fmt.Println(twoSum([]int{1, 2}, 7))
	fmt.Println(windowMax([]int{1, 3, -1, -3, 5, 3, 6, 7}, 3))
}
