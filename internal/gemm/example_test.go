package gemm_test

import (
	"fmt"

	"github.com/gohooks/gohooks/internal/gemm"
)

// C = A·Bᵀ for a 2×3 A and a B stored as 2×3 (so op(B) is 3×2).
func ExampleSgemm() {
	a := []float32{
		1, 2, 3,
		4, 5, 6,
	}
	b := []float32{
		1, 0, 1,
		0, 1, 0,
	}
	c := make([]float32, 4)
	gemm.Sgemm(false, true, 2, 2, 3, 1, a, 3, b, 3, 0, c, 2)
	fmt.Println(c)
	// Output: [4 2 10 5]
}
