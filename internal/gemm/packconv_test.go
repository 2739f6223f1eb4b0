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

// PackColT8 transposes 8 masked rows into steps of 16-float slivers,
// reading only the selected lanes and writing only its half of each step.
func TestPackColT8MatchesLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x := make([]float32, 300)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	for trial := 0; trial < 300; trial++ {
		blocks := 1 + rng.IntN(5)
		v0 := rng.IntN(3)
		base := rng.IntN(100)
		var offs, midx [8]int
		masks := make([]uint32, 40)
		for r := range offs {
			offs[r] = rng.IntN(120) - 60
			midx[r] = rng.IntN(len(masks) - v0 - blocks)
		}
		// Lanes inside x may be set; the masks are shared between rows,
		// so a lane is set only when it is inside x for every row using it.
		for i := range masks {
			masks[i] = uint32(rng.IntN(256))
		}
		for r := range offs {
			for b := 0; b < blocks; b++ {
				v := v0 + b
				for j := 0; j < 8; j++ {
					if i := base + offs[r] + 8*v + j; i < 0 || i >= len(x) {
						masks[midx[r]+v] &^= 1 << j
					}
				}
			}
		}
		dst := make([]float32, 8*blocks*16)
		for i := range dst {
			dst[i] = 42
		}
		PackColT8(dst, x, base, &offs, &midx, masks, v0, blocks)
		for b := 0; b < blocks; b++ {
			v := v0 + b
			for j := 0; j < 8; j++ {
				for l := 0; l < 16; l++ {
					want := float32(42)
					if l < 8 {
						want = 0
						if masks[midx[l]+v]>>j&1 != 0 {
							want = x[base+offs[l]+8*v+j]
						}
					}
					if got := dst[(8*b+j)*16+l]; got != want {
						t.Fatalf("trial %d block %d step %d lane %d: got %v, want %v", trial, b, j, l, got, want)
					}
				}
			}
		}
	}
}
