package tensorlib

import (
	"math"
	"slices"

	"github.com/gohooks/gohooks/internal/vmath"
)

// Softmax returns exp(x)/Σexp(x) along dim, computed stably.
func (t *Tensor) Softmax(dim int) *Tensor {
	out := t.softmax("Softmax", dim, false)
	outer, n, inner := t.lanes("Softmax", dim)
	return record("SoftmaxBackward0", out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		// dx = y * (g - Σ g·y)
		d := newBuf(len(t.data))
		if inner == 1 {
			// Rows: the sum of float32 products in float64 (vmath.DevSums
			// with a zero mean), then two vector passes.
			forRows(outer, n, func(lo, hi int) {
				for r := lo; r < hi; r++ {
					gr, yr, dr := g.data[r*n:(r+1)*n], out.data[r*n:(r+1)*n], d[r*n:(r+1)*n]
					_, dot := vmath.DevSums(gr, yr, 0)
					vmath.AddConst(dr, gr, -float32(dot))
					vmath.Mul(dr, dr, yr)
				}
			})
			return []*Tensor{ownedGrad(d, t.shape)}
		}
		softmaxLanesBackward(d, g.data, out.data, outer, n, inner, false)
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// LogSoftmax returns x - log Σexp(x) along dim, computed stably.
func (t *Tensor) LogSoftmax(dim int) *Tensor {
	out := t.softmax("LogSoftmax", dim, true)
	outer, n, inner := t.lanes("LogSoftmax", dim)
	return record("LogSoftmaxBackward0", out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		// dx = g - softmax * Σg
		d := newBuf(len(t.data))
		if inner == 1 {
			forRows(outer, n, func(lo, hi int) {
				// Short rows share one call of the vector kernel.
				if n < shortRow {
					vmath.Exp(d[lo*n:hi*n], out.data[lo*n:hi*n])
				}
				for r := lo; r < hi; r++ {
					gr, dr := g.data[r*n:(r+1)*n], d[r*n:(r+1)*n]
					if n < shortRow {
						var s float32
						for _, v := range gr {
							s += v
						}
						for i, v := range gr {
							dr[i] = v - dr[i]*s
						}
						continue
					}
					s := float32(vmath.Sum64(gr))
					vmath.Exp(dr, out.data[r*n:(r+1)*n])
					vmath.ScaleAddScaled(dr, gr, -s, 1)
				}
			})
			return []*Tensor{ownedGrad(d, t.shape)}
		}
		softmaxLanesBackward(d, g.data, out.data, outer, n, inner, true)
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// softmax computes softmax or log-softmax along dim. Along the last
// dimension (contiguous rows) each row is one pass for the maximum and one
// that writes e^(x-max) and sums it (vmath), then a scale by 1/Σ, or
// x - (max + log Σ) for log-softmax.
func (t *Tensor) softmax(op string, dim int, log bool) *Tensor {
	outer, n, inner := t.lanes(op, dim)
	out := newBuf(len(t.data))
	if inner == 1 && n > 0 && n < shortRow {
		forRows(outer, n, func(lo, hi int) {
			for r := lo; r < hi; r += shortRows {
				e := min(hi, r+shortRows)
				softmaxShortRows(out[r*n:e*n], t.data[r*n:e*n], n, log)
			}
		})
		return fromData(out, slices.Clone(t.shape))
	}
	if inner == 1 && n > 0 {
		softmaxRows(out, t.data, outer, n, log)
		return fromData(out, slices.Clone(t.shape))
	}
	softmaxLanes(out, t.data, outer, n, inner, log)
	return fromData(out, slices.Clone(t.shape))
}

// softmaxRows computes softmax or log-softmax over the rows of n elements
// (n ≥ shortRow) of x into out. Rows go through vmath a block at a time
// (at most rowBlock rows, about rowBlockElems elements): the maxima,
// exponentials and sums in one call, the logarithms of the sums in one
// vector call (one scalar math.Log a row cost as much as a pass over a
// row of 64), then x - (max + log Σ) or e·(1/Σ) in one more.
func softmaxRows(out, x []float32, rows, n int, log bool) {
	per := min(rowBlock, max(1, rowBlockElems/n))
	forRows(rows, n, func(lo, hi int) {
		var m, s [rowBlock]float32
		for r0 := lo; r0 < hi; r0 += per {
			k := min(per, hi-r0)
			x, y := x[r0*n:(r0+k)*n], out[r0*n:(r0+k)*n]
			vmath.ExpSumRows(y, x, n, m[:k], s[:k])
			if log {
				vmath.Log(s[:k], s[:k])
				for i := range k {
					s[i] = -(m[i] + s[i])
				}
				vmath.AddRows(y, x, n, s[:k])
			} else {
				for i := range k {
					s[i] = 1 / s[i]
				}
				vmath.ScaleRows(y, y, n, s[:k])
			}
		}
	})
}

// Rows shorter than shortRow (the classes of a batch of logits) go through
// the exponential together, shortRows rows at a time: one vector call per
// row would spend more on its eight-lane tail and on its start than on
// the row. Longer rows go through vmath in blocks of rowBlock rows or
// about rowBlockElems elements, whichever is fewer (the block's input and
// output stay in the first-level cache between its passes).
const (
	shortRow      = 32
	shortRows     = 256
	rowBlock      = 64
	rowBlockElems = 4096
)

// softmaxShortRows computes softmax (or log-softmax) over each row of n
// elements of x (at most shortRows rows) into y, with the same steps as
// the long-row path: e^(x-max), the sum in float32, then e·(1/Σ) or
// x - (max + log Σ).
func softmaxShortRows(y, x []float32, n int, log bool) {
	var maxes [shortRows]float32
	rows := len(x) / n
	for r := range rows {
		xr, yr := x[r*n:(r+1)*n], y[r*n:(r+1)*n]
		m := xr[0]
		for _, v := range xr[1:] {
			if v > m {
				m = v
			}
		}
		maxes[r] = m
		for i, v := range xr {
			yr[i] = v - m
		}
	}
	vmath.Exp(y, y)
	for r := range rows {
		xr, yr := x[r*n:(r+1)*n], y[r*n:(r+1)*n]
		var s float32
		for _, v := range yr {
			s += v
		}
		if log {
			c := -(maxes[r] + float32(math.Log(float64(s))))
			for i, v := range xr {
				yr[i] = v + c
			}
		} else {
			inv := 1 / s
			for i := range yr {
				yr[i] *= inv
			}
		}
	}
}
