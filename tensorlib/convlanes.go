package tensorlib

import (
	"encoding/binary"
	"sync"
	"sync/atomic"
)

// The tables of convpack.go's packers: where each kernel tap of a shifted
// or phased geometry reads, as validity bitmaps over a sample's output
// positions, and the masks taken from them for the packers' slivers and
// transposed blocks.

// laneTables describes where each kernel tap reads: bit q of its validity
// map is set when output position q of a sample reads the plane (at
// q + shift[tap]) and clear when it reads padding. A sliver's mask for a
// tap is any window of up to 32 bits of the map, taken with two shifts,
// so the tables serve every sliver width and every start: slivers that
// begin anywhere in a plane, and those that run into the next sample
// (each sample a segment of the sliver, with its own window). A map ends
// with 8 bytes of zeros, so that a window read as 8 bytes from any
// position of the plane stays inside it, and there is one map more, all
// zeros, for the rows past the matrix.
type laneTables struct {
	bytes int    // bytes of a tap's map, padding included
	bits  []byte // [tap·bytes + q/8] bit q%8; map taps is all zeros
	shift []int  // [tap]: input position minus output position
	taps  int    // kernel taps (and the index of the zero map)
	p     int    // output positions of a sample

	slivers [33]atomic.Pointer[sliverMasks] // [width], made on first use
	blocks  [8]atomic.Pointer[[]uint32]     // [sh], see blockMasks
}

// window returns bits [q, q+n) of tap's map as the low n bits, n ≤ 32;
// bits past the plane's end are zero.
func (lt *laneTables) window(tap, q, n int) uint32 {
	b := lt.bits[tap*lt.bytes+q>>3:][:8]
	v := binary.LittleEndian.Uint64(b) >> (q & 7)
	return uint32(v) & (uint32(1)<<n - 1)
}

// blockMasks returns the masks of blocks of 8 positions of every map, for
// blocks that start sh past a multiple of 8: entry tap·(bytes-1) + i holds
// bits [8i+sh, 8i+sh+8) of tap's map (the zero map's too). The transposed
// packing reads its masks from them, a block at a time, as it reads its
// lanes. Made on first use.
func (lt *laneTables) blockMasks(sh int) []uint32 {
	if m := lt.blocks[sh].Load(); m != nil {
		return *m
	}
	stride := lt.bytes - 1
	m := make([]uint32, (lt.taps+1)*stride)
	for tap := 0; tap <= lt.taps; tap++ {
		b := lt.bits[tap*lt.bytes:][:lt.bytes]
		for i := range stride {
			m[tap*stride+i] = (uint32(b[i]) | uint32(b[i+1])<<8) >> sh & 0xff
		}
	}
	lt.blocks[sh].Store(&m)
	return m
}

// valid reports bit q of tap's map.
func (lt *laneTables) valid(tap, q int) bool {
	return lt.bits[tap*lt.bytes+q>>3]>>(q&7)&1 != 0
}

// laneCache holds the tables of the geometries seen, keyed by what they
// depend on. A network has a handful of geometries.
var laneCache sync.Map // laneKey → *laneTables

type laneKey struct {
	h, w, kh, kw, sh, sw, ph, pw, dh, dw int
}

// tapSource returns where kernel tap (i, j) reads output position q of a
// sample from, as an offset from its channel's plane (in x for shifted
// geometries, in the phase planes of phaseSplit for phased ones), and
// whether it reads the plane there at all (not the padding). It divides;
// only newLaneTables calls it, and the packers read the tables.
func (g *convGeom) tapSource(i, j, q int) (off int, ok bool) {
	oy, ox := q/g.ow, q%g.ow
	iy, ix := oy*g.sh+i*g.dh-g.ph, ox*g.sw+j*g.dw-g.pw
	if iy < 0 || iy >= g.h || ix < 0 || ix >= g.w {
		return 0, false
	}
	if !g.phased() {
		return iy*g.w + ix, true
	}
	hp, wp := g.h/2, g.w/2
	return ((iy%2*2+ix%2)*hp+iy/2)*wp + ix/2, true
}

// laneTables returns the geometry's tables, made on first use.
func (g *convGeom) laneTables() *laneTables {
	key := laneKey{g.h, g.w, g.kh, g.kw, g.sh, g.sw, g.ph, g.pw, g.dh, g.dw}
	if t, ok := laneCache.Load(key); ok {
		return t.(*laneTables)
	}
	t := newLaneTables(g)
	laneCache.Store(key, t)
	return t
}

// newLaneTables makes the geometry's tables. Every tap of a shifted or
// phased geometry reads position q at q + a constant wherever it reads
// the plane (see tapSource), which is its shift.
func newLaneTables(g *convGeom) *laneTables {
	taps := g.kh * g.kw
	t := &laneTables{
		bytes: (g.p+7)/8 + 8,
		shift: make([]int, taps),
		taps:  taps,
		p:     g.p,
	}
	t.bits = make([]byte, (taps+1)*t.bytes)
	for tap := 0; tap < taps; tap++ {
		for q := 0; q < g.p; q++ {
			if off, ok := g.tapSource(tap/g.kw, tap%g.kw, q); ok {
				t.bits[tap*t.bytes+q>>3] |= 1 << (q & 7)
				t.shift[tap] = off - q
			}
		}
	}
	return t
}

// sliverMasks holds, for one sliver width, the masks of the slivers that
// start at a multiple of the width from the column matrix's first column,
// as all of gemm's full slivers do. Such a sliver starts in its sample at
// a multiple of step = gcd(p, width), and its masks depend on that start
// only: a plane of 784 positions has 49 starts for width 32, one of 1024
// has 32. Other slivers (a panel cut elsewhere, the last partial sliver)
// have their masks computed as they are packed. off is indexed by the
// start itself, saving a division per sliver.
type sliverMasks struct {
	off  []int    // [q0]: the masks of the sliver starting at q0, from mask[off]
	mask []uint32 // [off + segment·taps + tap]
}

// maxSliverMasks bounds a table of sliver masks (256 KB): a plane of
// prime size has as many starts as positions, and large kernels many
// taps. Without a table, masks are computed per sliver.
const maxSliverMasks = 1 << 16

// sliverSegments returns how many samples a sliver of lanes columns spans
// when it starts at position q0 of a sample of p positions.
func sliverSegments(p, q0, lanes int) int {
	rest := max(0, lanes-(p-q0))
	return 1 + (rest+p-1)/p
}

// sliverTable returns the sliver masks for width (at most 32), made on
// first use, or nil when they would be too many.
func (lt *laneTables) sliverTable(width int) *sliverMasks {
	sm := lt.slivers[width].Load()
	if sm == nil {
		sm = &sliverMasks{}
		step, total := gcd(lt.p, width), 0
		for q0 := 0; q0 < lt.p; q0 += step {
			total += sliverSegments(lt.p, q0, width) * lt.taps
		}
		if total <= maxSliverMasks {
			sm.off = make([]int, lt.p)
			sm.mask = make([]uint32, 0, total)
			for q0 := 0; q0 < lt.p; q0 += step {
				sm.off[q0] = len(sm.mask)
				for l, q := 0, q0; l < width; l, q = l+min(width-l, lt.p-q), 0 {
					for tap := 0; tap < lt.taps; tap++ {
						sm.mask = append(sm.mask, lt.window(tap, q, min(width-l, lt.p-q))<<l)
					}
				}
			}
		}
		// Two goroutines may both make it; either table will do.
		lt.slivers[width].Store(sm)
	}
	if sm.off == nil {
		return nil
	}
	return sm
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
