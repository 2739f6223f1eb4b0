package gemm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// PackRows reads exactly the lanes its masks select, including rows that
// start before the plane or run past its end with those lanes masked, and
// zeroes the rest, even where the plane holds NaN.
func TestPackRowsMatchesLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	plane := make([]float32, 100)
	for i := range plane {
		plane[i] = float32(rng.NormFloat64())
	}
	plane[50] = float32(math.NaN())
	for _, width := range []int{16, 8, 32, 5} {
		for trial := 0; trial < 200; trial++ {
			rows := 1 + rng.IntN(12)
			base := rng.IntN(40)
			shift := make([]int, rows)
			mask := make([]uint32, rows+3)
			midx := rng.Perm(len(mask))[:rows]
			for r := range shift {
				shift[r] = rng.IntN(100) - base - width/2
				var m uint32
				for l := 0; l < width; l++ {
					if i := base + shift[r] + l; i >= 0 && i < len(plane) && i != 50 && rng.IntN(4) > 0 {
						m |= 1 << l
					}
				}
				switch rng.IntN(4) {
				case 0:
					m = 0
				case 1:
					if i := base + shift[r]; i >= 0 && i+width <= 50 {
						m = uint32(1)<<width - 1
					}
				}
				mask[midx[r]] = m
			}
			dst := make([]float32, rows*width+3)
			for i := range dst {
				dst[i] = 42
			}
			PackRows(dst, plane, base, shift, mask, midx, width)
			for r := 0; r < rows; r++ {
				for l := 0; l < width; l++ {
					want := float32(0)
					if mask[midx[r]]>>l&1 != 0 {
						want = plane[base+shift[r]+l]
					}
					if got := dst[r*width+l]; got != want {
						t.Fatalf("width %d row %d lane %d (shift %d, mask %b): got %v, want %v", width, r, l, shift[r], mask[midx[r]], got, want)
					}
				}
			}
			for _, v := range dst[rows*width:] {
				if v != 42 {
					t.Fatalf("width %d: wrote past %d rows", width, rows)
				}
			}
		}
	}
}
