package gemm

import "math/bits"

// The packers below serve convolutions that pack the panels of their
// unfolded input (the column matrix) straight from the image (see PackB).
// A row of the column matrix is one input plane shifted by a constant,
// with zeros where the kernel tap reads padding, and its columns are the
// output positions of several samples side by side, so one sliver of a
// packed panel is, per sample it covers, a contiguous run of the plane
// with some lanes cleared. The packers take the lanes to read as bit
// masks and never read the others: a sliver at the edge of a plane may
// start before it or end past it.
//
// The rules, for callers:
//
//   - Only lanes whose mask bit is set are read; the caller guarantees
//     that those lie inside x. Lanes with no bit set are written as zero.
//   - The masks of one row's segments are disjoint, so each lane has at
//     most one source, and the result is the same bits whichever code
//     runs (the assembly moves values; it never adds them).
//   - With the AVX-512 kernels (width 32) the lanes move with masked
//     zeroing and merging loads (K registers); with the AVX2 kernels
//     (width 16) with VMASKMOVPS, as do the transposed 8×8 blocks of
//     PackColT8 on both; other widths and CPUs run the loops in Go. The
//     tests compare each assembly path with the Go one.

// PackRows packs len(offs) rows of one sliver of an unfolded image, width
// floats each, into dst (row r at dst[r·width]). The sliver's lanes come
// from len(bases) segments (runs of consecutive samples' planes): lane l
// of row r is x[bases[g]+offs[r]+l] for the segment g whose mask
// masks[g·mstride+midx[r]] has bit l set, and zero where no segment's bit
// is set. A segment's base is its sample's first position read minus the
// lane it goes to, so that lane l always reads offs[r]+l past it. width is
// at most 32; there is at least one segment.
//
// Unfolding a convolution's input this way costs about what packing the
// column matrix did, without writing and reading that matrix first.
func PackRows(dst, x []float32, bases, offs []int, masks []uint32, mstride int, midx []int, width int) {
	rows := len(offs)
	if rows == 0 {
		return
	}
	segs := len(bases)
	if width > 32 || segs == 0 || len(dst) < rows*width || len(midx) < rows {
		panic("gemm: PackRows: width over 32, no segment, or short dst or midx")
	}
	switch {
	case width == 32 && packRows512():
		packRowsAVX512(&dst[0], &x[0], &bases[0], segs, &offs[0], &masks[0], mstride, &midx[0], rows)
	case width == 16 && packRowsAsm():
		packRowsAVX2(&dst[0], &x[0], &bases[0], segs, &offs[0], &masks[0], mstride, &midx[0], rows)
	default:
		packRowsGo(dst, x, bases, offs, masks, mstride, midx, width)
	}
}

// packRowsGo is PackRows in Go, for any width up to 32.
func packRowsGo(dst, x []float32, bases, offs []int, masks []uint32, mstride int, midx []int, width int) {
	for r, off := range offs {
		d := dst[r*width:][:width]
		clear(d)
		for g, base := range bases {
			m := masks[g*mstride+midx[r]]
			for m != 0 {
				l := bits.TrailingZeros32(m)
				d[l] = x[base+off+l]
				m &= m - 1
			}
		}
	}
}

// PackColT8 packs 8 rows of an unfolded image transposed, for runs runs
// of steps floats of each: step k (0 ≤ k < steps) of run i goes to
// dst[(i·steps+k)·dstride : +8], lane r holding x[base+i·xstride+offs[r]+k]
// where bit k%8 of masks[midx[r]+k/8] is set, and zero where it is clear.
// Only the selected lanes of the steps asked for are read. It fills 8
// columns of the slivers of B in a product with an image's column matrix
// transposed (a convolution's weight gradient): the 8 rows are 8 columns
// of that B, dstride is the sliver width, and the runs are consecutive
// samples (xstride apart), whose masks are the same.
func PackColT8(dst []float32, dstride int, x []float32, base int, offs *[8]int, masks []uint32, midx *[8]int, steps, runs, xstride int) {
	if steps <= 0 || runs <= 0 {
		return
	}
	if dstride < 8 || len(dst) < (runs*steps-1)*dstride+8 {
		panic("gemm: PackColT8: stride below 8, or short dst")
	}
	last := (steps - 1) / 8 // the last block's mask
	for _, m := range midx {
		if m < 0 || m+last >= len(masks) {
			panic("gemm: PackColT8: masks out of range")
		}
	}
	if packRowsAsm() {
		packColT8AVX2(&dst[0], dstride, &x[0], base, &offs[0], &masks[0], &midx[0], steps, runs, xstride)
		return
	}
	for i := 0; i < runs; i++ {
		packColT8Go(dst[i*steps*dstride:], dstride, x, base+i*xstride, offs, masks, midx, steps)
	}
}

// packColT8Go is PackColT8 in Go, for one run.
func packColT8Go(dst []float32, dstride int, x []float32, base int, offs *[8]int, masks []uint32, midx *[8]int, steps int) {
	for k := 0; k < steps; k++ {
		d := dst[k*dstride:][:8]
		for r := range d {
			if masks[midx[r]+k>>3]>>(k&7)&1 != 0 {
				d[r] = x[base+offs[r]+k]
			} else {
				d[r] = 0
			}
		}
	}
}
