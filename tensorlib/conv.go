package tensorlib

import (
	"fmt"
	"runtime"

	"github.com/gohooks/gohooks/internal/gemm"
	"github.com/gohooks/gohooks/internal/interrupt"
)

// ConvOptions are the settings of Conv2d. A zero field means PyTorch's
// default: stride 1, padding 0, dilation 1, groups 1. Each [2]int holds the
// height setting first, then the width setting; a zero in one of them takes
// the default for that direction alone.
type ConvOptions struct {
	Stride   [2]int
	Padding  [2]int
	Dilation [2]int
	Groups   int
}

// convGeom is one convolution's sizes, checked.
type convGeom struct {
	n, c, h, w   int // input
	cout, kh, kw int // weight
	sh, sw       int // stride
	ph, pw       int // padding
	dh, dw       int // dilation
	groups       int
	oh, ow       int // output plane
	cinG, coutG  int // channels per group
	k            int // rows of a group's column matrix: cinG*kh*kw
	p            int // columns of a column matrix: oh*ow
}

// direct reports whether the column matrix of a group is the group's input
// itself (a 1×1 kernel with stride 1 and no padding), so im2col is skipped.
func (g *convGeom) direct() bool {
	return g.kh == 1 && g.kw == 1 && g.sh == 1 && g.sw == 1 && g.ph == 0 && g.pw == 0
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func convGeometry(x, w, b *Tensor, opt ConvOptions) convGeom {
	if x.Dim() != 4 {
		panic(fmt.Sprintf("tensorlib: Conv2d: input of shape %v is not [N C H W] (or [C H W])", x.shape))
	}
	if w.Dim() != 4 {
		panic(fmt.Sprintf("tensorlib: Conv2d: weight of shape %v is not [Cout Cin/groups kH kW]", w.shape))
	}
	g := convGeom{
		n: x.shape[0], c: x.shape[1], h: x.shape[2], w: x.shape[3],
		cout: w.shape[0], kh: w.shape[2], kw: w.shape[3],
		sh: orDefault(opt.Stride[0], 1), sw: orDefault(opt.Stride[1], 1),
		ph: opt.Padding[0], pw: opt.Padding[1],
		dh: orDefault(opt.Dilation[0], 1), dw: orDefault(opt.Dilation[1], 1),
		groups: orDefault(opt.Groups, 1),
	}
	if g.sh < 0 || g.sw < 0 || g.ph < 0 || g.pw < 0 || g.dh < 0 || g.dw < 0 || g.groups < 0 {
		panic(fmt.Sprintf("tensorlib: Conv2d: negative option (stride %v, padding %v, dilation %v, groups %d)", opt.Stride, opt.Padding, opt.Dilation, opt.Groups))
	}
	if g.c%g.groups != 0 || g.cout%g.groups != 0 {
		panic(fmt.Sprintf("tensorlib: Conv2d: %d input and %d output channels are not divisible by %d groups", g.c, g.cout, g.groups))
	}
	if g.kh == 0 || g.kw == 0 {
		panic(fmt.Sprintf("tensorlib: Conv2d: weight of shape %v has an empty kernel", w.shape))
	}
	g.cinG, g.coutG = g.c/g.groups, g.cout/g.groups
	if w.shape[1] != g.cinG {
		panic(fmt.Sprintf("tensorlib: Conv2d: weight of shape %v does not fit input of shape %v with %d groups (%d != %d input channels per group)", w.shape, x.shape, g.groups, w.shape[1], g.cinG))
	}
	if b != nil && (b.Dim() != 1 || b.shape[0] != g.cout) {
		panic(fmt.Sprintf("tensorlib: Conv2d: bias of shape %v for %d output channels", b.shape, g.cout))
	}
	g.oh = (g.h+2*g.ph-g.dh*(g.kh-1)-1)/g.sh + 1
	g.ow = (g.w+2*g.pw-g.dw*(g.kw-1)-1)/g.sw + 1
	if g.h+2*g.ph-g.dh*(g.kh-1)-1 < 0 || g.w+2*g.pw-g.dw*(g.kw-1)-1 < 0 {
		panic(fmt.Sprintf("tensorlib: Conv2d: kernel %dx%d (dilation %v) is larger than the padded input %dx%d", g.kh, g.kw, [2]int{g.dh, g.dw}, g.h+2*g.ph, g.w+2*g.pw))
	}
	g.k = g.cinG * g.kh * g.kw
	g.p = g.oh * g.ow
	return g
}

// Conv2d is the 2-D cross-correlation of PyTorch's torch.nn.functional.conv2d:
// x is [N, Cin, H, W] (or unbatched [Cin, H, W]), w is
// [Cout, Cin/groups, kH, kW] and b, which may be nil, is [Cout]. Padding is
// with zeros; the output is [N, Cout, oH, oW] with
//
//	oH = (H + 2*padding - dilation*(kH-1) - 1)/stride + 1
//
// and likewise for the width. Each sample is unfolded (im2col) into a
// matrix whose product with the weight is the output, so the work is one
// matrix product per sample and group; when those products are too small
// to keep every core busy, the samples are shared among GOMAXPROCS
// goroutines. Backward computes only the gradients of the operands that
// require grad, with two more products per sample. The gradient node is
// ConvolutionBackward0 (for unbatched input, SqueezeBackward1 above it, as
// in PyTorch). A long convolution stops at the next sample when the user
// interrupts.
func Conv2d(x, w, b *Tensor, opt ConvOptions) *Tensor {
	if x.Dim() == 3 {
		y := Conv2d(viewRecorded("UnsqueezeBackward0", x, append([]int{1}, x.shape...)), w, b, opt)
		return viewRecorded("SqueezeBackward1", y, y.shape[1:])
	}
	g := convGeometry(x, w, b, opt)
	out := newBuf(g.n * g.cout * g.p)
	var bias []float32
	if b != nil {
		bias = b.data
	}
	convForward(&g, x.data, w.data, bias, out)
	y := fromData(out, []int{g.n, g.cout, g.oh, g.ow})
	needX, needW, needB := x.requiresGrad, w.requiresGrad, b != nil && b.requiresGrad
	return record("ConvolutionBackward0", y, []*Tensor{x, w, b}, func(gy *Tensor) []*Tensor {
		gx, gw, gb := convBackward(&g, x, w, gy.data, needX, needW, needB)
		return []*Tensor{gx, gw, gb}
	})
}

// convForward computes out = conv(x, w) + bias.
func convForward(g *convGeom, x, w, bias, out []float32) {
	workers := sampleWorkers(g.n, 2*g.cout*g.k*g.p)
	cols := make([][]float32, workers)
	runSamples(g.n, workers, func(worker, s int) {
		if cols[worker] == nil && !g.direct() {
			cols[worker] = make([]float32, g.k*g.p)
		}
		col := cols[worker]
		ys := out[s*g.cout*g.p : (s+1)*g.cout*g.p]
		if bias != nil {
			for co := 0; co < g.cout; co++ {
				fill(ys[co*g.p:(co+1)*g.p], bias[co])
			}
		}
		beta := float32(0)
		if bias != nil {
			beta = 1
		}
		xs := x[s*g.c*g.h*g.w : (s+1)*g.c*g.h*g.w]
		for gi := 0; gi < g.groups; gi++ {
			xg := xs[gi*g.cinG*g.h*g.w : (gi+1)*g.cinG*g.h*g.w]
			if g.direct() {
				col = xg
			} else {
				im2col(g, xg, col)
			}
			gemm.Sgemm(false, false, g.coutG, g.p, g.k,
				1, w[gi*g.coutG*g.k:(gi+1)*g.coutG*g.k], g.k,
				col, g.p,
				beta, ys[gi*g.coutG*g.p:(gi+1)*g.coutG*g.p], g.p)
		}
	})
}

// convBackward returns the gradients of x, w and the bias for the output
// gradient gy, computing only those asked for.
func convBackward(g *convGeom, x, w *Tensor, gy []float32, needX, needW, needB bool) (gx, gw, gb *Tensor) {
	var dx []float32
	if needX {
		dx = zeroBuf(len(x.data))
	}
	workers := sampleWorkers(g.n, 4*g.cout*g.k*g.p)
	// The weight and bias gradients are sums over samples. Each chunk of
	// samples sums its own, and the chunks add up in order at the end, so
	// the result does not depend on which goroutine ran which chunk. The
	// chunks do not depend on the number of cores either (they were 4 per
	// goroutine, or 1 on one core): a seeded training gives the same
	// numbers on any machine.
	chunks := min(g.n, convGradChunks)
	type scratch struct{ col, dcol []float32 }
	type partial struct {
		dw []float32
		db []float64
	}
	bufs := make([]scratch, workers)
	parts := make([]partial, chunks)
	runSamples(chunks, workers, func(worker, chunk int) {
		buf, pt := &bufs[worker], &parts[chunk]
		if buf.col == nil && !g.direct() {
			buf.col = make([]float32, g.k*g.p)
			buf.dcol = make([]float32, g.k*g.p)
		}
		if needW {
			pt.dw = make([]float32, len(w.data))
		}
		if needB {
			pt.db = make([]float64, g.cout)
		}
		for s := g.n * chunk / chunks; s < g.n*(chunk+1)/chunks; s++ {
			interrupt.Check()
			convBackwardSample(g, x.data, w.data, gy, s, dx, buf.col, buf.dcol, pt.dw, pt.db)
		}
	})
	if needX {
		gx = fromData(dx, x.shape)
	}
	if needW {
		dw := make([]float32, len(w.data))
		for _, pt := range parts {
			addInto(dw, pt.dw)
		}
		gw = fromData(dw, w.shape)
	}
	if needB {
		db := make([]float32, g.cout)
		for co := range db {
			var s float64
			for _, pt := range parts {
				s += pt.db[co]
			}
			db[co] = float32(s)
		}
		gb = fromData(db, []int{g.cout})
	}
	return gx, gw, gb
}

// convBackwardSample adds sample s's share of the gradients: its input
// gradient into dx, its weight gradient into dw and its bias gradient into
// db; a nil destination is not computed. col and dcol are scratch buffers.
func convBackwardSample(g *convGeom, x, w, gy []float32, s int, dx, col, dcol, dw []float32, db []float64) {
	gys := gy[s*g.cout*g.p : (s+1)*g.cout*g.p]
	if db != nil {
		for co := 0; co < g.cout; co++ {
			db[co] += sum64(gys[co*g.p : (co+1)*g.p])
		}
	}
	plane := g.cinG * g.h * g.w
	off := s * g.c * g.h * g.w
	for gi := 0; gi < g.groups; gi++ {
		gyg := gys[gi*g.coutG*g.p : (gi+1)*g.coutG*g.p]
		wg := w[gi*g.coutG*g.k : (gi+1)*g.coutG*g.k]
		lo, hi := off+gi*plane, off+(gi+1)*plane
		if dw != nil {
			c := col
			if g.direct() {
				c = x[lo:hi]
			} else {
				im2col(g, x[lo:hi], c)
			}
			gemm.Sgemm(false, true, g.coutG, g.k, g.p,
				1, gyg, g.p, c, g.p,
				1, dw[gi*g.coutG*g.k:(gi+1)*g.coutG*g.k], g.k)
		}
		if dx != nil {
			if g.direct() {
				gemm.Sgemm(true, false, g.k, g.p, g.coutG, 1, wg, g.k, gyg, g.p, 0, dx[lo:hi], g.p)
			} else {
				gemm.Sgemm(true, false, g.k, g.p, g.coutG, 1, wg, g.k, gyg, g.p, 0, dcol, g.p)
				col2im(g, dcol, dx[lo:hi])
			}
		}
	}
}

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

// im2col unfolds one group of one sample, x of shape [cinG, h, w], into col
// of shape [cinG*kh*kw, oh*ow]: row (c, i, j) holds the input each output
// position sees through kernel tap (i, j) of channel c, zero in the padding.
// Every element of col is written.
func im2col(g *convGeom, x, col []float32) {
	if g.shifted() {
		im2colShifted(g, x, col)
	} else {
		im2colRows(g, x, col)
	}
}

// im2colRows is im2col for any geometry, one output row at a time.
func im2colRows(g *convGeom, x, col []float32) {
	hw := g.h * g.w
	for c := 0; c < g.cinG; c++ {
		plane := x[c*hw : (c+1)*hw]
		for i := 0; i < g.kh; i++ {
			for j := 0; j < g.kw; j++ {
				r := (c*g.kh+i)*g.kw + j
				row := col[r*g.p : (r+1)*g.p]
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
					} else {
						for ox := lo; ox < hi; ox++ {
							dst[ox] = src[ox*g.sw+xoff]
						}
					}
				}
			}
		}
	}
}

// col2im is the adjoint of im2col: it adds each element of col into the
// input position it was read from, so taps that share an input add up.
func col2im(g *convGeom, col, x []float32) {
	if g.shifted() {
		col2imShifted(g, col, x)
	} else {
		col2imRows(g, col, x)
	}
}

// col2imRows is col2im for any geometry, one output row at a time.
func col2imRows(g *convGeom, col, x []float32) {
	hw := g.h * g.w
	for c := 0; c < g.cinG; c++ {
		plane := x[c*hw : (c+1)*hw]
		for i := 0; i < g.kh; i++ {
			for j := 0; j < g.kw; j++ {
				r := (c*g.kh+i)*g.kw + j
				row := col[r*g.p : (r+1)*g.p]
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
						s := src[lo:hi]
						for k := range d {
							d[k] += s[k]
						}
					} else {
						for ox := lo; ox < hi; ox++ {
							dst[ox*g.sw+xoff] += src[ox]
						}
					}
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

func im2colShifted(g *convGeom, x, col []float32) {
	hw := g.h * g.w
	for c := 0; c < g.cinG; c++ {
		plane := x[c*hw : (c+1)*hw]
		for i := 0; i < g.kh; i++ {
			for j := 0; j < g.kw; j++ {
				r := (c*g.kh+i)*g.kw + j
				row := col[r*g.p : (r+1)*g.p]
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
}

// col2imShifted is col2im for shifted geometries. It zeroes the padding
// columns of col (a scratch buffer) so that each tap adds into the input
// with one loop.
func col2imShifted(g *convGeom, col, x []float32) {
	hw := g.h * g.w
	for c := 0; c < g.cinG; c++ {
		plane := x[c*hw : (c+1)*hw]
		for i := 0; i < g.kh; i++ {
			for j := 0; j < g.kw; j++ {
				r := (c*g.kh+i)*g.kw + j
				row := col[r*g.p : (r+1)*g.p]
				shift, a, b, lo, hi, ok := g.tapRange(i, j)
				if !ok {
					continue
				}
				clearGaps(g, row, a, b, lo, hi)
				d := plane[a+shift : b+shift]
				s := row[a:b]
				for k := range d {
					d[k] += s[k]
				}
			}
		}
	}
}

// convGradChunks is how many partial sums a convolution's weight and bias
// gradients are added from: as many as 2 cores made before, so memory is
// as it was there, whatever the number of cores.
const convGradChunks = 8

// sampleFlops is the per-sample work (in flops) below which the matrix
// products run on one core, so the batch is split across cores instead.
const sampleFlops = 2 * 96 * 96 * 96

// sampleWorkers returns how many goroutines should share n samples that
// cost flops each: one when the batch is too small to pay for the others,
// or when each sample's matrix products are large enough to use every core
// on their own.
func sampleWorkers(n, flops int) int {
	procs := runtime.GOMAXPROCS(0)
	if procs < 2 || n < 2 || flops >= sampleFlops || n*flops < 1<<18 {
		return 1
	}
	return min(procs, n)
}
