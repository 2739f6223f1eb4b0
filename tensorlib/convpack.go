package tensorlib

import (
	"math"

	"github.com/gohooks/gohooks/internal/gemm"
)

// A "same" convolution with stride 1 (g.shifted) does not unfold its input
// into a column matrix: the matrix product packs each panel of that matrix
// straight from the input planes (gemm.SgemmPackB). A row of the column
// matrix is its channel's plane shifted by a constant, with zeros where the
// tap reads padding, so each sliver of a packed panel is, per sample it
// covers, one contiguous run of the plane, some of its lanes cleared (the
// masks come from convlanes.go's tables, for any sliver width and plane
// size). That saves writing the column matrix (K·oH·oW floats a sample:
// 2.4 MB for ResNet's 64-channel layer) and reading it back to pack it.
// Packing only moves values: the panels are the bits of the unfolded
// matrix's, which the tests check against unfold.

// imagePacker packs the column matrix of samples [s0, s0+ns) of x, one
// group's channels (from channel c0 on), with a row of ones after the
// group's K rows when ones is set (the bias's row). Its pack method is a
// gemm.PackB; the column matrix has ns·oH·oW columns, sample after sample.
type imagePacker struct {
	g      *convGeom
	x      []float32
	s0, c0 int
	ones   bool
	lanes  *laneTables
}

// phased reports whether a convolution of stride 2 reads its input through
// phaseSplit's four phase planes per channel, in which each kernel tap
// reads a plane shifted by a constant, as a "same" convolution of stride 1
// does: even input sizes, and output rows as wide as the phase planes'.
func (g *convGeom) phased() bool {
	return g.sh == 2 && g.sw == 2 && g.h%2 == 0 && g.w%2 == 0 && g.ow == g.w/2
}

// phaseSplit returns x with each channel's plane split into its four
// phase planes (even rows and even columns, even and odd, odd and even,
// odd and odd), each [h/2, w/2], in place of the plane: phased
// convolutions pack from it.
func phaseSplit(g *convGeom, x []float32) []float32 {
	xp := newBuf(len(x))
	hw, hp, wp := g.h*g.w, g.h/2, g.w/2
	forParts(true, len(x)/hw, len(x), func(lo, hi int) {
		for pl := lo; pl < hi; pl++ {
			src, dst := x[pl*hw:][:hw], xp[pl*hw:][:hw]
			for y := 0; y < g.h; y++ {
				row := src[y*g.w:][:g.w]
				even := dst[((y%2*2)*hp+y/2)*wp:][:wp]
				odd := dst[((y%2*2+1)*hp+y/2)*wp:][:wp]
				for k := range even {
					even[k], odd[k] = row[2*k], row[2*k+1]
				}
			}
		}
	})
	return xp
}

// packChunk is how many rows of a panel imagePacker handles at once: all
// of gemm's panels (blockK = 256 rows), with their offsets on the stack.
// Chunks of 64 rows took 10-25% longer for ResNet's panels (four passes
// over the slivers).
const packChunk = 256

// maxSegments is how many samples a sliver of at most 32 lanes spans at
// most: one a lane, for 1×1 planes.
const maxSegments = 32

// pack is a gemm.PackB over the column matrix.
func (pk *imagePacker) pack(dst []float32, p0, kb, j0, nb, width int) {
	g := pk.g
	lt := pk.lanes
	if lt == nil {
		lt = g.laneTables()
	}
	if width > 32 {
		pk.packWide(lt, dst, p0, kb, j0, nb, width)
		return
	}
	sm := lt.sliverTable(width)
	// Row r of the chunk reads its sliver at offs[r] from each segment's
	// base (a sample's first position read, minus the lane it goes to),
	// through the masks of its tap: entry tapIdx[r] of a sliver's masks
	// in the table, or entry rowIdx[r] of those computed for the
	// chunk's nt taps (all of them, or its rows' when it has fewer).
	taps, hw := g.kh*g.kw, g.h*g.w
	var offs, tapIdx, rowIdx, tapOf [packChunk]int
	var bases [maxSegments]int
	var maskBuf [4 * packChunk]uint32
	for r0 := 0; r0 < kb; r0 += packChunk {
		// A panel of a few slivers (a sample of a small plane) has
		// its rows set up as often as it packs them: no divisions.
		rows := 0 // rows of the chunk inside the group's K
		c, tap := (p0+r0)/taps, (p0+r0)%taps
		offLo, offHi := math.MaxInt, math.MinInt
		for r := r0; r < min(r0+packChunk, kb) && c < g.cinG; r++ {
			off := c*hw + lt.shift[tap]
			offs[rows], tapIdx[rows] = off, tap
			offLo, offHi = min(offLo, off), max(offHi, off)
			rows++
			if tap++; tap == taps {
				c, tap = c+1, 0
			}
		}
		nt := min(taps, rows)
		for i, r := 0, 0; r < rows; i, r = i+1, r+1 {
			if i == nt {
				i = 0
			}
			tapOf[i], rowIdx[r] = tapIdx[r], i
		}
		// Sliver t starts at position q0 of sample s0 + s.
		s, q0 := j0/g.p, j0%g.p
		table := sm != nil && j0%width == 0
		for t := 0; t*width < nb; t, q0 = t+1, q0+width {
			for q0 >= g.p {
				s, q0 = s+1, q0-g.p
			}
			d := dst[t*width*kb:][:width*kb]
			lanes := min(width, nb-t*width)
			if rows > 0 {
				// The sliver's segments: lanes [l, l+n) read sample s
				// from position q.
				s := s
				segs, bLo, bHi := 0, math.MaxInt, math.MinInt
				for l, q := 0, q0; l < lanes; segs++ {
					n := min(lanes-l, g.p-q)
					bases[segs] = ((pk.s0+s)*g.c+pk.c0)*hw + q - l
					bLo, bHi = min(bLo, bases[segs]), max(bHi, bases[segs])
					l, s, q = l+n, s+1, 0
				}
				// The rows' vector loads span [bLo+offLo, bHi+offHi+width).
				edge := bLo+offLo < 0 || bHi+offHi+width > len(pk.x)
				if table && lanes == width {
					masks := sm.mask[sm.off[q0]:]
					packRows(d[r0*width:], pk.x, bases[:segs], offs[:rows], masks, taps, tapIdx[:rows], width, edge)
				} else {
					masks := maskBuf[:]
					if segs*nt > len(masks) {
						masks = make([]uint32, segs*nt)
					}
					for sg, l, q := 0, 0, q0; sg < segs; sg, l, q = sg+1, l+min(lanes-l, g.p-q), 0 {
						n := min(lanes-l, g.p-q)
						for i := 0; i < nt; i++ {
							masks[sg*nt+i] = lt.window(tapOf[i], q, n) << l
						}
					}
					packRows(d[r0*width:], pk.x, bases[:segs], offs[:rows], masks, nt, rowIdx[:rows], width, edge)
				}
			}
			for r := r0 + rows; r < min(r0+packChunk, kb); r++ {
				// The bias's row of ones (zeros past the matrix), or
				// nothing past it.
				dr := d[r*width:][:width]
				if pk.ones && p0+r == g.k {
					// 32 lanes at most: stores, not fill's copies.
					for l := range dr {
						dr[l] = 0
						if l < lanes {
							dr[l] = 1
						}
					}
				} else {
					clear(dr)
				}
			}
		}
	}
}

// packRows is gemm.PackRows, or for a sliver whose vector loads would
// reach before x's start or past its end (edge: the first positions of
// x's first sample, the last of its last, for the taps that read padding
// there), gemm.PackRowsScalar for the rows that would, which loads only
// the lanes it reads, and gemm.PackRows for the others, in runs. A vector
// load whose masked-off lanes touch a page that is not mapped or not yet
// touched takes a microcode assist (see gemm's rules). (Direct calls, not
// function values, keep pack's arrays on its stack.)
func packRows(d, x []float32, bases, offs []int, masks []uint32, mstride int, midx []int, width int, edge bool) {
	if !edge {
		gemm.PackRows(d, x, bases, offs, masks, mstride, midx, width)
		return
	}
	lo, hi := bases[0], bases[0]
	for _, b := range bases[1:] {
		lo, hi = min(lo, b), max(hi, b)
	}
	for r := 0; r < len(offs); {
		in := lo+offs[r] >= 0 && hi+offs[r]+width <= len(x)
		r1 := r + 1
		for r1 < len(offs) && (lo+offs[r1] >= 0 && hi+offs[r1]+width <= len(x)) == in {
			r1++
		}
		if in {
			gemm.PackRows(d[r*width:], x, bases, offs[r:r1], masks, mstride, midx[r:r1], width)
		} else {
			gemm.PackRowsScalar(d[r*width:], x, bases, offs[r:r1], masks, mstride, midx[r:r1], width)
		}
		r = r1
	}
}

// packWide is pack for slivers wider than 32 lanes (B packed whole, when
// gemm has no kernels), lane by lane through the validity maps.
func (pk *imagePacker) packWide(lt *laneTables, dst []float32, p0, kb, j0, nb, width int) {
	g := pk.g
	taps, hw := g.kh*g.kw, g.h*g.w
	for t := 0; t*width < nb; t++ {
		d := dst[t*width*kb:][:width*kb]
		clear(d)
		for r := 0; r < kb; r++ {
			c, tap := (p0+r)/taps, (p0+r)%taps
			dr := d[r*width:][:min(width, nb-t*width)]
			if c >= g.cinG {
				if pk.ones && p0+r == g.k {
					fill(dr, 1)
				}
				continue
			}
			col0 := j0 + t*width
			s, q := col0/g.p, col0%g.p
			for l := range dr {
				if lt.valid(tap, q) {
					dr[l] = pk.x[((pk.s0+s)*g.c+pk.c0+c)*hw+q+lt.shift[tap]]
				}
				if q++; q == g.p {
					s, q = s+1, 0
				}
			}
		}
	}
}

// inputGradGeom returns, for a stride-1 convolution whose unfolded rows
// are shifted planes, the geometry of the convolution of the output
// gradient with flipWeight's weight that gives the input gradient: padding
// dilation·(k-1) - padding, so that its output is the input's size. ok is
// false for other convolutions (their input gradient is folded from a
// column gradient) and for 1×1 kernels, whose column matrix is the input.
func (g *convGeom) inputGradGeom() (gg convGeom, ok bool) {
	if !g.shifted() || g.direct() {
		return gg, false
	}
	gg = convGeom{
		n: g.n, c: g.cout, h: g.oh, w: g.ow,
		cout: g.c, kh: g.kh, kw: g.kw,
		sh: 1, sw: 1,
		ph: g.dh*(g.kh-1) - g.ph, pw: g.dw*(g.kw-1) - g.pw,
		dh: g.dh, dw: g.dw,
		groups: g.groups,
		oh:     g.h, ow: g.w,
		cinG: g.coutG, coutG: g.cinG,
	}
	if gg.ph < 0 || gg.pw < 0 || gg.h+2*gg.ph-gg.dh*(gg.kh-1) != gg.oh || gg.w+2*gg.pw-gg.dw*(gg.kw-1) != gg.ow {
		return gg, false
	}
	gg.k = gg.cinG * gg.kh * gg.kw
	gg.p = gg.oh * gg.ow
	return gg, gg.shifted()
}

// flipWeight sets wf to the weight of the convolution that maps an output
// gradient to the input gradient, for stride 1: [Cin, Cout/groups, kH, kW],
// each group's channels swapped and each kernel turned by 180°. It goes
// in tiles of flipTile output channels, so that both sides are read and
// written in runs of flipTile kernels (ResNet's 512-channel weight took
// 3-4 ns an element kernel by kernel), on several goroutines when large.
func flipWeight(g *convGeom, w, wf []float32) {
	const flipTile = 16
	taps := g.kh * g.kw
	tiles := (g.coutG + flipTile - 1) / flipTile
	forParts(true, g.groups*tiles, len(w), func(lo, hi int) {
		for it := lo; it < hi; it++ {
			gi, co0 := it/tiles, it%tiles*flipTile
			co1 := min(co0+flipTile, g.coutG)
			for ci := 0; ci < g.cinG; ci++ {
				dst := wf[((gi*g.cinG+ci)*g.coutG+co0)*taps:][:(co1-co0)*taps]
				for co := co0; co < co1; co++ {
					src := w[((gi*g.coutG+co)*g.cinG+ci)*taps:][:taps]
					d := dst[(co-co0)*taps:][:taps]
					if taps == 9 {
						// 3×3 kernels: one move of nine registers.
						s := (*[9]float32)(src)
						*(*[9]float32)(d) = [9]float32{s[8], s[7], s[6], s[5], s[4], s[3], s[2], s[1], s[0]}
						continue
					}
					for t, v := range src {
						d[taps-1-t] = v
					}
				}
			}
		}
	})
}

// packed reports whether the convolution's products pack their right
// operand straight from the input (see imagePacker).
func (g *convGeom) packed() bool {
	return g.shifted() && !g.direct()
}

// packedGrad reports whether the weight gradient packs the transposed
// column matrix straight from the input (colTPacker), and the input
// gradient is a convolution (inputGradGeom). Products with a weight of at
// most 128×128 values are left to dot products over a column matrix (see
// gemm's useDot), which are faster there and sum long rows in several
// partial sums, closer to the exact values than one running sum.
func (g *convGeom) packedGrad() bool {
	_, ok := g.inputGradGeom()
	return ok && g.coutG*g.k > 128*128
}

// phasedGrad reports whether the weight gradient of a phased convolution
// packs the transposed column matrix from the phase planes, with
// packedGrad's rule for small weights.
func (g *convGeom) phasedGrad() bool {
	return g.phased() && g.coutG*g.k > 128*128
}

// forwardPacked is forwardBlock for packed geometries: samples [s0,
// s0+ns) of out from x, with no column matrix.
func forwardPacked(g *convGeom, s0, ns int, x, w []float32, stride int, bias, out []float32, sc *convScratch, par bool) {
	ld := ns * g.p
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
	lanes := g.laneTables()
	if w := gemm.PackWidth(); w > 0 && w <= 32 {
		lanes.sliverTable(w) // made once, before the products' goroutines ask
	}
	for gi := 0; gi < g.groups; gi++ {
		pk := imagePacker{g: g, x: x, s0: s0, c0: gi * g.cinG, ones: stride > g.k, lanes: lanes}
		gemm.SgemmPackB(g.coutG, ld, stride,
			1, w[gi*g.coutG*stride:(gi+1)*g.coutG*stride], stride,
			pk.pack, beta, y[gi*g.coutG*ld:], ld)
	}
	if ns > 1 {
		blockRows(g, out[s0*g.cout*g.p:], y, ns, false, par)
	}
}

// colTPacker packs the column matrix of samples [s0, s0+ns) of x, one
// group's channels from c0, transposed: a gemm.PackB over B = colᵀ, whose
// rows are the ns·oH·oW output positions and whose columns are the K rows
// of the column matrix. A convolution's weight gradient gy·colᵀ then needs
// no column matrix either. A sliver of width columns is packed as width/8
// transposed blocks of 8 rows of the column matrix by 8 positions
// (gemm.PackColT8), each sample's positions from wherever the panel starts
// in it; lanes of a width that is not a multiple of 8 go one at a time.
type colTPacker struct {
	g      *convGeom
	x      []float32
	s0, c0 int
	lanes  *laneTables
}

func (pk *colTPacker) pack(dst []float32, p0, kb, j0, nb, width int) {
	g := pk.g
	lt := pk.lanes
	if lt == nil {
		lt = g.laneTables()
	}
	taps, hw, stride := g.kh*g.kw, g.h*g.w, lt.bytes-1
	for t := 0; t*width < nb; t++ {
		d := dst[t*width*kb:][:width*kb]
		for h := 0; h+8 <= width; h += 8 {
			// Lane r of the block is column j of B, row j of the
			// column matrix: channel c's plane shifted by its tap's
			// shift, read through its tap's block masks (the zero
			// map's past the matrix).
			var offs, maps, midx [8]int
			for r := range offs {
				j := t*width + h + r
				maps[r] = lt.taps * stride
				if j < nb && j0+j < g.k {
					c, tap := (j0+j)/taps, (j0+j)%taps
					offs[r], maps[r] = c*hw+lt.shift[tap], tap*stride
				}
			}
			// Runs of positions: the first sample's from where the
			// panel starts in it, then whole samples (one call for
			// them all: their masks are the same), then the last
			// sample's up to where the panel ends.
			for q := p0; q < p0+kb; {
				s, qs := q/g.p, q%g.p
				n, runs := min(p0+kb-q, g.p-qs), 1
				if n == g.p {
					runs = (p0 + kb - q) / g.p
				}
				for r := range midx {
					midx[r] = maps[r] + qs>>3
				}
				base := ((pk.s0+s)*g.c+pk.c0)*hw + qs
				gemm.PackColT8(d[(q-p0)*width+h:], width, pk.x, base, &offs, lt.blockMasks(qs&7), &midx, n, runs, g.c*hw)
				q += n * runs
			}
		}
		for l := width &^ 7; l < width; l++ {
			pk.packLane(lt, d, p0, kb, j0, t*width+l, nb, width, l)
		}
	}
}

// packLane packs lane l of a sliver, column j of B, one position at a
// time through the validity maps.
func (pk *colTPacker) packLane(lt *laneTables, d []float32, p0, kb, j0, j, nb, width, l int) {
	g := pk.g
	taps, hw := g.kh*g.kw, g.h*g.w
	if j >= nb || j0+j >= g.k {
		for q := 0; q < kb; q++ {
			d[q*width+l] = 0
		}
		return
	}
	c, tap := (j0+j)/taps, (j0+j)%taps
	s, qs := p0/g.p, p0%g.p
	for q := 0; q < kb; q++ {
		v := float32(0)
		if lt.valid(tap, qs) {
			v = pk.x[((pk.s0+s)*g.c+pk.c0+c)*hw+qs+lt.shift[tap]]
		}
		d[q*width+l] = v
		if qs++; qs == g.p {
			s, qs = s+1, 0
		}
	}
}

// phasedInputGrad reports whether the input gradient of a phased
// convolution is computed phase by phase (phaseInputGrad): dilation 1 and
// output planes of exactly the phase planes' size.
func (g *convGeom) phasedInputGrad() bool {
	return g.phased() && g.dh == 1 && g.dw == 1 && g.oh == g.h/2
}

// phaseTaps returns the kernel rows (or columns) i whose input row
// 2·o + i - pad has parity par, last first, and the padding of the
// stride-1 convolution that reads the output gradient through them: in
// that order, tap a reads output row r + a - pad for phase row r.
func phaseTaps(k, pad, par int) (taps []int, p int) {
	for i := k - 1; i >= 0; i-- {
		if ((i-pad)%2+2)%2 == par {
			taps = append(taps, i)
		}
	}
	if len(taps) > 0 {
		p = (taps[0] - pad) >> 1 // floor division
	}
	return taps, p
}

// phaseInputGrad returns the input gradient of a phased convolution with
// weight w for the output gradient gy. Input position (2r+py, 2s+px) of a
// channel receives from output (r - yo, s - xo) through each kernel tap
// whose offset i - pad is 2·yo + py (and likewise across), so each phase
// plane of the gradient is a stride-1 convolution of gy with that phase's
// taps, packed straight from gy as a "same" convolution is; the four
// results are then interleaved. No column gradient is folded.
func phaseInputGrad(g *convGeom, gy, w []float32) []float32 {
	hp, wp := g.h/2, g.w/2
	pp := hp * wp
	phases := newBuf(4 * g.n * g.c * pp)
	taps := g.kh * g.kw
	for py := 0; py < 2; py++ {
		for px := 0; px < 2; px++ {
			out := phases[(py*2+px)*g.n*g.c*pp:][:g.n*g.c*pp]
			ti, pi := phaseTaps(g.kh, g.ph, py)
			tj, pj := phaseTaps(g.kw, g.pw, px)
			if len(ti) == 0 || len(tj) == 0 {
				clear(out)
				continue
			}
			gg := convGeom{
				n: g.n, c: g.cout, h: g.oh, w: g.ow,
				cout: g.c, kh: len(ti), kw: len(tj),
				sh: 1, sw: 1, ph: pi, pw: pj, dh: 1, dw: 1,
				groups: g.groups,
				oh:     hp, ow: wp,
				cinG: g.coutG, coutG: g.cinG,
			}
			gg.k = gg.cinG * gg.kh * gg.kw
			gg.p = pp
			// wp[ci][co][a][b] = w[co][ci][ti[a]][tj[b]], within each group.
			ws := make([]float32, g.c*gg.k)
			for gi := 0; gi < g.groups; gi++ {
				for ci := 0; ci < g.cinG; ci++ {
					for co := 0; co < g.coutG; co++ {
						src := w[((gi*g.coutG+co)*g.cinG+ci)*taps:][:taps]
						dst := ws[((gi*g.cinG+ci)*g.coutG+co)*gg.kh*gg.kw:][:gg.kh*gg.kw]
						for a, i := range ti {
							for b, j := range tj {
								dst[a*gg.kw+b] = src[i*g.kw+j]
							}
						}
					}
				}
			}
			convForward(&gg, gy, ws, nil, out)
		}
	}
	// Interleave the phase planes into the input gradient.
	dx := newBuf(g.n * g.c * g.h * g.w)
	planes := g.n * g.c
	forParts(true, planes, len(dx), func(lo, hi int) {
		for pl := lo; pl < hi; pl++ {
			d := dx[pl*g.h*g.w:][:g.h*g.w]
			for y := 0; y < g.h; y++ {
				row := d[y*g.w:][:g.w]
				even := phases[((y%2*2)*planes+pl)*pp+y/2*wp:][:wp]
				odd := phases[((y%2*2+1)*planes+pl)*pp+y/2*wp:][:wp]
				for k := range even {
					row[2*k], row[2*k+1] = even[k], odd[k]
				}
			}
		}
	})
	return dx
}
