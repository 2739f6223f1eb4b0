package tensorlib

import (
	"sync"

	"github.com/gohooks/gohooks/internal/gemm"
)

// A "same" convolution with stride 1 (g.shifted) does not unfold its input
// into a column matrix: the matrix product packs each panel of that matrix
// straight from the input planes (gemm.SgemmPackB). A row of the column
// matrix is its channel's plane shifted by a constant, with zeros where the
// tap reads padding, so each sliver of a packed panel is one contiguous run
// of the plane, some of its lanes cleared. That saves writing the column
// matrix (K·oH·oW floats a sample: 2.4 MB for ResNet's 64-channel layer)
// and reading it back to pack it.

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

// laneTables describes, for each kernel tap and each sliver of width
// output positions of one sample, which lanes read the plane (bit l of
// mask; the others read padding), and each tap's shift; after the taps'
// masks comes a row of zeros, for lanes past the matrix. Tables exist only
// when the plane holds whole slivers (oH·oW a multiple of width, width ≤
// 32); otherwise packing goes position by position.
type laneTables struct {
	width int
	mask  []uint32 // [tap·slivers + sliver]
	shift []int    // [tap]: input position minus output position
}

// laneCache holds the tables of the geometries seen, keyed by what they
// depend on. A network has a handful of geometries.
var laneCache sync.Map // laneKey → *laneTables

type laneKey struct {
	h, w, kh, kw, ph, pw, dh, dw, width int
}

func (g *convGeom) laneTables(width int) *laneTables {
	if width > 32 || g.p%width != 0 {
		return nil
	}
	key := laneKey{g.h, g.w, g.kh, g.kw, g.ph, g.pw, g.dh, g.dw, width}
	if t, ok := laneCache.Load(key); ok {
		return t.(*laneTables)
	}
	taps, slivers := g.kh*g.kw, g.p/width
	t := &laneTables{
		width: width,
		mask:  make([]uint32, (taps+1)*slivers), // and a row of zeros
		shift: make([]int, taps),
	}
	for i := 0; i < g.kh; i++ {
		for j := 0; j < g.kw; j++ {
			tap := i*g.kw + j
			shift, a, b, lo, hi, ok := g.tapRange(i, j)
			t.shift[tap] = shift
			for v := 0; v < slivers; v++ {
				q0 := v * width
				var m uint32
				for l := 0; l < width && ok; l++ {
					q := q0 + l
					if ox := q % g.ow; q >= a && q < b && ox >= lo && ox < hi {
						m |= 1 << l
					}
				}
				t.mask[tap*slivers+v] = m
			}
		}
	}
	laneCache.Store(key, t)
	return t
}

// pack is a gemm.PackB over the column matrix.
func (pk *imagePacker) pack(dst []float32, p0, kb, j0, nb, width int) {
	g := pk.g
	lt := pk.lanes
	if lt == nil || lt.width != width {
		lt = g.laneTables(width)
	}
	if lt == nil || j0%g.p%width != 0 {
		for t := 0; t*width < nb; t++ {
			pk.packSlow(dst[t*width*kb:][:width*kb], p0, kb, j0+t*width, min(width, nb-t*width), width)
		}
		return
	}
	// Row r of the panel reads its sliver at offs[r] from the sliver's
	// first position in the group's first channel, through mask
	// midx[r] + (sliver within the plane).
	taps, hw, slivers := g.kh*g.kw, g.h*g.w, g.p/width
	const chunk = 64
	var offs, midx [chunk]int
	for r0 := 0; r0 < kb; r0 += chunk {
		rows := 0 // rows of the chunk inside the group's K
		for r := r0; r < min(r0+chunk, kb); r++ {
			c, tap := (p0+r)/taps, (p0+r)%taps
			if c >= g.cinG {
				break
			}
			offs[rows], midx[rows] = c*hw+lt.shift[tap], tap*slivers
			rows++
		}
		for t := 0; t*width < nb; t++ {
			d := dst[t*width*kb:][:width*kb]
			col0 := j0 + t*width
			if nb-t*width < width {
				pk.packSlow(d[r0*width:], p0+r0, min(chunk, kb-r0), col0, nb-t*width, width)
				continue
			}
			s, q0 := col0/g.p, col0%g.p
			base := ((pk.s0+s)*g.c+pk.c0)*hw + q0
			gemm.PackRows(d[r0*width:], pk.x, base, offs[:rows], lt.mask[q0/width:], midx[:rows], width)
			for r := r0 + rows; r < min(r0+chunk, kb); r++ {
				// The bias's row of ones, or nothing past it.
				dr := d[r*width:][:width]
				if pk.ones && p0+r == g.k {
					fill(dr, 1)
				} else {
					clear(dr)
				}
			}
		}
	}
}

// packSlow packs cols columns from col0 (the rest of the sliver zero) one
// position at a time, for slivers that the tables do not cover.
func (pk *imagePacker) packSlow(d []float32, p0, kb, col0, cols, width int) {
	g := pk.g
	taps, hw := g.kh*g.kw, g.h*g.w
	clear(d)
	for r := 0; r < kb; r++ {
		row := p0 + r
		c, tap := row/taps, row%taps
		dr := d[r*width:][:cols]
		if c >= g.cinG {
			if pk.ones && c == g.cinG && tap == 0 {
				fill(dr, 1)
			}
			continue
		}
		shift, a, b, lo, hi, ok := g.tapRange(tap/g.kw, tap%g.kw)
		if !ok {
			continue
		}
		for l := range dr {
			s, q := (col0+l)/g.p, (col0+l)%g.p
			if ox := q % g.ow; q >= a && q < b && ox >= lo && ox < hi {
				dr[l] = pk.x[((pk.s0+s)*g.c+pk.c0+c)*hw+q+shift]
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
	lanes := g.laneTables(max(1, gemm.PackWidth()))
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
// no column matrix either. Its tables (lanes) have width 8: slivers of 16
// columns are packed as two transposed blocks of 8 rows of the column
// matrix by 8 positions.
type colTPacker struct {
	g      *convGeom
	x      []float32
	s0, c0 int
	lanes  *laneTables
}

func (pk *colTPacker) pack(dst []float32, p0, kb, j0, nb, width int) {
	g := pk.g
	lt := pk.lanes
	if width != 16 || lt == nil || p0%8 != 0 || kb%8 != 0 {
		pk.packSlow(dst, p0, kb, j0, nb, width)
		return
	}
	taps, hw, slivers := g.kh*g.kw, g.h*g.w, g.p/8
	for t := 0; t*width < nb; t++ {
		d := dst[t*width*kb:][:width*kb]
		for h := 0; h < 2; h++ {
			var offs, midx [8]int
			for r := range offs {
				j := t*width + 8*h + r
				if j >= nb || j0+j >= g.k {
					midx[r] = taps * slivers // the row of zeros
					continue
				}
				c, tap := (j0+j)/taps, (j0+j)%taps
				offs[r], midx[r] = c*hw+lt.shift[tap], tap*slivers
			}
			for q := p0; q < p0+kb; {
				s, qs := q/g.p, q%g.p
				n := min(p0+kb-q, g.p-qs)
				base := ((pk.s0+s)*g.c + pk.c0) * hw
				gemm.PackColT8(d[(q-p0)*width+8*h:], pk.x, base, &offs, &midx, lt.mask, qs/8, n/8)
				q += n
			}
		}
	}
}

// packSlow is pack one element at a time, for any width and cut.
func (pk *colTPacker) packSlow(dst []float32, p0, kb, j0, nb, width int) {
	g := pk.g
	taps, hw := g.kh*g.kw, g.h*g.w
	clear(dst)
	for t := 0; t*width < nb; t++ {
		for l := 0; l < width && t*width+l < nb; l++ {
			j := j0 + t*width + l
			if j >= g.k {
				continue
			}
			c, tap := j/taps, j%taps
			shift, a, b, lo, hi, ok := g.tapRange(tap/g.kw, tap%g.kw)
			if !ok {
				continue
			}
			for q := 0; q < kb; q++ {
				s, qq := (p0+q)/g.p, (p0+q)%g.p
				if ox := qq % g.ow; qq >= a && qq < b && ox >= lo && ox < hi {
					dst[(t*kb+q)*width+l] = pk.x[((pk.s0+s)*g.c+pk.c0+c)*hw+qq+shift]
				}
			}
		}
	}
}
