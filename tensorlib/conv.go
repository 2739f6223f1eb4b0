package tensorlib

import (
	"fmt"
	"runtime"
	"sync"

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
// matrix whose product with the weight is the output (for stride 1 and an
// output as wide as the input, the product packs that matrix straight from
// the input instead, and the input gradient is the convolution of the
// output gradient with the flipped weight; for stride 2 on even sizes,
// straight from the input's phase planes); samples with small
// output planes are unfolded side by side, so that one matrix product per
// group serves a block of several samples. When those products are too
// small to keep every core busy, the blocks are shared among GOMAXPROCS
// goroutines; otherwise each product uses every core. Backward computes
// only the gradients of the operands that require grad, with two more
// products per block; the weight gradient is the same bits on any number
// of cores. The gradient node is ConvolutionBackward0 (for unbatched
// input, SqueezeBackward1 above it, as in PyTorch). A long convolution
// stops at the next block when the user interrupts.
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

// A convolution works on blocks of consecutive samples: the column matrices
// of a block's samples sit side by side in one matrix of up to blockCols
// columns, so that the matrix products stay wide when the output planes are
// small (a plane of more than blockCols/2 outputs makes a block alone).
// ResNet's 4×4 layer at batch 32 then makes one product of 512
// columns instead of 32 of 16: the weight is packed once instead of 32
// times, and its gradient is one product of depth 512 instead of 32 of
// depth 16. Outputs of a block of several samples go through a scratch
// matrix [Cout, samples·oH·oW] and are copied into place.
//
// A block's column matrix also stays within blockFloats, so that it is
// still in cache when the products read it back: ResNet's 16×16 layer
// (K = 1152) at four samples a block unfolded into 4.7 MB and ran slower
// than one sample at a time.
const (
	blockCols   = 1024
	blockFloats = 1 << 19 // 2 MiB
)

// spreadFlops is the size of a block's product (2·Cout·K·columns) below
// which the blocks run side by side on GOMAXPROCS goroutines: the stem of
// ResNet (3.5 Mflop a sample) gains more from whole samples per core than
// from splitting each small product. Larger products are split across the
// cores by Sgemm, and the blocks run one after the other. The choice
// depends on the shape only, so that the weight gradient's sums are the
// same bits on any number of cores.
const spreadFlops = 2 * 200 * 200 * 200

// convBlocks is how a convolution cuts its batch.
type convBlocks struct {
	size   int  // samples per block; the last block may have fewer
	count  int  // blocks
	spread bool // blocks side by side on several goroutines
}

// blocks returns the blocking of the backward pass, or with forward set,
// of the forward pass. Forward, a block of several samples saves packing
// the weight (K values a column) again for each sample and costs a copy of
// the outputs (one value a column and output channel), so it pays only when
// K is at least the plane's size: not for the notebook CNN's 8→16
// convolution (K = 72, 196 outputs a plane), which multiplies each sample
// straight into its output.
func (g *convGeom) blocks(forward bool) convBlocks {
	if g.n == 0 {
		return convBlocks{}
	}
	size := min(g.n, max(1, min(blockCols/g.p, blockFloats/max(1, g.k*g.p))))
	if forward && (g.packed() || g.phased()) || !forward && (g.packedGrad() || g.phasedGrad() && g.phasedInputGrad()) {
		// No column matrix to keep in cache: the products pack from the
		// input (and backward, the input gradient is a convolution of
		// its own).
		size = min(g.n, max(1, blockCols/g.p))
	}
	if forward && g.k < g.p {
		size = 1
	}
	count := (g.n + size - 1) / size
	return convBlocks{size: size, count: count, spread: count > 1 && 2*g.cout*g.k*size*g.p < spreadFlops}
}

// samples returns the first sample of block b and its number of samples.
func (bl convBlocks) samples(b, n int) (s0, ns int) {
	s0 = b * bl.size
	return s0, min(bl.size, n-s0)
}

// workers returns how many goroutines share the blocks when they run side
// by side and each costs flops.
func (bl convBlocks) workers(flops int) int {
	procs := runtime.GOMAXPROCS(0)
	if procs < 2 || bl.count < 2 || bl.count*flops < 1<<18 {
		return 1
	}
	return min(procs, bl.count)
}

// convScratch holds one goroutine's matrices for a block: the column matrix
// (or the gradient of it) and a matrix of the block's outputs (or output
// gradients); or a flipped weight (flipWeight). Scratch is pooled: ResNet's
// column matrices and weights are megabytes.
type convScratch struct{ col, mat, flip []float32 }

var convScratches = sync.Pool{New: func() any { return new(convScratch) }}

func growScratch(x []float32, n int) []float32 {
	if cap(x) < n {
		return make([]float32, n)
	}
	return x[:n]
}

// minPart is the smallest share of a copy-like pass (in elements) worth
// handing to another goroutine.
const minPart = 1 << 14

// forParts calls fn over [0, n) in contiguous parts, on several goroutines
// when par is set and the pass touches enough elements.
func forParts(par bool, n, elements int, fn func(lo, hi int)) {
	parts := 1
	if par && runtime.GOMAXPROCS(0) > 1 {
		parts = min(n, elements/minPart, 4*runtime.GOMAXPROCS(0))
	}
	if parts <= 1 {
		fn(0, n)
		return
	}
	runSamples(parts, min(parts, runtime.GOMAXPROCS(0)), func(_, i int) {
		fn(n*i/parts, n*(i+1)/parts)
	})
}

// unfold writes the column matrix of samples [s0, s0+ns) into col: row r of
// channel c's taps holds sample s's columns at col[(c·kh·kw+r)·ld + s·p],
// ld = ns·p. The groups' matrices are stacked, group gi's starting at row
// gi·stride; a stride of K+1 leaves one more row after each group's, which
// is set to ones (the bias's row).
func unfold(g *convGeom, x []float32, s0, ns int, col []float32, stride int, par bool) {
	hw, ld := g.h*g.w, ns*g.p
	forParts(par, ns*g.c, ns*g.c*g.kh*g.kw*g.p, func(lo, hi int) {
		var tmp []float32
		if g.evenOdd() {
			tmp = make([]float32, hw)
		}
		for it := lo; it < hi; it++ {
			s, c := it/g.c, it%g.c
			row := c/g.cinG*stride + c%g.cinG*g.kh*g.kw
			im2col(g, x[((s0+s)*g.c+c)*hw:][:hw], col[row*ld+s*g.p:], ld, tmp)
		}
	})
	if stride > g.k {
		for gi := 0; gi < g.groups; gi++ {
			fill(col[(gi*stride+g.k)*ld:][:ld], 1)
		}
	}
}

// fold is unfold's adjoint: it adds the column gradient dcol of samples
// [s0, s0+ns) into their input gradient dx.
func fold(g *convGeom, dcol []float32, s0, ns int, dx []float32, par bool) {
	hw, ld := g.h*g.w, ns*g.p
	forParts(par, ns*g.c, ns*g.c*g.kh*g.kw*g.p, func(lo, hi int) {
		var tmp []float32
		if g.evenOdd() {
			tmp = make([]float32, hw)
		}
		for it := lo; it < hi; it++ {
			s, c := it/g.c, it%g.c
			col2im(g, dcol[c*g.kh*g.kw*ld+s*g.p:], ld, dx[((s0+s)*g.c+c)*hw:][:hw], tmp)
		}
	})
}

// blockRows copies between the [Cout, ns·p] matrix of a block and the
// [ns, Cout, p] planes of its samples: toBlock reads the planes.
func blockRows(g *convGeom, planes, m []float32, ns int, toBlock, par bool) {
	ld := ns * g.p
	forParts(par, ns, ns*g.cout*g.p, func(lo, hi int) {
		for s := lo; s < hi; s++ {
			for co := 0; co < g.cout; co++ {
				pl := planes[(s*g.cout+co)*g.p:][:g.p]
				row := m[co*ld+s*g.p:][:g.p]
				if toBlock {
					copy(row, pl)
				} else {
					copy(pl, row)
				}
			}
		}
	})
}

// convForward computes out = conv(x, w) + bias.
func convForward(g *convGeom, x, w, bias, out []float32) {
	bl := g.blocks(true)
	if g.phased() {
		x = phaseSplit(g, x)
	}
	// The bias joins the weight as one more column, multiplied by a row of
	// ones below each group's column matrix: the products then write the
	// outputs without reading them, instead of adding to outputs filled
	// with the bias first. Inputs used as they are have no row to spare.
	stride := g.k
	if bias != nil && !(bl.size == 1 && g.direct()) {
		stride = g.k + 1
		wb := make([]float32, g.cout*stride)
		for co := 0; co < g.cout; co++ {
			copy(wb[co*stride:], w[co*g.k:(co+1)*g.k])
			wb[co*stride+g.k] = bias[co]
		}
		w, bias = wb, nil
	}
	if !bl.spread {
		sc := convScratches.Get().(*convScratch)
		for b := 0; b < bl.count; b++ {
			interrupt.Check()
			forwardBlock(g, bl, b, x, w, stride, bias, out, sc, true)
		}
		convScratches.Put(sc)
		return
	}
	workers := bl.workers(2 * g.cout * g.k * bl.size * g.p)
	scs := make([]*convScratch, workers)
	runSamples(bl.count, workers, func(worker, b int) {
		if scs[worker] == nil {
			scs[worker] = convScratches.Get().(*convScratch)
		}
		forwardBlock(g, bl, b, x, w, stride, bias, out, scs[worker], false)
	})
	for _, sc := range scs {
		if sc != nil {
			convScratches.Put(sc)
		}
	}
}

// forwardBlock computes the outputs of block b from the weight w, whose
// rows (and groups' column matrices) are stride long: K, or K+1 when the
// bias is w's last column. par lets its passes use several goroutines.
func forwardBlock(g *convGeom, bl convBlocks, b int, x, w []float32, stride int, bias, out []float32, sc *convScratch, par bool) {
	s0, ns := bl.samples(b, g.n)
	ld := ns * g.p
	if g.packed() || g.phased() {
		// x is phaseSplit's for phased geometries.
		forwardPacked(g, s0, ns, x, w, stride, bias, out, sc, par)
		return
	}
	var col []float32
	if ns == 1 && g.direct() && stride == g.k {
		col = x[s0*g.c*g.h*g.w : (s0+1)*g.c*g.h*g.w]
	} else {
		sc.col = growScratch(sc.col, g.groups*stride*ld)
		col = sc.col
		unfold(g, x, s0, ns, col, stride, par)
	}
	y := out[s0*g.cout*g.p : (s0+ns)*g.cout*g.p]
	if ns > 1 {
		sc.mat = growScratch(sc.mat, g.cout*ld)
		y = sc.mat
	}
	beta := float32(0)
	if bias != nil {
		for co := 0; co < g.cout; co++ {
			fill(y[co*ld:(co+1)*ld], bias[co])
		}
		beta = 1
	}
	for gi := 0; gi < g.groups; gi++ {
		gemm.Sgemm(false, false, g.coutG, ld, stride,
			1, w[gi*g.coutG*stride:(gi+1)*g.coutG*stride], stride,
			col[gi*stride*ld:], ld,
			beta, y[gi*g.coutG*ld:], ld)
	}
	if ns > 1 {
		blockRows(g, out[s0*g.cout*g.p:], y, ns, false, par)
	}
}

// convBackward returns the gradients of x, w and the bias for the output
// gradient gy, computing only those asked for.
func convBackward(g *convGeom, x, w *Tensor, gy []float32, needX, needW, needB bool) (gx, gw, gb *Tensor) {
	var dx, dw []float32
	if gg, ok := g.inputGradGeom(); ok && needX {
		// The blocks below need not fold a column gradient into dx.
		dxc := newBuf(len(x.data))
		sc := convScratches.Get().(*convScratch)
		sc.flip = growScratch(sc.flip, len(w.data))
		flipWeight(g, w.data, sc.flip)
		convForward(&gg, gy, sc.flip, nil, dxc)
		convScratches.Put(sc)
		gx, needX = ownedGrad(dxc, x.shape), false
	} else if needX && g.phasedInputGrad() {
		gx, needX = ownedGrad(phaseInputGrad(g, gy, w.data), x.shape), false
	} else if needX {
		dx = zeroBuf(len(x.data))
	}
	if needB {
		gb = ownedGrad(biasGrad(g, gy), []int{g.cout})
	}
	bl := g.blocks(false)
	xd := x.data
	if needW && g.phasedGrad() {
		// The weight gradient packs from the phase planes (backwardBlock
		// reads x only for it).
		xd = phaseSplit(g, xd)
	}
	// The weight gradient is summed transposed (see backwardBlock) for
	// fewer than 128 output channels, where that is faster; from 128 on
	// both ways take the same time, and the transpose at the end is saved.
	transposed := g.coutG < 128 && !g.packedGrad() && !g.phasedGrad()
	switch {
	case !needX && !needW:
	case !bl.spread:
		// The blocks add their weight gradients into dw one after the
		// other.
		if needW {
			dw = make([]float32, len(w.data))
		}
		sc := convScratches.Get().(*convScratch)
		for b := 0; b < bl.count; b++ {
			interrupt.Check()
			backwardBlock(g, bl, b, xd, w.data, gy, dx, dw, transposed, sc, true)
		}
		convScratches.Put(sc)
	default:
		// The weight gradient is a sum over blocks. Each chunk of blocks
		// sums its own, and the chunks add up in order at the end, so the
		// result does not depend on which goroutine ran which chunk, nor
		// on the number of cores.
		chunks := min(bl.count, convGradChunks)
		parts := make([][]float32, chunks)
		workers := bl.workers(6 * g.cout * g.k * bl.size * g.p)
		scs := make([]*convScratch, workers)
		runSamples(chunks, workers, func(worker, chunk int) {
			if scs[worker] == nil {
				scs[worker] = convScratches.Get().(*convScratch)
			}
			if needW {
				parts[chunk] = make([]float32, len(w.data))
			}
			for b := bl.count * chunk / chunks; b < bl.count*(chunk+1)/chunks; b++ {
				interrupt.Check()
				backwardBlock(g, bl, b, xd, w.data, gy, dx, parts[chunk], transposed, scs[worker], false)
			}
		})
		for _, sc := range scs {
			if sc != nil {
				convScratches.Put(sc)
			}
		}
		if needW {
			dw = parts[0]
			for _, pt := range parts[1:] {
				addInto(dw, pt)
			}
		}
	}
	if needW && transposed {
		dwT := dw
		dw = make([]float32, len(w.data))
		for gi := 0; gi < g.groups; gi++ {
			transposeInto(dw[gi*g.coutG*g.k:], dwT[gi*g.coutG*g.k:], g.k, g.coutG)
		}
	}
	// The gradients are fresh buffers: the sum of two gradients can go
	// into one of them, and a leaf can take one as its Grad as it is.
	if needX {
		gx = ownedGrad(dx, x.shape)
	}
	if needW {
		gw = ownedGrad(dw, w.shape)
	}
	return gx, gw, gb
}

// transposeInto sets dst, rows×cols, to the transpose of src, cols×rows.
func transposeInto(dst, src []float32, cols, rows int) {
	// Tiles of 8×8 keep both sides in cache lines.
	const t = 8
	for i0 := 0; i0 < rows; i0 += t {
		for j0 := 0; j0 < cols; j0 += t {
			for i := i0; i < min(i0+t, rows); i++ {
				d := dst[i*cols:][:cols]
				for j := j0; j < min(j0+t, cols); j++ {
					d[j] = src[j*rows+i]
				}
			}
		}
	}
}

// biasGrad sums the output gradient of each channel over the batch and the
// plane, in float64, sample after sample.
func biasGrad(g *convGeom, gy []float32) []float32 {
	db := make([]float32, g.cout)
	forParts(true, g.cout, g.n*g.cout*g.p, func(lo, hi int) {
		for co := lo; co < hi; co++ {
			var s float64
			for n := 0; n < g.n; n++ {
				s += sum64(gy[(n*g.cout+co)*g.p:][:g.p])
			}
			db[co] = float32(s)
		}
	})
	return db
}

// backwardBlock adds block b's share of the gradients: its input gradient
// into dx and its weight gradient into dw, each group's transposed
// ([K, Cout/groups]) when transposed is set; a nil destination is not
// computed. par lets its passes use several goroutines.
//
// Transposed, the product reads the column matrix as its left operand,
// which packs faster than the right one it is otherwise (transposed): a
// quarter to a third less time for ResNet's 64-channel layer, and fewer
// dot products for the notebook CNN's small ones.
func backwardBlock(g *convGeom, bl convBlocks, b int, x, w, gy, dx, dw []float32, transposed bool, sc *convScratch, par bool) {
	s0, ns := bl.samples(b, g.n)
	ld := ns * g.p
	gyb := gy[s0*g.cout*g.p : (s0+ns)*g.cout*g.p]
	if ns > 1 {
		sc.mat = growScratch(sc.mat, g.cout*ld)
		blockRows(g, gyb, sc.mat, ns, true, par)
		gyb = sc.mat
	}
	direct := ns == 1 && g.direct()
	if dw != nil && (g.packedGrad() || g.phasedGrad()) {
		lanes := g.laneTables()
		for gi := 0; gi < g.groups; gi++ {
			pk := colTPacker{g: g, x: x, s0: s0, c0: gi * g.cinG, lanes: lanes}
			gemm.SgemmPackB(g.coutG, g.k, ld, 1, gyb[gi*g.coutG*ld:], ld,
				pk.pack, 1, dw[gi*g.coutG*g.k:(gi+1)*g.coutG*g.k], g.k)
		}
	} else if dw != nil {
		col := x[s0*g.c*g.h*g.w : (s0+1)*g.c*g.h*g.w]
		if !direct {
			sc.col = growScratch(sc.col, g.c*g.kh*g.kw*ld)
			col = sc.col
			unfold(g, x, s0, ns, col, g.k, par)
		}
		for gi := 0; gi < g.groups; gi++ {
			gyg, colg, dwg := gyb[gi*g.coutG*ld:], col[gi*g.k*ld:], dw[gi*g.coutG*g.k:(gi+1)*g.coutG*g.k]
			if transposed {
				gemm.Sgemm(false, true, g.k, g.coutG, ld, 1, colg, ld, gyg, ld, 1, dwg, g.coutG)
			} else {
				gemm.Sgemm(false, true, g.coutG, g.k, ld, 1, gyg, ld, colg, ld, 1, dwg, g.k)
			}
		}
	}
	if dx == nil {
		return
	}
	dcol := dx[s0*g.c*g.h*g.w : (s0+1)*g.c*g.h*g.w]
	if !direct {
		// The column matrix is no longer needed: its gradient takes its
		// place.
		sc.col = growScratch(sc.col, g.c*g.kh*g.kw*ld)
		dcol = sc.col
	}
	for gi := 0; gi < g.groups; gi++ {
		gemm.Sgemm(true, false, g.k, ld, g.coutG,
			1, w[gi*g.coutG*g.k:(gi+1)*g.coutG*g.k], g.k, gyb[gi*g.coutG*ld:], ld,
			0, dcol[gi*g.k*ld:], ld)
	}
	if !direct {
		fold(g, dcol, s0, ns, dx, par)
	}
}
