package gemm

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// Big products split across cores share their packed panels of B. Cut
// into column chunks, every goroutine would pack all of A for its own
// columns (each core packing the whole of A, that half of the packing done
// twice); cut into row chunks, all of B. Instead the goroutines pack each
// kc×n panel of B together, into one buffer, claiming a few slivers at a
// time, then compute C from it in bands of rows, a few bands per
// goroutine, each packing the blocks of A of the bands it computes.
// Everything is packed once.
//
// The panels are taken in order, with up to four buffers in turn (nbuf):
// panel t is packed into buffer t%nbuf once every band of panel t-nbuf is
// computed, and its bands are computed once all of it is packed. Band b
// of panel t waits for band b of panel t-1, which updates the same rows of
// C. Each goroutine prefers its own bands (b ≡ its index mod the
// goroutines), so that on a quiet machine each keeps to its rows; one that
// finds its own bands taken takes others that are free, so a goroutine
// that starts late, or a worker busy with another caller's product, leaves
// its share to the others instead of holding them up. A goroutine only
// waits for work that others have claimed, and claims nothing while it
// waits, so the waits end.

// sharedMinRows, sharedMinCols and sharedMaxCols bound the products that
// share panels: with fewer rows than this, each goroutine would get less
// than a block of A. With 512 columns or fewer, each goroutine's half of a
// panel of B (256 KiB) stays in its own L2, while a shared panel is read
// from L3 for every band; in paired runs in one process that made up for
// packing A twice (512³: 1.5% slower shared, 1024³: 7% faster, medians of
// a dozen runs on the busy machine). With more than sharedMaxCols columns,
// packing all of A costs each goroutine little next to its chunk of
// columns (A's m·k floats against 2·m·k·n/2 flops), and chunks, which need
// no coordination, did better on a busy machine (ResNet-18's weight
// gradients, 2304 and 4608 columns: 3-15%).
const (
	sharedMinRows = 256
	sharedMinCols = 513
	sharedMaxCols = 1536
)

// sharedMinFlops is the smallest product that shares panels.
const sharedMinFlops = 2 * 200 * 200 * 200

// sharedK and sharedM are the AVX2 kernel's depth of the panels and most
// rows of a block of A when panels are shared (kernel.sharedKC and
// sharedMC; see blockingAVX512 for the AVX-512 kernels'): twice blockK,
// and a block of A a
// little smaller than blockK·blockM (240 KiB, in L2 with the sliver of B
// being read). A deeper panel halves the passes over C and the waits
// between panels: with shared panels, 1024³ was 3-6% faster than with
// kc 256 and mc 168 (paired runs in one process on the busy machine, load
// average 5-6); on one goroutine, with chunks, it made no difference.
const (
	sharedK = 512
	sharedM = 120
)

// maxPanelBufs is the most buffers for panels of B, and panelBufFloats
// the most floats they hold together (beyond two buffers).
const (
	maxPanelBufs   = 4
	panelBufFloats = 2 << 20
)

// bandsPerPart is the most bands of rows per goroutine.
const bandsPerPart = 4

// sharedGroup is the number of slivers of B a goroutine claims to pack at
// a time.
const sharedGroup = 4

// sharePanels switches the shared panels off for BenchmarkSharedPanels,
// which compares the two splits in one process.
var sharePanels = true

// useShared reports whether the parts goroutines computing p share packed
// panels of B.
func useShared(kn *kernel, p *problem, parts int) bool {
	return sharePanels && parts >= 2 && kn.contig != nil &&
		2*float64(p.m)*float64(p.n)*float64(p.k) >= sharedMinFlops &&
		p.m >= sharedMinRows && p.n >= sharedMinCols && p.n <= sharedMaxCols &&
		!unpackedB(kn, p, p.m) && !unpackedA(kn, p, p.n)
}

// sharedPanels is the state of one product that shares panels of B: the
// plan, the buffers, and the counters through which the goroutines
// claim work and see what is done.
type sharedPanels struct {
	kc, nc int // depth of a panel, and its width (n, rounded up to nr)
	count  int // panels
	parts  int // goroutines
	bands  int // bands of rows of C, a few per goroutine
	tiles  int // row tiles of C, shared out among the bands
	bufs   [maxPanelBufs][]float32
	nbuf   int // buffers in use
	stage  []panelStage
	// claimed[t*bands+b] is set by the goroutine that computes band b of
	// panel t; bandDone[b] counts the panels computed for band b.
	claimed  []atomic.Bool
	bandDone []paddedCounter
	// A goroutine that has polled for sharedSpin parks on wake; whoever
	// advances a counter broadcasts when sleepers is not zero.
	mu       sync.Mutex
	wake     sync.Cond
	sleepers atomic.Int64
}

type paddedCounter struct {
	n atomic.Int64
	_ [56]byte
}

// panelStage counts the claims and completions of one panel.
type panelStage struct {
	packNext, packDone atomic.Int64 // sliver groups of B
	compDone           atomic.Int64 // bands of rows
	_                  [40]byte     // keep stages on separate cache lines
}

// plan lays out p for parts goroutines and clears the counters.
func (sp *sharedPanels) plan(kn *kernel, p *problem, parts int) {
	sp.kc = min(kn.sharedKC, p.k)
	// Even depths: a last panel of a few steps would cost a whole pass.
	if kp := (p.k + kn.sharedKC - 1) / kn.sharedKC; kp > 1 {
		sp.kc = roundUp((p.k+kp-1)/kp, 4)
	}
	// One panel spans all of B's columns (sharedMaxCols ≤ blockN).
	sp.nc = roundUp(p.n, kn.nr)
	sp.count = (p.k + sp.kc - 1) / sp.kc
	sp.tiles = (p.m + kn.mr - 1) / kn.mr
	sp.parts = parts
	// A few bands per goroutine, of at least eight tiles: the last ones
	// of a product go to whichever goroutine is free, so the goroutines
	// finish together although one started later (a worker wakes up tens
	// of microseconds after the caller starts).
	sp.bands = parts * max(1, min(bandsPerPart, sp.tiles/(8*parts)))
	if sp.wake.L == nil {
		sp.wake.L = &sp.mu
	}
	// More buffers let a goroutine run further ahead of one that is off
	// its core (on a busy machine) before it has to wait.
	sp.nbuf = min(sp.count, max(2, min(maxPanelBufs, panelBufFloats/(sp.kc*sp.nc))))
	for i := range sp.nbuf {
		sp.bufs[i] = grow(sp.bufs[i], sp.kc*sp.nc)
	}
	if cap(sp.stage) < sp.count {
		sp.stage = make([]panelStage, sp.count)
	}
	sp.stage = sp.stage[:sp.count]
	for i := range sp.stage {
		st := &sp.stage[i]
		st.packNext.Store(0)
		st.packDone.Store(0)
		st.compDone.Store(0)
	}
	if cap(sp.claimed) < sp.count*sp.bands {
		sp.claimed = make([]atomic.Bool, sp.count*sp.bands)
	}
	sp.claimed = sp.claimed[:sp.count*sp.bands]
	for i := range sp.claimed {
		sp.claimed[i].Store(false)
	}
	if cap(sp.bandDone) < sp.bands {
		sp.bandDone = make([]paddedCounter, sp.bands)
	}
	sp.bandDone = sp.bandDone[:sp.bands]
	for i := range sp.bandDone {
		sp.bandDone[i].n.Store(0)
	}
}

// claim picks a band of panel t for goroutine home: the first free one of
// its own (home, home+parts, ...), else a free band whose previous panel
// is done, else any free band; -1 when every band is taken.
func (sp *sharedPanels) claim(t, home int) int {
	flags := sp.claimed[t*sp.bands:][:sp.bands]
	for b := home; b < sp.bands; b += sp.parts {
		if !flags[b].Load() && flags[b].CompareAndSwap(false, true) {
			return b
		}
	}
	for pass := 0; pass < 2; pass++ {
		for b := range flags {
			if pass == 0 && sp.bandDone[b].n.Load() < int64(t) {
				continue
			}
			if !flags[b].Load() && flags[b].CompareAndSwap(false, true) {
				return b
			}
		}
	}
	return -1
}

// band returns the rows [i0, i1) of C of band r.
func (sp *sharedPanels) band(kn *kernel, p *problem, r int) (i0, i1 int) {
	t0 := r * sp.tiles / sp.bands
	t1 := (r + 1) * sp.tiles / sp.bands
	return t0 * kn.mr, min(t1*kn.mr, p.m)
}

// sharedSpin is how long waitFor polls before it parks: about twice the
// time to pack a group of slivers, the usual wait on a quiet machine. On
// a busy one the goroutine waited for is often off its core, and a
// goroutine polling longer would only keep it off.
const sharedSpin = 20 * time.Microsecond

// waitFor returns once x reaches v: it polls for up to sharedSpin,
// yielding to other goroutines, then parks until a counter moves.
func (sp *sharedPanels) waitFor(x *atomic.Int64, v int64) {
	if x.Load() >= v {
		return
	}
	start := time.Now()
	for i := 1; x.Load() < v; i++ {
		if i%16 == 0 && time.Since(start) > sharedSpin {
			sp.mu.Lock()
			sp.sleepers.Add(1)
			for x.Load() < v {
				sp.wake.Wait()
			}
			sp.sleepers.Add(-1)
			sp.mu.Unlock()
			return
		}
		runtime.Gosched()
	}
}

// advance adds one to x and wakes the goroutines parked in waitFor.
func (sp *sharedPanels) advance(x *atomic.Int64) {
	x.Add(1)
	if sp.sleepers.Load() != 0 {
		sp.mu.Lock()
		sp.wake.Broadcast()
		sp.mu.Unlock()
	}
}

// sharedWork is work for a call that shares panels of B. After an
// interrupt, the goroutines go on through the panels but skip the work, so
// that the counters others wait on still advance.
func (cl *call) sharedWork() {
	sp, kn, p := cl.panels, cl.kn, &cl.p
	home := (int(cl.next.Add(1)) - 1) % sp.parts
	ws := workspaces.Get().(*workspace)
	mr, nr := kn.mr, kn.nr
	ws.tmp = grow(ws.tmp, mr*nr)
	for t := 0; t < sp.count; t++ {
		pc := t * sp.kc
		nb, kb := p.n, min(sp.kc, p.k-pc)
		st := &sp.stage[t]
		buf := sp.bufs[t%sp.nbuf]
		if st.compDone.Load() == int64(sp.bands) {
			continue // a late worker: this panel is finished
		}
		if t >= sp.nbuf {
			sp.waitFor(&sp.stage[t-sp.nbuf].compDone, int64(sp.bands))
		}
		groups := int64((nb + sharedGroup*nr - 1) / (sharedGroup * nr))
		for {
			g := int(st.packNext.Add(1)) - 1
			if g >= int(groups) {
				break
			}
			if !cl.stopped.Load() {
				j := g * sharedGroup * nr
				packPanelB(kn, p, buf[j*kb:], pc, kb, j, min(sharedGroup*nr, nb-j))
			}
			sp.advance(&st.packDone)
		}
		sp.waitFor(&st.packDone, groups)
		beta := p.beta
		if pc > 0 {
			beta = 1
		}
		for {
			b := sp.claim(t, home)
			if b < 0 {
				break
			}
			sp.waitFor(&sp.bandDone[b].n, int64(t))
			if !cl.stopped.Load() && !ws.band(kn, p, sp, b, buf, pc, kb, beta) {
				cl.stopped.Store(true)
			}
			sp.advance(&sp.bandDone[b].n)
			sp.advance(&st.compDone)
			if cl.left.Add(-1) == 0 {
				cl.done <- struct{}{}
			}
		}
	}
	workspaces.Put(ws)
}

// band computes band b of C for the panel of B packed in buf, in blocks of
// A of at most kn.sharedMC rows of about equal size. It returns false, leaving
// the band partly updated, when an interrupt is requested.
func (ws *workspace) band(kn *kernel, p *problem, sp *sharedPanels, b int, buf []float32, pc, kb int, beta float32) bool {
	mr := kn.mr
	i0, i1 := sp.band(kn, p, b)
	if i1 <= i0 {
		return true
	}
	blocks := (i1 - i0 + kn.sharedMC - 1) / kn.sharedMC
	mc := roundUp((i1-i0+blocks-1)/blocks, mr)
	for ic := i0; ic < i1; ic += mc {
		if interrupt.Requested() {
			return false
		}
		mb := min(mc, i1-ic)
		ws.a = grow(ws.a, roundUp(mb, mr)*kb)
		ws.packA(kn, p, ic, mb, pc, kb)
		ws.macro(kn, p, ws.a, buf, ic, mb, 0, p.n, pc, kb, beta, false, false)
	}
	return true
}
