package tensorlib

import (
	"math"
	"runtime"

	"github.com/gohooks/gohooks/internal/vmath"
)

// Softmax along a dimension other than the last: each of the outer slabs
// is n rows of inner contiguous values, and the softmax runs down the
// columns. The kernels go row by row over chunks of laneChunk columns, so
// that every step is a vector operation over contiguous memory and the
// columns' running maxima and sums stay in cache, where one column at a
// time would stride through memory for every element. The arithmetic is
// PyTorch 1.13's: softmax in float32 (_vec_softmax: the maximum, e^(x-m)
// summed in float32, times 1/Σ), log-softmax and both backward passes with
// their sums in float64 (host_softmax and host_softmax_backward).

// laneChunk is the number of columns one step handles: its maxima and
// float64 sums take 6 KiB.
const laneChunk = 512

// forLaneChunks calls fn(base, c0, c1) for every outer slab (base its first
// element) and chunk [c0, c1) of its inner columns, on several goroutines
// when the tensor is large.
func forLaneChunks(outer, n, inner int, fn func(base, c0, c1 int)) {
	if outer*n*inner == 0 {
		return
	}
	chunks := (inner + laneChunk - 1) / laneChunk
	items := outer * chunks
	run := func(it int) {
		o, c := it/chunks, it%chunks
		fn(o*n*inner, c*laneChunk, min((c+1)*laneChunk, inner))
	}
	if outer*n*inner < parallelElems || items < 2 || runtime.GOMAXPROCS(0) < 2 {
		for it := range items {
			run(it)
		}
		return
	}
	runSamples(items, min(runtime.GOMAXPROCS(0), items), func(_, it int) { run(it) })
}

// softmaxLanes writes softmax (or log-softmax) of x down the columns of
// every slab into out.
func softmaxLanes(out, x []float32, outer, n, inner int, log bool) {
	forLaneChunks(outer, n, inner, func(base, c0, c1 int) {
		var mb, sb [laneChunk]float32
		var acc [laneChunk]float64
		w := c1 - c0
		m, s, a := mb[:w], sb[:w], acc[:w]
		row := func(k int) (lo, hi int) { return base + k*inner + c0, base + k*inner + c1 }
		lo, hi := row(0)
		copy(m, x[lo:hi])
		for k := 1; k < n; k++ {
			lo, hi := row(k)
			vmath.Maximum(m, m, x[lo:hi])
		}
		for k := range n {
			lo, hi := row(k)
			y := out[lo:hi]
			vmath.Sub(y, x[lo:hi], m)
			vmath.Exp(y, y)
			if log {
				vmath.AddWiden(a, y)
			} else {
				vmath.Add(s, s, y)
			}
		}
		if !log {
			vmath.Reciprocal(s, s)
			for k := range n {
				lo, hi := row(k)
				vmath.Mul(out[lo:hi], out[lo:hi], s)
			}
			return
		}
		for j, v := range a {
			a[j] = math.Log(v)
		}
		for k := range n {
			lo, hi := row(k)
			y, xr := out[lo:hi], x[lo:hi]
			for j, v := range xr {
				y[j] = float32(float64(v-m[j]) - a[j])
			}
		}
	})
}

// softmaxLanesBackward writes the gradient of softmaxLanes into d, from
// the output y and its gradient g: y·(g - Σg·y) for softmax, g - e^y·Σg
// for log-softmax.
func softmaxLanesBackward(d, g, y []float32, outer, n, inner int, log bool) {
	forLaneChunks(outer, n, inner, func(base, c0, c1 int) {
		var acc [laneChunk]float64
		a := acc[:c1-c0]
		if log {
			vmath.AddWidenRows(a, g[base+c0:], inner, n)
		} else {
			vmath.AddWidenProductRows(a, g[base+c0:], y[base+c0:], inner, n)
		}
		for k := range n {
			lo := base + k*inner + c0
			gr, yr, dr := g[lo:lo+len(a)], y[lo:lo+len(a)], d[lo:lo+len(a)]
			if log {
				vmath.Exp(dr, yr)
				for j, e := range dr {
					dr[j] = float32(float64(gr[j]) - float64(e)*a[j])
				}
			} else {
				for j, v := range yr {
					dr[j] = float32(float64(v) * (float64(gr[j]) - a[j]))
				}
			}
		}
	})
}
