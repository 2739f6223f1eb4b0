package tensorlib

import (
	"math"

	"github.com/gohooks/gohooks/internal/vmath"
)

// Reductions over one run of consecutive dimensions (one dim, all of them,
// the last two of an image...) see the tensor as outer slabs of n rows of
// inner contiguous values, and reduce down the rows: with inner = 1 each
// output is one contiguous row (a vector kernel), otherwise each row adds
// into a vector of inner outputs, a chunk of columns at a time. Other
// sets of dimensions take walkReduced's element-by-element path.

// reducedRun returns the lanes of t around the dimensions r reduces, when
// they form one run (dimensions of size 1 may sit anywhere).
func (t *Tensor) reducedRun(r reduction) (outer, n, inner int, ok bool) {
	first, last := -1, -1
	for i, s := range t.shape {
		if r.keep[i] == 1 && s != 1 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return len(t.data), 1, 1, true
	}
	outer, n, inner = 1, 1, 1
	for i, s := range t.shape {
		switch {
		case i < first:
			outer *= s
		case i > last:
			inner *= s
		case r.keep[i] != 1:
			return 0, 0, 0, false // a kept dimension inside the run
		default:
			n *= s
		}
	}
	return outer, n, inner, true
}

// forOutputs computes every output of the lanes, in parallel when the
// tensor is large: row(o) computes output o when inner is 1 (its row is
// x[o*n:(o+1)*n]); otherwise cols(o, base, c0, c1) computes outputs
// o*inner+c0 to o*inner+c1, whose rows start at base + k*inner + c0.
func forOutputs(outer, n, inner int, row func(o int), cols func(o, base, c0, c1 int)) {
	if inner == 1 {
		forRows(outer, n, func(lo, hi int) {
			for o := lo; o < hi; o++ {
				row(o)
			}
		})
		return
	}
	forLaneChunks(outer, n, inner, func(base, c0, c1 int) { cols(base/(n*inner), base, c0, c1) })
}

// extremeLanes sets best to the maxima (isMax) or minima along the rows,
// NaN where a lane holds one.
func extremeLanes(best, x []float32, outer, n, inner int, isMax bool) {
	forOutputs(outer, n, inner, func(o int) {
		best[o] = vmath.Extreme(x[o*n:(o+1)*n], isMax)
	}, func(o, base, c0, c1 int) {
		b := best[o*inner+c0 : o*inner+c1]
		copy(b, x[base+c0:base+c1])
		for k := 1; k < n; k++ {
			row := x[base+k*inner+c0 : base+k*inner+c1]
			if isMax {
				vmath.Maximum(b, b, row)
			} else {
				vmath.Minimum(b, b, row)
			}
		}
	})
}

// extremeLanesBackward shares each output's gradient evenly among the
// elements equal to it (none when it is NaN), as torch.amax does.
func extremeLanesBackward(d, g, x, best []float32, outer, n, inner int) {
	forOutputs(outer, n, inner, func(o int) {
		row, dr, b := x[o*n:(o+1)*n], d[o*n:(o+1)*n], best[o]
		ties := 0
		for _, v := range row {
			if v == b {
				ties++
			}
		}
		share := g[o] / float32(ties)
		for j, v := range row {
			dr[j] = 0
			if v == b {
				dr[j] = share
			}
		}
	}, func(o, base, c0, c1 int) {
		var tieBuf [laneChunk]float32
		b, gs, ties := best[o*inner+c0:o*inner+c1], g[o*inner+c0:o*inner+c1], tieBuf[:c1-c0]
		for k := range n {
			for j, v := range x[base+k*inner+c0 : base+k*inner+c1] {
				if v == b[j] {
					ties[j]++
				}
			}
		}
		for k := range n {
			lo := base + k*inner + c0
			dr := d[lo : lo+len(b)]
			for j, v := range x[lo : lo+len(b)] {
				dr[j] = 0
				if v == b[j] {
					dr[j] = gs[j] / ties[j]
				}
			}
		}
	})
}

// argExtremeLanes sets pos to the row of the first maximum (isMax) or
// minimum along each lane, or of its first NaN, as torch.argmax does.
func argExtremeLanes(pos, x []float32, outer, n, inner int, isMax bool) {
	forOutputs(outer, n, inner, func(o int) {
		row := x[o*n : (o+1)*n]
		b := vmath.Extreme(row, isMax)
		for j, v := range row {
			if v == b || b != b && v != v {
				pos[o] = float32(j)
				return
			}
		}
	}, func(o, base, c0, c1 int) {
		var bestBuf [laneChunk]float32
		b, p := bestBuf[:c1-c0], pos[o*inner+c0:o*inner+c1]
		copy(b, x[base+c0:base+c1])
		clear(p)
		for k := 1; k < n; k++ {
			for j, v := range x[base+k*inner+c0 : base+k*inner+c1] {
				if (isMax && v > b[j]) || (!isMax && v < b[j]) || (v != v && b[j] == b[j]) {
					b[j], p[j] = v, float32(k)
				}
			}
		}
	})
}

// momentLanes sets mean to the lanes' means (rounded to float32) and ss
// to their sums of squared deviations from the float64 mean.
func momentLanes(mean []float32, ss []float64, x []float32, outer, n, inner int) {
	forOutputs(outer, n, inner, func(o int) {
		row := x[o*n : (o+1)*n]
		m := vmath.Sum64(row) / float64(n)
		mean[o], ss[o] = float32(m), vmath.SqDev64(row, m)
	}, func(o, base, c0, c1 int) {
		var accBuf [laneChunk]float64
		acc := accBuf[:c1-c0]
		vmath.AddWidenRows(acc, x[base+c0:], inner, n)
		for j := range acc {
			acc[j] /= float64(n)
			mean[o*inner+c0+j] = float32(acc[j])
		}
		s := ss[o*inner+c0 : o*inner+c1]
		clear(s)
		for k := range n {
			for j, v := range x[base+k*inner+c0 : base+k*inner+c1] {
				dv := float64(v) - acc[j]
				s[j] += dv * dv
			}
		}
	})
}

// scaleDevLanes sets d = (x - mean)·scale, per output: the gradients of
// the variance and the standard deviation.
func scaleDevLanes(d, x, mean, scale []float32, outer, n, inner int) {
	forOutputs(outer, n, inner, func(o int) {
		vmath.AddConst(d[o*n:(o+1)*n], x[o*n:(o+1)*n], -mean[o])
		vmath.Scale(d[o*n:(o+1)*n], d[o*n:(o+1)*n], scale[o])
	}, func(o, base, c0, c1 int) {
		m, s := mean[o*inner+c0:o*inner+c1], scale[o*inner+c0:o*inner+c1]
		for k := range n {
			lo := base + k*inner + c0
			vmath.Sub(d[lo:lo+len(m)], x[lo:lo+len(m)], m)
			vmath.Mul(d[lo:lo+len(m)], d[lo:lo+len(m)], s)
		}
	})
}

// normLanes sets acc to Σ|x| (p = 1) or Σx² (p = 2) along the lanes, in
// float64.
func normLanes(acc []float64, x []float32, outer, n, inner int, p float32) {
	forOutputs(outer, n, inner, func(o int) {
		row := x[o*n : (o+1)*n]
		if p == 2 {
			acc[o] = vmath.SqDev64(row, 0)
			return
		}
		var s float64
		for _, v := range row {
			s += math.Abs(float64(v))
		}
		acc[o] = s
	}, func(o, base, c0, c1 int) {
		a := acc[o*inner+c0 : o*inner+c1]
		clear(a)
		for k := range n {
			for j, v := range x[base+k*inner+c0 : base+k*inner+c1] {
				if p == 2 {
					a[j] += float64(v) * float64(v)
				} else {
					a[j] += math.Abs(float64(v))
				}
			}
		}
	})
}

// sumLanes sets out to the lanes' sums, added in float64 and rounded once.
func sumLanes(out, x []float32, outer, n, inner int) {
	forOutputs(outer, n, inner, func(o int) {
		out[o] = float32(vmath.Sum64(x[o*n : (o+1)*n]))
	}, func(o, base, c0, c1 int) {
		var accBuf [laneChunk]float64
		acc := accBuf[:c1-c0]
		vmath.AddWidenRows(acc, x[base+c0:], inner, n)
		for j, v := range acc {
			out[o*inner+c0+j] = float32(v)
		}
	})
}

// normLanesBackward sets d to the gradient of the p-norm (p = 1 or 2) as
// PyTorch 1.13's norm_backward computes it: sgn(x)·g for p = 1, and
// g·(x/‖x‖), 0 where the norm is 0, for p = 2.
func normLanesBackward(d, g, x, norms []float32, outer, n, inner int, p float32) {
	elem := func(dst, xs []float32, gv, nrm float32) {
		for j, v := range xs {
			switch {
			case p == 1:
				var sgn float32
				if v > 0 {
					sgn = 1
				} else if v < 0 {
					sgn = -1
				}
				dst[j] = sgn * gv
			case nrm == 0:
				dst[j] = 0
			default:
				dst[j] = gv * (v / nrm)
			}
		}
	}
	forOutputs(outer, n, inner, func(o int) {
		elem(d[o*n:(o+1)*n], x[o*n:(o+1)*n], g[o], norms[o])
	}, func(o, base, c0, c1 int) {
		for k := range n {
			lo := base + k*inner + c0
			for j := range c1 - c0 {
				elem(d[lo+j:lo+j+1], x[lo+j:lo+j+1], g[o*inner+c0+j], norms[o*inner+c0+j])
			}
		}
	})
}
