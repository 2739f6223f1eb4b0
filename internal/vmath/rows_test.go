package vmath

import (
	"math"
	"testing"
)

// TestRows checks ExpSumRows, AddRows and ScaleRows against Max,
// ExpShiftSum, AddConst and Scale row by row, to the bit, for row lengths
// on and off the vector kernels' multiples of eight, with a row of large
// values (Exp's path for |x| ≥ 86) and one with -Inf.
func TestRows(t *testing.T) {
	for _, n := range []int{1, 5, 8, 13, 16, 24, 64, 72} {
		for rows := 1; rows <= 4; rows++ {
			src := make([]float32, rows*n)
			for i := range src {
				src[i] = float32((i*7919)%101)/10 - 5
			}
			if rows > 1 {
				for i := n; i < 2*n; i++ {
					src[i] *= 40 // reaches beyond ±86 after the shift
				}
			}
			if rows > 2 {
				src[2*n+n/2] = float32(math.Inf(-1))
			}
			m, s, c := make([]float32, rows), make([]float32, rows), make([]float32, rows)
			dst := make([]float32, len(src))
			ExpSumRows(dst, src, n, m, s)
			want := make([]float32, n)
			for r := range rows {
				x := src[r*n : (r+1)*n]
				wm := Max(x)
				ws := ExpShiftSum(want, x, wm)
				if !equalBits(m[r], wm) || !equalBits(s[r], ws) {
					t.Errorf("n=%d row %d: ExpSumRows gave max %g, sum %g; Max and ExpShiftSum %g, %g", n, r, m[r], s[r], wm, ws)
				}
				for i, v := range want {
					if !equalBits(dst[r*n+i], v) {
						t.Errorf("n=%d row %d: ExpSumRows wrote %g at %d, ExpShiftSum %g", n, r, dst[r*n+i], i, v)
						break
					}
				}
				c[r] = float32(r) - 1.5
			}
			for _, op := range []struct {
				name string
				rows func(dst, src []float32, n int, c []float32)
				one  func(dst, src []float32, c float32)
			}{
				{"AddRows", AddRows, AddConst},
				{"ScaleRows", ScaleRows, Scale},
			} {
				op.rows(dst, src, n, c)
				for r := range rows {
					op.one(want, src[r*n:(r+1)*n], c[r])
					for i, v := range want {
						if got := dst[r*n+i]; !equalBits(got, v) {
							t.Errorf("n=%d row %d: %s gave %g at %d, want %g", n, r, op.name, got, i, v)
							break
						}
					}
				}
			}
		}
	}
}
