package gemm

// PackTaps packs len(shift) rows of one sliver of an unfolded image, width
// floats each, into dst (row t at dst[t·width]): lane l of row t is
// plane[base+shift[t]+l] where bit l of mask[t·maskStride] is set, and
// zero where it is clear. Lanes whose bit is clear are not read, so they
// may lie outside plane; the caller guarantees that the others lie inside
// (a convolution's tables say which output positions a kernel tap reads
// from the plane and which from its zero padding). width is at most 32.
//
// With the AVX2 kernels (width 16) the lanes move with masked vector loads;
// unfolding a convolution's input this way costs about what packing the
// column matrix did, without writing and reading that matrix first.
func PackTaps(dst, plane []float32, base int, shift []int, mask []uint32, maskStride, width int) {
	rows := len(shift)
	if rows == 0 {
		return
	}
	if width > 32 || len(dst) < rows*width || len(mask) < (rows-1)*maskStride+1 {
		panic("gemm: PackTaps: width over 32 or short dst or mask")
	}
	if width == 16 && packTapsAsm {
		packTapsAVX2(&dst[0], &plane[0], base, &shift[0], &mask[0], maskStride, rows)
		return
	}
	for t, sh := range shift {
		d := dst[t*width:][:width]
		m := mask[t*maskStride]
		off := base + sh
		for l := range d {
			if m>>l&1 != 0 {
				d[l] = plane[off+l]
			} else {
				d[l] = 0
			}
		}
	}
}
