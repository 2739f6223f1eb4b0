package gemm

// PackRows packs len(offs) rows of one sliver of an unfolded image, width
// floats each, into dst (row r at dst[r·width]): lane l of row r is
// x[base+offs[r]+l] where bit l of masks[midx[r]] is set, and zero where
// it is clear. Lanes whose bit is clear are not read, so they may lie
// outside x; the caller guarantees that the others lie inside (a
// convolution's tables say which output positions a kernel tap reads from
// the plane and which from its zero padding). width is at most 32.
//
// With the AVX2 kernels (width 16) the lanes move with masked vector loads;
// unfolding a convolution's input this way costs about what packing the
// column matrix did, without writing and reading that matrix first.
func PackRows(dst, x []float32, base int, offs []int, masks []uint32, midx []int, width int) {
	rows := len(offs)
	if rows == 0 {
		return
	}
	if width > 32 || len(dst) < rows*width || len(midx) < rows {
		panic("gemm: PackRows: width over 32, or short dst or midx")
	}
	if width == 16 && packRowsAsm {
		packRowsAVX2(&dst[0], &x[0], base, &offs[0], &masks[0], &midx[0], rows)
		return
	}
	for r, off := range offs {
		d := dst[r*width:][:width]
		m := masks[midx[r]]
		off += base
		for l := range d {
			if m>>l&1 != 0 {
				d[l] = x[off+l]
			} else {
				d[l] = 0
			}
		}
	}
}

// PackColT8 packs 8 rows of an unfolded image, transposed: for blocks
// blocks of 8 steps, step j of block b (8(v0+b)+j from the start of the
// rows) goes to dst[(8b+j)·16 : +8], lane r holding x[base+offs[r]+8(v0+b)+j]
// where bit j of masks[midx[r]+v0+b] is set, and zero where it is clear.
// Only the selected lanes are read. It fills half of the 16-wide slivers
// of B in a product with an image's column matrix transposed (a
// convolution's weight gradient): the 8 rows are 8 columns of that B.
func PackColT8(dst, x []float32, base int, offs, midx *[8]int, masks []uint32, v0, blocks int) {
	if blocks <= 0 {
		return
	}
	if len(dst) < (8*blocks-1)*16+8 {
		panic("gemm: PackColT8: short dst")
	}
	if packRowsAsm {
		packColT8AVX2(&dst[0], &x[0], base, &offs[0], &midx[0], &masks[0], v0, blocks)
		return
	}
	for b := 0; b < blocks; b++ {
		v := v0 + b
		for j := 0; j < 8; j++ {
			d := dst[(8*b+j)*16:][:8]
			for r := range d {
				if masks[midx[r]+v]>>j&1 != 0 {
					d[r] = x[base+offs[r]+8*v+j]
				} else {
					d[r] = 0
				}
			}
		}
	}
}
