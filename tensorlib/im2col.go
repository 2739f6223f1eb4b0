package tensorlib

import "github.com/gohooks/gohooks/internal/vmath"

// Unfolding (im2col) copies the taps of a sample's input plane into the
// rows of a column matrix, so that a convolution is a matrix product;
// folding (col2im) adds a column matrix's gradient back into the plane.
// Stride 1 with "same" output width goes by shifted rows, a horizontal
// stride of 2 with several taps a row through even and odd column planes,
// the rest row by row.

// validRange returns the outputs o in [lo, hi) of a row of n outputs whose
// input position o*stride + off falls inside [0, size).
func validRange(n, stride, off, size int) (lo, hi int) {
	if off < 0 {
		lo = (-off + stride - 1) / stride
	}
	if size-1-off < 0 {
		return 0, 0
	}
	hi = min((size-1-off)/stride+1, n)
	if lo > hi {
		return 0, 0
	}
	return lo, hi
}

// im2col unfolds one channel of one sample, plane [h, w], into the kh·kw
// rows of a column matrix that start at col[0], ld apart: row (i, j) holds
// in its first oh·ow places the input each output position sees through
// kernel tap (i, j), zero in the padding. Every one of those places is
// written.
func im2col(g *convGeom, plane, col []float32, ld int, tmp []float32) {
	switch {
	case g.shifted():
		im2colShifted(g, plane, col, ld)
	case g.evenOdd() && tmp != nil:
		im2colStride2(g, plane, col, ld, tmp)
	default:
		im2colRows(g, plane, col, ld)
	}
}

// evenOdd reports whether im2col and col2im go through even and odd
// column planes: a horizontal stride of 2 and several taps a row, which
// then share the split (a 1×1 kernel reads a quarter of the plane, and
// splitting it all costs more than it saves).
func (g *convGeom) evenOdd() bool {
	return g.sw == 2 && g.kw > 1 && !g.shifted()
}

// im2colStride2 is im2col for a horizontal stride of 2. It first splits
// the plane's even and odd columns into two planes in tmp (h·w floats), so
// that each tap's output row is one contiguous copy from one of them
// instead of a loop over every other element: ResNet's stride-2 layers
// unfolded at about 3 ns an element that way.
func im2colStride2(g *convGeom, plane, col []float32, ld int, tmp []float32) {
	we, wo := (g.w+1)/2, g.w/2
	even, odd := tmp[:g.h*we], tmp[g.h*we:g.h*(we+wo)]
	for y := 0; y < g.h; y++ {
		r := plane[y*g.w:][:g.w]
		e, o := even[y*we:][:we], odd[y*wo:][:wo]
		for k := range o {
			e[k], o[k] = r[2*k], r[2*k+1]
		}
		if we > wo {
			e[wo] = r[g.w-1]
		}
	}
	for i := 0; i < g.kh; i++ {
		for j := 0; j < g.kw; j++ {
			row := col[(i*g.kw+j)*ld:][:g.p]
			xoff := j*g.dw - g.pw
			lo, hi := validRange(g.ow, 2, xoff, g.w)
			// Input column 2·ox + xoff is column ox + m of the even plane
			// (xoff = 2m) or of the odd one (xoff = 2m+1).
			src, wp, m := even, we, xoff>>1
			if xoff&1 != 0 {
				src, wp = odd, wo
			}
			for oy := 0; oy < g.oh; oy++ {
				dst := row[oy*g.ow : (oy+1)*g.ow]
				iy := oy*g.sh - g.ph + i*g.dh
				if iy < 0 || iy >= g.h || lo == hi {
					clear(dst)
					continue
				}
				clear(dst[:lo])
				clear(dst[hi:])
				copy(dst[lo:hi], src[iy*wp+lo+m:iy*wp+hi+m])
			}
		}
	}
}

// im2colRows is im2col for any geometry, one output row at a time.
func im2colRows(g *convGeom, plane, col []float32, ld int) {
	for i := 0; i < g.kh; i++ {
		for j := 0; j < g.kw; j++ {
			row := col[(i*g.kw+j)*ld:][:g.p]
			xoff := j*g.dw - g.pw
			lo, hi := validRange(g.ow, g.sw, xoff, g.w)
			for oy := 0; oy < g.oh; oy++ {
				dst := row[oy*g.ow : (oy+1)*g.ow]
				iy := oy*g.sh - g.ph + i*g.dh
				if iy < 0 || iy >= g.h || lo == hi {
					clear(dst)
					continue
				}
				clear(dst[:lo])
				clear(dst[hi:])
				src := plane[iy*g.w : (iy+1)*g.w]
				if g.sw == 1 {
					copy(dst[lo:hi], src[lo+xoff:hi+xoff])
					continue
				}
				d, sw := dst[lo:hi], g.sw
				s := src[lo*sw+xoff : (hi-1)*sw+xoff+1]
				for k := range d {
					d[k] = s[k*sw]
				}
			}
		}
	}
}

// col2im is the adjoint of im2col: it adds each element of the kh·kw rows
// at col (ld apart) into the input position it was read from, so taps that
// share an input add up. It may overwrite the padding places of col.
func col2im(g *convGeom, col []float32, ld int, plane, tmp []float32) {
	switch {
	case g.shifted():
		col2imShifted(g, col, ld, plane)
	case g.evenOdd() && tmp != nil:
		col2imStride2(g, col, ld, plane, tmp)
	default:
		col2imRows(g, col, ld, plane)
	}
}

// col2imStride2 is col2im for a horizontal stride of 2, the adjoint of
// im2colStride2: each tap's rows add into even and odd column planes in
// tmp (h·w floats), which then add into the plane's columns.
func col2imStride2(g *convGeom, col []float32, ld int, plane, tmp []float32) {
	we, wo := (g.w+1)/2, g.w/2
	even, odd := tmp[:g.h*we], tmp[g.h*we:g.h*(we+wo)]
	clear(tmp[:g.h*(we+wo)])
	for i := 0; i < g.kh; i++ {
		for j := 0; j < g.kw; j++ {
			row := col[(i*g.kw+j)*ld:][:g.p]
			xoff := j*g.dw - g.pw
			lo, hi := validRange(g.ow, 2, xoff, g.w)
			if lo == hi {
				continue
			}
			dst, wp, m := even, we, xoff>>1
			if xoff&1 != 0 {
				dst, wp = odd, wo
			}
			for oy := 0; oy < g.oh; oy++ {
				iy := oy*g.sh - g.ph + i*g.dh
				if iy < 0 || iy >= g.h {
					continue
				}
				d := dst[iy*wp+lo+m : iy*wp+hi+m]
				vmath.Add(d, d, row[oy*g.ow+lo:oy*g.ow+hi])
			}
		}
	}
	for y := 0; y < g.h; y++ {
		r := plane[y*g.w:][:g.w]
		e, o := even[y*we:][:we], odd[y*wo:][:wo]
		for k := range o {
			r[2*k] += e[k]
			r[2*k+1] += o[k]
		}
		if we > wo {
			r[g.w-1] += e[wo]
		}
	}
}

// col2imRows is col2im for any geometry, one output row at a time.
func col2imRows(g *convGeom, col []float32, ld int, plane []float32) {
	for i := 0; i < g.kh; i++ {
		for j := 0; j < g.kw; j++ {
			row := col[(i*g.kw+j)*ld:][:g.p]
			xoff := j*g.dw - g.pw
			lo, hi := validRange(g.ow, g.sw, xoff, g.w)
			if lo == hi {
				continue
			}
			for oy := 0; oy < g.oh; oy++ {
				iy := oy*g.sh - g.ph + i*g.dh
				if iy < 0 || iy >= g.h {
					continue
				}
				src := row[oy*g.ow : (oy+1)*g.ow]
				dst := plane[iy*g.w : (iy+1)*g.w]
				if g.sw == 1 {
					d := dst[lo+xoff : hi+xoff]
					vmath.Add(d, d, src[lo:hi])
					continue
				}
				s, sw := src[lo:hi], g.sw
				d := dst[lo*sw+xoff : (hi-1)*sw+xoff+1]
				for k, v := range s {
					d[k*sw] += v
				}
			}
		}
	}
}

// shifted reports whether every row of the column matrix is its input
// plane shifted by a constant offset: stride 1 and an output as wide as the
// input (a "same" convolution), so that output position q of a tap reads
// input position q + shift wherever it reads the input at all. Whole rows
// then move with one copy instead of one per output row.
func (g *convGeom) shifted() bool {
	return g.sh == 1 && g.sw == 1 && g.ow == g.w
}

// tapRange returns, for kernel tap (i, j), the shift from output to input
// position and the output positions [a, b) from the first to the last that
// read the input; between them, the columns outside [lo, hi) of each row
// read padding. ok is false when the tap reads only padding.
func (g *convGeom) tapRange(i, j int) (shift, a, b, lo, hi int, ok bool) {
	yoff, xoff := i*g.dh-g.ph, j*g.dw-g.pw
	ylo, yhi := validRange(g.oh, 1, yoff, g.h)
	lo, hi = validRange(g.ow, 1, xoff, g.w)
	if ylo >= yhi || lo >= hi {
		return 0, 0, 0, 0, 0, false
	}
	return yoff*g.w + xoff, ylo*g.ow + lo, (yhi-1)*g.ow + hi, lo, hi, true
}

// clearGaps zeroes, in a column row that is valid from a to b, the padding
// columns between consecutive valid rows: the end of one row and the start
// of the next are adjacent in memory.
func clearGaps(g *convGeom, row []float32, a, b, lo, hi int) {
	if lo == 0 && hi == g.ow {
		return
	}
	w := g.ow - hi + lo
	if w == 1 {
		// One column of padding (3×3 kernels with padding 1): a store
		// per row, without a slice and a loop around it.
		for end := a - lo + hi; end < b; end += g.ow {
			row[end] = 0
		}
		return
	}
	for end := a - lo + hi; end < b; end += g.ow {
		clear(row[end : end+w])
	}
}

func im2colShifted(g *convGeom, plane, col []float32, ld int) {
	for i := 0; i < g.kh; i++ {
		for j := 0; j < g.kw; j++ {
			row := col[(i*g.kw+j)*ld:][:g.p]
			shift, a, b, lo, hi, ok := g.tapRange(i, j)
			if !ok {
				clear(row)
				continue
			}
			clear(row[:a])
			copy(row[a:b], plane[a+shift:b+shift])
			clear(row[b:])
			clearGaps(g, row, a, b, lo, hi)
		}
	}
}

// col2imShifted is col2im for shifted geometries. It zeroes the padding
// columns of col (a scratch buffer) so that each tap adds into the input
// with one loop.
func col2imShifted(g *convGeom, col []float32, ld int, plane []float32) {
	for i := 0; i < g.kh; i++ {
		for j := 0; j < g.kw; j++ {
			row := col[(i*g.kw+j)*ld:][:g.p]
			shift, a, b, lo, hi, ok := g.tapRange(i, j)
			if !ok {
				continue
			}
			clearGaps(g, row, a, b, lo, hi)
			d := plane[a+shift : b+shift]
			vmath.Add(d, d, row[a:b])
		}
	}
}

// convGradChunks is how many partial sums a convolution's weight gradient
// is added from when its blocks run side by side: as many as 2 cores made
// before, so memory is as it was there, whatever the number of cores.
const convGradChunks = 8
