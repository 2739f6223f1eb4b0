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
			return []*Tensor{fromData(d, t.shape)}
		}
		softmaxLanesBackward(d, g.data, out.data, outer, n, inner, false)
		return []*Tensor{fromData(d, t.shape)}
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
			return []*Tensor{fromData(d, t.shape)}
		}
		softmaxLanesBackward(d, g.data, out.data, outer, n, inner, true)
		return []*Tensor{fromData(d, t.shape)}
	})
}

// softmax computes softmax or log-softmax along dim. Along the last
// dimension (contiguous rows) each row is one pass for the maximum and one
// that writes e^(x-max) and sums it (vmath), then a scale by 1/Σ, or
// x - max - log Σ for log-softmax.
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
	if inner == 1 && n > 0 && log {
		// The logarithms of the rows' sums go through the vector kernel
		// together, logRows rows at a time: one scalar math.Log a row
		// cost as much as a pass over a row of 64.
		forRows(outer, n, func(lo, hi int) {
			var m, s [logRows]float32
			for r0 := lo; r0 < hi; r0 += logRows {
				k := min(logRows, hi-r0)
				for i := range k {
					r := r0 + i
					x, y := t.data[r*n:(r+1)*n], out[r*n:(r+1)*n]
					m[i] = vmath.Max(x)
					s[i] = vmath.ExpShiftSum(y, x, m[i])
				}
				vmath.Log(s[:k], s[:k])
				for i := range k {
					r := r0 + i
					vmath.AddConst(out[r*n:(r+1)*n], t.data[r*n:(r+1)*n], -(m[i] + s[i]))
				}
			}
		})
		return fromData(out, slices.Clone(t.shape))
	}
	if inner == 1 && n > 0 {
		forRows(outer, n, func(lo, hi int) {
			for r := lo; r < hi; r++ {
				x, y := t.data[r*n:(r+1)*n], out[r*n:(r+1)*n]
				m := vmath.Max(x)
				s := vmath.ExpShiftSum(y, x, m)
				vmath.Scale(y, y, 1/s)
			}
		})
		return fromData(out, slices.Clone(t.shape))
	}
	softmaxLanes(out, t.data, outer, n, inner, log)
	return fromData(out, slices.Clone(t.shape))
}

// Rows shorter than shortRow (the classes of a batch of logits) go through
// the exponential together, shortRows rows at a time: one vector call per
// row would spend more on its eight-lane tail and on its start than on
// the row. Log-softmax takes the logarithms of logRows rows' sums in one
// vector call.
const (
	shortRow  = 32
	shortRows = 256
	logRows   = 64
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
