package tensorlib

import (
	"fmt"
	"testing"
)

// TestPermuteMovesEveryElement checks permuted copies element by element
// against the definition out[i_0..i_n] = t[i at perm positions], for
// shapes whose copies take every path: whole rows, merged dimensions,
// dimensions of size 1, transposes smaller and larger than a tile, and
// sizes large enough to run in parallel.
func TestPermuteMovesEveryElement(t *testing.T) {
	cases := []struct {
		shape []int
		perm  []int
	}{
		{[]int{3, 4}, []int{1, 0}},
		{[]int{1, 5}, []int{1, 0}},
		{[]int{5, 1}, []int{1, 0}},
		{[]int{2, 3, 4}, []int{0, 2, 1}},
		{[]int{2, 3, 4}, []int{2, 0, 1}},
		{[]int{2, 3, 4}, []int{1, 2, 0}},
		{[]int{2, 3, 4}, []int{1, 0, 2}},
		{[]int{2, 1, 3, 1}, []int{3, 2, 1, 0}},
		{[]int{4, 3, 17, 19}, []int{0, 3, 2, 1}},
		{[]int{4, 3, 17, 19}, []int{0, 2, 1, 3}},
		{[]int{2, 33, 35}, []int{0, 2, 1}},
		{[]int{64, 8, 28, 28}, []int{0, 3, 2, 1}},
		{[]int{16, 4, 64, 64}, []int{0, 2, 1, 3}},
		{[]int{3, 5, 7, 2, 3}, []int{4, 1, 3, 0, 2}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.shape, c.perm), func(t *testing.T) {
			x := Arange(0, float32(checkShape("test", c.shape)), 1).Reshape(c.shape...)
			y := x.Permute(c.perm...)
			strides := stridesOf(c.shape)
			idx := make([]int, len(c.shape))
			for o, v := range y.data {
				rem, off := o, 0
				for d := len(y.shape) - 1; d >= 0; d-- {
					idx[d] = rem % y.shape[d]
					rem /= y.shape[d]
					off += idx[d] * strides[c.perm[d]]
				}
				if v != float32(off) {
					t.Fatalf("element %d (index %v) is %v, want %v", o, idx, v, off)
				}
			}
		})
	}
}
