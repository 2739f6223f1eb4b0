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
//   - A vector load whose masked-off lanes fall on a page that is not
//     mapped, or not yet touched (fresh from the OS, or given back by the
//     scavenger), still reads right, but the CPU suppresses the fault
//     with a microcode assist at every such load: packing a panel of 10
//     rows by 64 columns took 2-3 µs instead of 0.3 µs on Zen 5 when the
//     tensor started a page after an untouched one. So the vector loads stay inside x:
//     PackColT8 packs the blocks that would leave it in Go, and PackRows'
//     callers give the rows that would leave it to PackRowsScalar.
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
// Each row is loaded as whole vectors of width floats from each segment's
// base, its masked-off lanes included: callers give the rows that would
// reach outside x to PackRowsScalar instead (see the rules above).
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

// PackRowsScalar is PackRows one lane at a time, each set lane read with
// its own load and no other lane touched: for the rows of a sliver that
// run past either end of x.
func PackRowsScalar(dst, x []float32, bases, offs []int, masks []uint32, mstride int, midx []int, width int) {
	if len(offs) == 0 {
		return
	}
	if width > 32 || len(bases) == 0 || len(dst) < len(offs)*width || len(midx) < len(offs) {
		panic("gemm: PackRowsScalar: width over 32, no segment, or short dst or midx")
	}
	packRowsGo(dst, x, bases, offs, masks, mstride, midx, width)
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
// samples (xstride apart), whose masks are the same. Blocks of 8 steps
// whose vector loads would reach outside x go through the Go loop (see
// the rules above).
func PackColT8(dst []float32, dstride int, x []float32, base int, offs *[8]int, masks []uint32, midx *[8]int, steps, runs, xstride int) {
	if steps <= 0 || runs <= 0 {
		return
	}
	if dstride < 8 || len(dst) < (runs*steps-1)*dstride+8 {
		panic("gemm: PackColT8: stride below 8, or short dst")
	}
	blocks := (steps + 7) / 8
	for _, m := range midx {
		if m < 0 || m+blocks > len(masks) {
			panic("gemm: PackColT8: masks out of range")
		}
	}
	if !packRowsAsm() {
		for i := 0; i < runs; i++ {
			packColT8Go(dst[i*steps*dstride:], dstride, x, base+i*xstride, offs, masks, midx, 0, steps)
		}
		return
	}
	lo, hi := offs[0], offs[0]
	for _, o := range offs[1:] {
		lo, hi = min(lo, o), max(hi, o)
	}
	first, last := base, base+(runs-1)*xstride
	if min(first, last)+lo >= 0 && max(first, last)+hi+8*blocks <= len(x) {
		packColT8AVX2(&dst[0], dstride, &x[0], base, &offs[0], &masks[0], &midx[0], steps, runs, xstride)
		return
	}
	// Run by run, the blocks [b0, b1) load inside x; those before b0
	// start before it and those from b1 on end past it.
	for i := 0; i < runs; i++ {
		d, b := dst[i*steps*dstride:], base+i*xstride
		b0, b1 := 0, blocks
		if b+lo < 0 {
			b0 = min(blocks, (-(b+lo)+7)/8)
		}
		if room := len(x) - (b + hi); room < 8*blocks {
			b1 = max(0, room) / 8
		}
		b1 = max(b0, b1)
		packColT8Go(d, dstride, x, b, offs, masks, midx, 0, min(steps, 8*b0))
		if k0, k1 := 8*b0, min(steps, 8*b1); k0 < k1 {
			var mid [8]int
			for r := range mid {
				mid[r] = midx[r] + b0
			}
			packColT8AVX2(&d[k0*dstride], dstride, &x[0], b+k0, &offs[0], &masks[0], &mid[0], k1-k0, 1, 0)
		}
		packColT8Go(d, dstride, x, b, offs, masks, midx, min(steps, 8*b1), steps)
	}
}

// packColT8Go is PackColT8 in Go for steps [k0, k1) of one run. Rows of
// blocks with no lane to read (mostly those of the taps that read padding
// before a plane, which PackColT8 sends here) are stores of zeros.
func packColT8Go(dst []float32, dstride int, x []float32, base int, offs *[8]int, masks []uint32, midx *[8]int, k0, k1 int) {
	for k := k0; k < k1; {
		b, n := k>>3, min(k1-k, 8-k&7) // steps of block b from k
		for r := range offs {
			m := masks[midx[r]+b] >> (k & 7)
			for j := range n {
				v := float32(0)
				if m>>j&1 != 0 {
					v = x[base+offs[r]+k+j]
				}
				dst[(k+j)*dstride+r] = v
			}
		}
		k += n
	}
}
