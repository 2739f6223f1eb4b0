package gemm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// testPlane returns n normal floats with a NaN, a -0 and an infinity
// among them: packing moves bits, which a comparison of bits checks.
func testPlane(rng *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	x[n/2] = float32(math.NaN())
	x[n/3] = float32(math.Copysign(0, -1))
	x[n/4] = float32(math.Inf(1))
	return x
}

func sameBits(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }

// rowsCase is one call of PackRows: its arguments and the values it must
// write.
type rowsCase struct {
	bases, offs, midx []int
	masks             []uint32
	mstride, width    int
	want              []float32
}

// randomRows returns a PackRows call over a plane of n floats: 1 to 12
// rows of 1 to 4 segments whose masks select disjoint lanes, each inside
// the plane (some rows start before it or end past it), each row's mask
// read through midx from a shared table.
func randomRows(rng *rand.Rand, x []float32, width int) rowsCase {
	n := len(x)
	rows, segs := 1+rng.IntN(12), 1+rng.IntN(4)
	c := rowsCase{
		bases:   make([]int, segs),
		offs:    make([]int, rows),
		midx:    make([]int, rows),
		mstride: rows + 2,
		width:   width,
		want:    make([]float32, rows*width),
	}
	c.masks = make([]uint32, segs*c.mstride)
	for g := range c.bases {
		c.bases[g] = rng.IntN(n)
	}
	perm := rng.Perm(c.mstride)
	for r := range c.offs {
		c.offs[r] = rng.IntN(n) - n/2 - width/2
		c.midx[r] = perm[r]
		kind := rng.IntN(4)
		for l := 0; l < width; l++ {
			g := rng.IntN(segs + 1)
			if kind == 0 || g == segs {
				continue // a row of zeros, or a lane of none
			}
			i := c.bases[g] + c.offs[r] + l
			if i >= 0 && i < n && (kind == 1 || rng.IntN(4) > 0) {
				c.masks[g*c.mstride+c.midx[r]] |= 1 << l
				c.want[r*width+l] = x[i]
			}
		}
	}
	return c
}

// checkRows runs pack on c and compares every lane's bits, and that
// nothing past the rows was written.
func checkRows(t *testing.T, name string, c rowsCase, pack func(dst []float32)) {
	t.Helper()
	dst := make([]float32, len(c.want)+c.width)
	for i := range dst {
		dst[i] = 42
	}
	pack(dst)
	for i, w := range c.want {
		if !sameBits(dst[i], w) {
			t.Fatalf("%s width %d, %d segments, row %d lane %d: got %v, want %v (bases %v offs %v)",
				name, c.width, len(c.bases), i/c.width, i%c.width, dst[i], w, c.bases, c.offs)
		}
	}
	for _, v := range dst[len(c.want):] {
		if v != 42 {
			t.Fatalf("%s width %d: wrote past %d rows", name, c.width, len(c.offs))
		}
	}
}

// PackRows reads exactly the lanes its segments' masks select, including
// rows that start before the plane or run past its end with those lanes
// masked, and zeroes the rest, for every width, in Go and in assembly.
// The assembly (width 16 with AVX2, 32 with AVX-512) is compared with the
// Go loop on the same calls.
func TestPackRowsMatchesLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := testPlane(rng, 100)
	ran16, ran32 := 0, 0
	for _, width := range []int{32, 16, 8, 5, 1} {
		for trial := 0; trial < 400; trial++ {
			c := randomRows(rng, x, width)
			checkRows(t, "PackRows", c, func(dst []float32) {
				PackRows(dst, x, c.bases, c.offs, c.masks, c.mstride, c.midx, width)
			})
			checkRows(t, "packRowsGo", c, func(dst []float32) {
				packRowsGo(dst, x, c.bases, c.offs, c.masks, c.mstride, c.midx, width)
			})
			if width == 16 && packRowsAsm() {
				ran16++
				checkRows(t, "packRowsAVX2", c, func(dst []float32) {
					packRowsAVX2(&dst[0], &x[0], &c.bases[0], len(c.bases), &c.offs[0], &c.masks[0], c.mstride, &c.midx[0], len(c.offs))
				})
			}
			if width == 32 && packRows512() {
				ran32++
				checkRows(t, "packRowsAVX512", c, func(dst []float32) {
					packRowsAVX512(&dst[0], &x[0], &c.bases[0], len(c.bases), &c.offs[0], &c.masks[0], c.mstride, &c.midx[0], len(c.offs))
				})
			}
		}
	}
	t.Logf("assembly checked: %d calls at width 16, %d at width 32", ran16, ran32)
}

// colTCase is one call of PackColT8.
type colTCase struct {
	offs, midx    [8]int
	masks         []uint32
	base, steps   int
	ldd           int
	runs, xstride int
	want          []float32 // [step·ldd + lane], NaN where not written
}

// randomColT returns a PackColT8 call over x: random masks (with random
// bits above the 8 that count) whose set bits select lanes inside x only,
// 1 to 3 runs.
func randomColT(rng *rand.Rand, x []float32) colTCase {
	c := colTCase{
		base:    rng.IntN(len(x)),
		steps:   1 + rng.IntN(40),
		ldd:     []int{8, 16, 32}[rng.IntN(3)],
		runs:    1 + rng.IntN(3),
		xstride: rng.IntN(60) - 10,
	}
	blocks := (c.steps + 7) / 8
	c.masks = make([]uint32, 8*blocks+3)
	for i := range c.masks {
		c.masks[i] = rng.Uint32()
	}
	for r := range c.offs {
		c.offs[r] = rng.IntN(len(x)) - len(x)/2
		c.midx[r] = rng.IntN(len(c.masks) - blocks + 1)
	}
	finishColT(&c, x)
	return c
}

// finishColT clears the bits of c's masks that select a lane outside x
// in any run, except those of steps past the last (which must not be
// read), and sets the values c must write.
func finishColT(c *colTCase, x []float32) {
	for r := range c.offs {
		for k := 0; k < c.steps; k++ {
			for i := 0; i < c.runs; i++ {
				if j := c.base + i*c.xstride + c.offs[r] + k; j < 0 || j >= len(x) {
					c.masks[c.midx[r]+k/8] &^= 1 << (k % 8)
				}
			}
		}
	}
	c.want = make([]float32, (c.runs*c.steps-1)*c.ldd+8)
	for i := range c.want {
		c.want[i] = float32(math.NaN())
	}
	for i := 0; i < c.runs; i++ {
		for r := range c.offs {
			for k := 0; k < c.steps; k++ {
				v := float32(0)
				if c.masks[c.midx[r]+k/8]>>(k%8)&1 != 0 {
					v = x[c.base+i*c.xstride+c.offs[r]+k]
				}
				c.want[(i*c.steps+k)*c.ldd+r] = v
			}
		}
	}
}

func checkColT(t *testing.T, name string, c colTCase, pack func(dst []float32)) {
	t.Helper()
	dst := make([]float32, len(c.want)+c.ldd)
	for i := range dst {
		dst[i] = float32(math.NaN())
	}
	pack(dst)
	for i, w := range c.want {
		if !sameBits(dst[i], w) {
			t.Fatalf("%s (%d runs of %d steps, stride %d): step %d lane %d: got %v, want %v", name, c.runs, c.steps, c.ldd, i/c.ldd, i%c.ldd, dst[i], w)
		}
	}
	for _, v := range dst[len(c.want):] {
		if v == v {
			t.Fatalf("%s (%d runs of %d steps, stride %d): wrote past the last step", name, c.runs, c.steps, c.ldd)
		}
	}
}

// PackColT8 transposes 8 masked rows into steps of the slivers, reading
// only the selected lanes of the steps asked for, writing only its 8
// lanes of each step, run after run, in Go and in assembly alike.
func TestPackColT8MatchesLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x := testPlane(rng, 300)
	for trial := 0; trial < 1000; trial++ {
		c := randomColT(rng, x)
		checkColT(t, "PackColT8", c, func(dst []float32) {
			PackColT8(dst, c.ldd, x, c.base, &c.offs, c.masks, &c.midx, c.steps, c.runs, c.xstride)
		})
		checkColT(t, "packColT8Go", c, func(dst []float32) {
			for i := 0; i < c.runs; i++ {
				packColT8Go(dst[i*c.steps*c.ldd:], c.ldd, x, c.base+i*c.xstride, &c.offs, c.masks, &c.midx, 0, c.steps)
			}
		})
	}
}
