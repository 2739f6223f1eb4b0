package gemm

import (
	"sync"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// kernel is one register-tile micro-kernel: fn computes the mr×nr tile
// C = alpha*Ã·B̃ + beta*C from k steps of packed A (mr values a step) and
// packed B (nr values a step), and does not read C when beta is 0. edge, when
// the instruction set has store masks, does the same but reads and writes
// only the first rows×cols corner of the tile, for the borders of C.
type kernel struct {
	name   string
	mr, nr int
	fn     func(k int, a, b, c *float32, ldc int, alpha, beta float32)
	edge   func(k int, a, b, c *float32, ldc int, alpha, beta float32, rows, cols int)
	// strideB, when present, is fn reading B unpacked (step q's nr values
	// at b + q*ldb), for products with so few rows of C that packing B
	// costs about as much as using it (see unpackedB).
	strideB func(k int, a, b, c *float32, ldc int, alpha, beta float32, ldb int)
	// rowsA, when present, is fn reading A unpacked from mr rows stored
	// along k (row i's step q at a + i*lda + q), for products with so few
	// columns of C that each packed sliver of A would serve one or two
	// tiles (see unpackedA).
	rowsA func(k int, a, b, c *float32, ldc int, alpha, beta float32, lda int)
	// colsA, when present, is rowsA for a transposed A (step q's mr values
	// at a + q*lda).
	colsA func(k int, a, b, c *float32, ldc int, alpha, beta float32, lda int)
	// contig, when the instruction set has masked loads, packs one sliver:
	// steps rows of width floats, each holding lanes values read
	// contiguously (step q at src + q*stride), the rest zero.
	contig func(dst, src *float32, steps, stride, lanes, width int)
	// contig4, when present, is contig for four full slivers side by
	// side (step q of sliver s from src + q*stride + s*nr, to dst +
	// s*nr*kb + q*nr): reading a row's four cache lines together keeps
	// the reads of an untransposed B in order.
	contig4 func(dst, src *float32, steps, stride, kb int)
	// contig4Steps is the fewest steps a panel packs with contig4.
	contig4Steps int
	// rowsT, present with contig, packs 1 to nr/2 rows stored along k
	// (step q, at dst + q*dstStride, holds src[r*stride+q] in its first
	// width floats, width being mr or nr/2), transposing in registers.
	rowsT func(dst, src *float32, steps, stride, rows, width, dstStride int)
	// dot, when present, computes the dot products of dotRows rows a (the
	// others are ignored) with four rows b of length k, leaving ai·bj in
	// out[dotLane[4i+j]] (see dotProducts).
	dot     func(k int, a0, a1, a2, a3, b0, b1, b2, b3, out *float32)
	dotRows int
	dotLane *[16]int
	// short, when present, is a kernel with fewer rows for products whose
	// m fits it better (see blocked).
	short *kernel
	// pollFlops bounds the products after which the goroutines computing
	// them poll for the next one (see pollFlopsAVX2).
	pollFlops float64
	// blocking is the cache blocking of the kernel's products.
	blocking
}

// kernels are the micro-kernels this CPU runs, best first; empty means
// gonum's blas32 does the work. Set once at start-up.
var kernels = cpuKernels()

// Cache blocking in the BLIS order: a kc×nc panel of B is packed once and
// stays in L3 (nc), an mc×kc block of A is packed and stays in L2, and one
// kc×nr sliver of B stays in L1 (or L2) while the kernel walks the slivers
// of A. blockK and blockM are the AVX2 kernel's kc and mc (see blocking).
const (
	blockK = 256  // kc: depth of one packed panel
	blockM = 168  // mc: rows of A per packed block, rounded to mr
	blockN = 3072 // nc: columns of B per packed panel, rounded to nr
)

// blocking is a kernel's kc and mc, for products cut into chunks (ws.run)
// and for products that share panels (sharedK, sharedM).
type blocking struct {
	kc, mc             int
	sharedKC, sharedMC int
}

// blockingAVX2 is the AVX2 kernel's blocking, set for Zen 3's 32 KiB L1d
// and 512 KiB L2 (a 16 KiB sliver of B in L1, a 168 KiB block of A in L2).
var blockingAVX2 = blocking{kc: blockK, mc: blockM, sharedKC: sharedK, sharedMC: sharedM}

// blockingAVX512 is the AVX-512 kernels' blocking. The machines with
// AVX-512 have larger caches; on Zen 5 (48 KiB L1d and 1 MiB L2 a core,
// as CPUID leaf 0x80000005 and 0x80000006 report them in the 2-core VM
// measured, which has no /sys cache directory) the kernel ran at the same
// rate per flop from a 64 KiB sliver of B in L2 as from a 32 KiB one in
// L1, and deeper panels made fewer passes over C and fewer waits between
// panels. In quiet interleaved runs in one process, as shares of the FMA
// peak: 1024³ (shared panels) 81-82% with panels 512 deep, 82-84% 1024
// deep (one panel), 80% 768 deep; 512³ (chunks) 83% with kc 256, 85% with
// 512 (mc 252: 83%); ResNet-18's products the same within the noise but
// l1_fwd (k 576: 256+256+64 against 512+64), 69% against 74%.
var blockingAVX512 = blocking{kc: 512, mc: blockM, sharedKC: 1024, sharedMC: sharedM}

// workspace holds one goroutine's packing buffers. Workspaces are pooled so
// a warm Sgemm allocates nothing.
type workspace struct {
	a, b []float32   // packed A block and B panel
	tmp  []float32   // one mr×nr tile for the edges of C
	dot  [16]float32 // dot products from kernel.dot
}

var workspaces = sync.Pool{New: func() any { return new(workspace) }}

// grow returns x with length n, reusing its storage when it is big enough.
func grow(x []float32, n int) []float32 {
	if cap(x) < n {
		return make([]float32, n)
	}
	return x[:n]
}

func roundUp(x, m int) int { return (x + m - 1) / m * m }

// blocked computes the validated problem p (m, n, k, alpha all non-zero)
// with kernel kn, on several goroutines when it is big enough.
func blocked(kn *kernel, p *problem) {
	interrupt.Check()
	if useDot(kn, p) {
		ws := workspaces.Get().(*workspace)
		done := ws.dotProducts(kn, p)
		workspaces.Put(ws)
		if !done {
			raiseInterrupt()
		}
		return
	}
	if kn.short != nil && p.m <= 32 && roundUp(p.m, kn.short.mr) < roundUp(p.m, kn.mr) {
		kn = kn.short
	}
	parts, alongN := split(kn, p)
	if parts <= 1 {
		ws := workspaces.Get().(*workspace)
		done := ws.run(kn, p, 0, p.m, 0, p.n)
		workspaces.Put(ws)
		if !done {
			raiseInterrupt()
		}
		return
	}
	if !runParallel(kn, p, parts, alongN) {
		raiseInterrupt()
	}
}

// raiseInterrupt panics on the calling goroutine after a product stopped
// early because an interrupt was requested.
func raiseInterrupt() {
	interrupt.Check()
	// The request was withdrawn after the product stopped; C is incomplete
	// all the same, so the call must not look successful.
	panic(interrupt.ErrInterrupted)
}

// run computes rows [i0, i1) and columns [j0, j1) of C. It returns false,
// leaving C partly updated, when an interrupt is requested; it never panics
// on an interrupt because it also runs on worker goroutines.
func (ws *workspace) run(kn *kernel, p *problem, i0, i1, j0, j1 int) bool {
	mr, nr := kn.mr, kn.nr
	mc := roundUp(min(kn.mc, i1-i0), mr)
	ws.tmp = grow(ws.tmp, mr*nr)
	direct := unpackedB(kn, p, i1-i0)
	directA := !direct && unpackedA(kn, p, j1-j0)
	for jc := j0; jc < j1; jc += blockN {
		nb := min(blockN, j1-jc)
		for pc := 0; pc < p.k; pc += kn.kc {
			kb := min(kn.kc, p.k-pc)
			beta := p.beta
			if pc > 0 {
				beta = 1
			}
			ws.b = grow(ws.b, roundUp(nb, nr)*kb)
			if !direct {
				ws.packB(kn, p, pc, kb, jc, nb)
			} else if full := nb - nb%nr; full < nb {
				// Only the last, partial sliver is packed (at ws.b[0]):
				// reading it unpacked would run past the rows of B.
				ws.packB(kn, p, pc, kb, jc+full, nb-full)
			}
			for ic := i0; ic < i1; ic += mc {
				if interrupt.Requested() {
					return false
				}
				mb := min(mc, i1-ic)
				ws.a = grow(ws.a, roundUp(mb, mr)*kb)
				if !directA {
					ws.packA(kn, p, ic, mb, pc, kb)
				} else if full := mb - mb%mr; full < mb {
					// Only the last, partial sliver is packed (at
					// ws.a[0]): reading it unpacked would run past the
					// rows of A.
					ws.packA(kn, p, ic+full, mb-full, pc, kb)
				}
				ws.macro(kn, p, ws.a, ws.b, ic, mb, jc, nb, pc, kb, beta, direct, directA)
			}
		}
	}
	return true
}

// unpackedB reports whether a product whose C has m rows reads B unpacked
// (kernel.strideB): when B is not transposed and C has at most unpackedRows
// rows, each packed sliver of B would serve at most four tiles, and packing
// it costs about as much as the tiles (conv forward products: 8 or 16 rows).
func unpackedB(kn *kernel, p *problem, m int) bool {
	return kn.strideB != nil && kn.edge == nil && !p.transB && p.packB == nil && m <= unpackedRows*kn.mr
}

// unpackedRows is the number of row tiles up to which B is read unpacked.
const unpackedRows = 4

// unpackedA reports whether a product whose C has n columns reads A
// unpacked (kernel.rowsA): when A is not transposed and C has at most
// unpackedCols column tiles, each packed sliver of A would serve at most
// that many tiles, and packing it costs about as much as the tiles (conv
// forward products late in a network: 512 output channels, k = 4608, a
// 4×4 image).
func unpackedA(kn *kernel, p *problem, n int) bool {
	if p.transA {
		return kn.colsA != nil && n <= unpackedCols*kn.nr
	}
	return kn.rowsA != nil && n <= unpackedCols*kn.nr
}

// unpackedCols is the number of column tiles up to which A is read
// unpacked.
const unpackedCols = 2

// macro runs the kernel over every tile of the mb×nb block of C at (ic, jc)
// from the packed block pa of A and panel pb of B (with direct, from B
// itself at row pc for the full slivers, and from pb[0] for a last partial
// one; with directA, the same for A at column pc and pa[0]). Tiles cut by
// the edge of C go to the edge kernel (the last rows, when they fit it, to
// the short kernel's; see tailKernel), or without one through ws.tmp, so
// nothing outside C is touched.
func (ws *workspace) macro(kn *kernel, p *problem, pa, pb []float32, ic, mb, jc, nb, pc, kb int, beta float32, direct, directA bool) {
	mr, nr := kn.mr, kn.nr
	c, ldc, alpha := p.c, p.ldc, p.alpha
	for jr := 0; jr < nb; jr += nr {
		cols := min(nr, nb-jr)
		strided := direct && cols == nr
		var bp *float32
		switch {
		case strided:
			bp = &p.b[pc*p.ldb+jc+jr]
		case direct:
			bp = &pb[0]
		default:
			bp = &pb[jr*kb]
		}
		for ir := 0; ir < mb; ir += mr {
			rows := min(mr, mb-ir)
			off := (ic+ir)*ldc + jc + jr
			var ap *float32
			switch {
			case directA && rows == mr:
				if p.transA {
					ap = &p.a[pc*p.lda+ic+ir]
				} else {
					ap = &p.a[(ic+ir)*p.lda+pc]
				}
				if cols == nr {
					ws.kernelA(kn, p.transA, kb, ap, bp, &c[off], ldc, alpha, beta, p.lda)
					continue
				}
			case directA:
				ap = &pa[0]
			default:
				ap = &pa[ir*kb]
			}
			if rows == mr && cols == nr {
				if strided {
					kn.strideB(kb, ap, bp, &c[off], ldc, alpha, beta, p.ldb)
				} else {
					kn.fn(kb, ap, bp, &c[off], ldc, alpha, beta)
				}
				continue
			}
			if kn.edge != nil {
				if tk := tailKernel(kn, rows); tk != kn {
					if rows == tk.mr && cols == nr {
						tk.fn(kb, ap, bp, &c[off], ldc, alpha, beta)
					} else {
						tk.edge(kb, ap, bp, &c[off], ldc, alpha, beta, rows, cols)
					}
					continue
				}
				kn.edge(kb, ap, bp, &c[off], ldc, alpha, beta, rows, cols)
				continue
			}
			if strided {
				kn.strideB(kb, ap, bp, &ws.tmp[0], nr, alpha, 0, p.ldb)
			} else if directA && rows == mr {
				ws.kernelA(kn, p.transA, kb, ap, bp, &ws.tmp[0], nr, alpha, 0, p.lda)
			} else {
				kn.fn(kb, ap, bp, &ws.tmp[0], nr, alpha, 0)
			}
			for r := 0; r < rows; r++ {
				dst := c[off+r*ldc:][:cols]
				src := ws.tmp[r*nr:][:cols]
				if beta == 0 {
					copy(dst, src)
					continue
				}
				for j, v := range src {
					dst[j] = v + beta*dst[j]
				}
			}
		}
	}
}

// kernelA runs the kernel that reads A unpacked, as stored.
func (ws *workspace) kernelA(kn *kernel, transA bool, k int, a, b, c *float32, ldc int, alpha, beta float32, lda int) {
	if transA {
		kn.colsA(k, a, b, c, ldc, alpha, beta, lda)
	} else {
		kn.rowsA(k, a, b, c, ldc, alpha, beta, lda)
	}
}

// packA packs an mb×kb block of op(A) at (i0, p0) into ws.a, with the
// kernel's packers when it has them.
func (ws *workspace) packA(kn *kernel, p *problem, i0, mb, p0, kb int) {
	mr := kn.mr
	if kn.contig == nil {
		full := mb - mb%mr
		if full > 0 {
			packA(ws.a, p, i0, full, p0, kb, mr)
		}
		if full < mb {
			packA(ws.a[full*kb:], p, i0+full, mb-full, p0, kb, tailKernel(kn, mb-full).mr)
		}
		return
	}
	for s := 0; s < mb; s += mr {
		rows := min(mr, mb-s)
		d := &ws.a[s*kb]
		w := tailKernel(kn, rows).mr
		if p.transA {
			kn.contig(d, &p.a[p0*p.lda+i0+s], kb, p.lda, rows, w)
		} else {
			kn.rowsT(d, &p.a[(i0+s)*p.lda+p0], kb, p.lda, rows, w, w)
		}
	}
}

// tailKernel returns the kernel for a sliver of rows rows of A (fewer than
// kn.mr at the bottom of C): kn.short when they fit it, packed that many
// floats a step, else kn. The last 8 rows of 512 (36 tiles of 14 and 8)
// then cost an 8-row tile instead of a 14-row one.
func tailKernel(kn *kernel, rows int) *kernel {
	if sk := kn.short; sk != nil && sk.edge != nil && rows <= sk.mr {
		return sk
	}
	return kn
}

// packB packs a kb×nb panel of op(B) at (p0, j0) into ws.b, with the
// kernel's packers when it has them.
func (ws *workspace) packB(kn *kernel, p *problem, p0, kb, j0, nb int) {
	packPanelB(kn, p, ws.b, p0, kb, j0, nb)
}

// packPanelB packs a kb×nb panel of op(B) at (p0, j0) into dst, sliver t
// (columns j0+t*nr on) at dst[t*nr*kb:].
func packPanelB(kn *kernel, p *problem, dst []float32, p0, kb, j0, nb int) {
	nr := kn.nr
	if p.packB != nil {
		p.packB(dst[:roundUp(nb, nr)*kb], p0, kb, j0, nb, nr)
		return
	}
	if kn.contig == nil {
		packB(dst, p, p0, kb, j0, nb, nr)
		return
	}
	t := 0
	if !p.transB && kn.contig4 != nil && kb >= kn.contig4Steps {
		for ; t+4*nr <= nb; t += 4 * nr {
			kn.contig4(&dst[t*kb], &p.b[p0*p.ldb+j0+t], kb, p.ldb, kb)
		}
	}
	for ; t < nb; t += nr {
		cols := min(nr, nb-t)
		d := &dst[t*kb]
		if !p.transB {
			kn.contig(d, &p.b[p0*p.ldb+j0+t], kb, p.ldb, cols, nr)
			continue
		}
		// Two transposes of up to nr/2 columns each fill the two halves
		// of every step.
		h := nr / 2
		src := p.b[(j0+t)*p.ldb+p0:]
		kn.rowsT(d, &src[0], kb, p.ldb, min(cols, h), h, nr)
		if cols > h {
			kn.rowsT(&dst[t*kb+h], &src[h*p.ldb], kb, p.ldb, cols-h, h, nr)
			continue
		}
		for q := 0; q < kb; q++ {
			clear(dst[t*kb+q*nr+h : t*kb+(q+1)*nr])
		}
	}
}

// packA copies rows [i0, i0+mb) and columns [p0, p0+kb) of op(A) into dst as
// slivers of mr rows: sliver s holds, for each of the kb steps, mr values of
// one column. Rows past the edge are zero.
func packA(dst []float32, p *problem, i0, mb, p0, kb, mr int) {
	a, lda := p.a, p.lda
	if p.transA {
		// op(A)[i][q] = a[q*lda+i]: each step is a contiguous run.
		for q := 0; q < kb; q++ {
			row := a[(p0+q)*lda+i0:][:mb]
			for s := 0; s < mb; s += mr {
				d := dst[s*kb+q*mr:][:mr]
				n := copy(d, row[s:min(s+mr, mb)])
				clear(d[n:])
			}
		}
		return
	}
	// op(A)[i][q] = a[i*lda+q]: each row is contiguous, the sliver strided.
	for s := 0; s < mb; s += mr {
		d := dst[s*kb:][:mr*kb]
		rows := min(mr, mb-s)
		for r := 0; r < rows; r++ {
			src := a[(i0+s+r)*lda+p0:][:kb]
			scatter(d[r:], src, mr)
		}
		if rows < mr {
			for q := 0; q < kb; q++ {
				clear(d[q*mr+rows : (q+1)*mr])
			}
		}
	}
}

// packB copies rows [p0, p0+kb) and columns [j0, j0+nb) of op(B) into dst as
// slivers of nr columns: sliver t holds, for each of the kb steps, nr values
// of one row. Columns past the edge are zero.
func packB(dst []float32, p *problem, p0, kb, j0, nb, nr int) {
	b, ldb := p.b, p.ldb
	if !p.transB {
		// op(B)[q][j] = b[q*ldb+j]: each step is a contiguous run.
		for q := 0; q < kb; q++ {
			row := b[(p0+q)*ldb+j0:][:nb]
			for t := 0; t < nb; t += nr {
				d := dst[t*kb+q*nr:][:nr]
				n := copy(d, row[t:min(t+nr, nb)])
				clear(d[n:])
			}
		}
		return
	}
	// op(B)[q][j] = b[j*ldb+q]: each column is contiguous, the sliver strided.
	for t := 0; t < nb; t += nr {
		d := dst[t*kb:][:nr*kb]
		cols := min(nr, nb-t)
		for c := 0; c < cols; c++ {
			src := b[(j0+t+c)*ldb+p0:][:kb]
			scatter(d[c:], src, nr)
		}
		if cols < nr {
			for q := 0; q < kb; q++ {
				clear(d[q*nr+cols : (q+1)*nr])
			}
		}
	}
}

// scatter writes src[q] to dst[q*stride].
func scatter(dst, src []float32, stride int) {
	if len(src) == 0 {
		return
	}
	_ = dst[(len(src)-1)*stride]
	for q, v := range src {
		dst[q*stride] = v
	}
}
