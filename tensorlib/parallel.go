package tensorlib

import (
	"runtime"

	"github.com/gohooks/gohooks/internal/interrupt"
	"github.com/gohooks/gohooks/internal/parallel"
)

// Element-wise loops over at least parallelElems elements are cut into
// blocks of elemBlock elements that GOMAXPROCS goroutines take in turn
// (runSamples), checking for a user interrupt between blocks. Below it,
// handing blocks to another core costs more than it saves.
const (
	parallelElems = 1 << 16
	elemBlock     = 1 << 14
)

// forBlocks calls fn(lo, hi) over [0, n) in blocks, on several goroutines
// when n is large enough. fn must touch only elements lo to hi of its
// slices.
func forBlocks(n int, fn func(lo, hi int)) {
	if n < parallelElems || runtime.GOMAXPROCS(0) < 2 {
		fn(0, n)
		return
	}
	blocks := (n + elemBlock - 1) / elemBlock
	runSamples(blocks, min(runtime.GOMAXPROCS(0), blocks), func(_, b int) {
		fn(b*elemBlock, min((b+1)*elemBlock, n))
	})
}

// runSamples calls fn(worker, s) for every s in [0, n), on up to workers
// goroutines: the caller and the helpers of package parallel, which stay
// awake between operations that follow each other closely. Each goroutine
// takes the next s not yet taken, so one the scheduler holds back delays
// the others by one item at most. It checks for a user interrupt before
// each item; a panic in a worker (an interrupt or a bug) is raised again
// on the calling goroutine once every worker has stopped.
func runSamples(n, workers int, fn func(worker, s int)) {
	parallel.For(n, workers, func(wk, s int) {
		interrupt.Check()
		fn(wk, s)
	})
}

// forItems calls fn(lo, hi) over [0, n) items of about perItem elements of
// work each: in one call when the whole is below parallelElems, else in
// chunks of about elemBlock elements (at least one item) shared out among
// the cores by runSamples, with its interrupt checks. fn must touch only
// the outputs of items lo to hi.
func forItems(n, perItem int, fn func(lo, hi int)) {
	perItem = max(perItem, 1)
	if n < 2 || n*perItem < parallelElems || runtime.GOMAXPROCS(0) < 2 {
		fn(0, n)
		return
	}
	per := max(1, elemBlock/perItem)
	chunks := (n + per - 1) / per
	runSamples(chunks, min(runtime.GOMAXPROCS(0), chunks), func(_, c int) {
		fn(c*per, min((c+1)*per, n))
	})
}
