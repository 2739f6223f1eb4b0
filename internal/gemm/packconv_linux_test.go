package gemm

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"unsafe"
)

// guardedPlane returns a plane filling one page of memory between two
// pages that fault when touched, and a function that unmaps them.
func guardedPlane(t *testing.T) ([]float32, func()) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	for _, g := range [][]byte{mem[:page], mem[2*page:]} {
		if err := syscall.Mprotect(g, syscall.PROT_NONE); err != nil {
			t.Skip("mprotect:", err)
		}
	}
	x := unsafe.Slice((*float32)(unsafe.Pointer(&mem[page])), page/4)
	rng := rand.New(rand.NewPCG(5, 6))
	copy(x, testPlane(rng, len(x)))
	return x, func() { syscall.Munmap(mem) }
}

// The packers read no masked-off lane: rows that start up to a sliver
// before a plane, or end up to one past it, with those lanes masked, do
// not touch the pages around it (a read there would crash the test).
func TestPackersReadOnlySelectedLanes(t *testing.T) {
	x, free := guardedPlane(t)
	defer free()
	n := len(x)
	rng := rand.New(rand.NewPCG(7, 8))
	for _, width := range []int{32, 16, 8} {
		for trial := 0; trial < 300; trial++ {
			c := randomRows(rng, x, width)
			// Move every row to an edge of the plane.
			for r := range c.offs {
				for g := range c.bases {
					c.masks[g*c.mstride+c.midx[r]] = 0
				}
				clear(c.want[r*width:][:width])
				edge := -rng.IntN(width)
				if rng.IntN(2) == 0 {
					edge = n - width + rng.IntN(width)
				}
				c.offs[r] = edge - c.bases[0]
				for l := 0; l < width; l++ {
					g := rng.IntN(len(c.bases))
					if i := c.bases[g] + c.offs[r] + l; i >= 0 && i < n {
						c.masks[g*c.mstride+c.midx[r]] |= 1 << l
						c.want[r*width+l] = x[i]
					}
				}
			}
			checkRows(t, "PackRows at the plane's edges", c, func(dst []float32) {
				PackRows(dst, x, c.bases, c.offs, c.masks, c.mstride, c.midx, width)
			})
			checkRows(t, "PackRowsScalar at the plane's edges", c, func(dst []float32) {
				PackRowsScalar(dst, x, c.bases, c.offs, c.masks, c.mstride, c.midx, width)
			})
		}
	}
	for trial := 0; trial < 300; trial++ {
		c := randomColT(rng, x)
		c.xstride = rng.IntN(20)
		for r := range c.offs {
			// Steps run from up to 8 before the plane, or end up to 8
			// past it in the last run; bits of lanes outside are
			// clear, but those of steps past the last stay set.
			c.offs[r] = -c.base - rng.IntN(8)
			if rng.IntN(2) == 0 {
				c.offs[r] = n - c.base - (c.runs-1)*c.xstride - c.steps + rng.IntN(8)
			}
		}
		finishColT(&c, x)
		checkColT(t, "PackColT8 at the plane's edges", c, func(dst []float32) {
			PackColT8(dst, c.ldd, x, c.base, &c.offs, c.masks, &c.midx, c.steps, c.runs, c.xstride)
		})
		if packRowsAsm() {
			// PackColT8 gives the assembly no block that leaves x; the
			// assembly itself reads no masked-off lane either.
			checkColT(t, "packColT8AVX2 at the plane's edges", c, func(dst []float32) {
				packColT8AVX2(&dst[0], c.ldd, &x[0], c.base, &c.offs[0], &c.masks[0], &c.midx[0], c.steps, c.runs, c.xstride)
			})
		}
	}
}
