package gemm

import "github.com/gohooks/gohooks/internal/interrupt"

// useDot reports whether p is better done as dot products than packed:
// A·Bᵀ with both stored row by row along k, and C too small in area for
// packing to pay off (measured on Zen 5: dot products win up to 64×64
// outright, and up to 128×128 when k is long).
func useDot(kn *kernel, p *problem) bool {
	if kn.dot == nil || p.transA || !p.transB {
		return false
	}
	area := p.m * p.n
	return area <= 64*64 || (area <= 128*128 && p.k >= 512)
}

// dotProducts computes C = alpha*A·Bᵀ + beta*C when A is stored m×k and B
// n×k, so that every element of C is a dot product of two contiguous rows.
// The kernel takes a few rows of A and four of B and returns all their dot
// products; nothing is packed, which is what makes small products with
// a long k (weight gradients) fast. It reports false, leaving C partly
// updated, when an interrupt is requested.
func (ws *workspace) dotProducts(kn *kernel, p *problem) bool {
	var ap, bp [4]*float32
	out := ws.dot[:]
	for i0 := 0; i0 < p.m; i0 += kn.dotRows {
		if interrupt.Requested() {
			return false
		}
		rows := min(kn.dotRows, p.m-i0)
		// Missing rows repeat the last one; their sums are dropped.
		for r := range ap {
			ap[r] = &p.a[(i0+min(r, rows-1))*p.lda]
		}
		for j0 := 0; j0 < p.n; j0 += 4 {
			cols := min(4, p.n-j0)
			for c := range bp {
				bp[c] = &p.b[(j0+min(c, cols-1))*p.ldb]
			}
			kn.dot(p.k, ap[0], ap[1], ap[2], ap[3], bp[0], bp[1], bp[2], bp[3], &out[0])
			for r := 0; r < rows; r++ {
				row := p.c[(i0+r)*p.ldc+j0:][:cols]
				for c := range row {
					v := p.alpha * out[kn.dotLane[4*r+c]]
					if p.beta != 0 {
						v += p.beta * row[c]
					}
					row[c] = v
				}
			}
		}
	}
	return true
}

// naturalLanes and avx512Lanes say where a dot kernel leaves ai·bj: in
// order, or in the order the AVX-512 register reduction produces.
var (
	naturalLanes = &[16]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	avx512Lanes  = &[16]int{0, 2, 1, 3, 8, 10, 9, 11, 4, 6, 5, 7, 12, 14, 13, 15}
)
