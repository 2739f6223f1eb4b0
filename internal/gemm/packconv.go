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
