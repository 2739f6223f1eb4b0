package vmath

import (
	"fmt"
	"math"
)

// The comparisons and selections below (absolute value, reciprocal, clamping, leaky
// ReLU, element-wise maximum and minimum, and their gradients) are exact:
// each element is chosen or masked, or multiplied once, so the vector
// kernels and the Go loops give the same bits. They follow PyTorch 1.13's
// vector kernels where PyTorch's scalar and vector paths differ: maximum
// and minimum return a NaN when either operand is NaN and b when a and b
// are equal (+0 and -0 tie), as _mm256_max_ps and _mm256_min_ps do.

// Abs sets dst[i] = |src[i]|: the sign bit cleared, NaN payloads kept.
func Abs(dst, src []float32) {
	unaryConst("Abs", dst, src, 0, 0, absBlock, func(v, _, _ float32) float32 {
		return math.Float32frombits(math.Float32bits(v) &^ (1 << 31))
	})
}

// Reciprocal sets dst[i] = 1/src[i], correctly rounded.
func Reciprocal(dst, src []float32) {
	unaryConst("Reciprocal", dst, src, 0, 0, reciprocalBlock, func(v, _, _ float32) float32 { return 1 / v })
}

// Clamp sets dst[i] = min(max(src[i], lo), hi); a NaN stays NaN. lo must
// not be above hi.
func Clamp(dst, src []float32, lo, hi float32) {
	unaryConst("Clamp", dst, src, lo, hi, clampBlock, func(v, lo, hi float32) float32 {
		if v < lo {
			v = lo
		}
		if v > hi {
			v = hi
		}
		return v
	})
}

// LeakyReLU sets dst[i] = src[i] where it is above 0 and src[i]·slope
// elsewhere (NaN, -0 and +0 included).
func LeakyReLU(dst, src []float32, slope float32) {
	unaryConst("LeakyReLU", dst, src, slope, 0, leakyBlock, func(v, slope, _ float32) float32 {
		if v > 0 {
			return v
		}
		return v * slope
	})
}

// LeakyReLUBackward sets dst[i] = g[i] where x[i] is above 0 and
// g[i]·slope elsewhere.
func LeakyReLUBackward(dst, g, x []float32, slope float32) {
	binaryConst("LeakyReLUBackward", dst, g, x, slope, 0, false, leakyBackwardBlock, func(g, x, slope, _ float32, _ bool) float32 {
		if x > 0 {
			return g
		}
		return g * slope
	})
}

// PassInside sets dst[i] = g[i] where lo ≤ x[i] ≤ hi (closed) or
// lo < x[i] < hi (not closed), and +0 elsewhere, NaN x included: the
// gradients of clamp (closed) and hardtanh (open).
func PassInside(dst, g, x []float32, lo, hi float32, closed bool) {
	binaryConst("PassInside", dst, g, x, lo, hi, closed, passInsideBlock, func(g, x, lo, hi float32, closed bool) float32 {
		if (closed && x >= lo && x <= hi) || (!closed && x > lo && x < hi) {
			return g
		}
		return 0
	})
}

// Maximum sets dst[i] to the larger of a[i] and b[i]: NaN when either is,
// b[i] when they are equal.
func Maximum(dst, a, b []float32) {
	binary("Maximum", dst, a, b, maximumBlock, func(x, y float32) float32 {
		switch {
		case x != x || y != y:
			return float32(math.NaN())
		case x > y:
			return x
		}
		return y
	})
}

// Minimum sets dst[i] to the smaller of a[i] and b[i]: NaN when either is,
// b[i] when they are equal.
func Minimum(dst, a, b []float32) {
	binary("Minimum", dst, a, b, minimumBlock, func(x, y float32) float32 {
		switch {
		case x != x || y != y:
			return float32(math.NaN())
		case x < y:
			return x
		}
		return y
	})
}

// Extreme returns the largest element of x (isMax) or the smallest, or NaN
// when x holds a NaN, as torch.amax and torch.amin do. x must not be
// empty.
func Extreme(x []float32, isMax bool) float32 {
	if len(x) == 0 {
		panic("vmath: Extreme of no elements")
	}
	m := x[0]
	n := 0
	if haveAVX2 && len(x) >= 8 {
		n = len(x) &^ 7
		m = extremeBlock(x[:n], isMax)
	}
	for _, v := range x[n:] {
		switch {
		case v != v || m != m:
			m = float32(math.NaN())
		case isMax && v > m, !isMax && v < m:
			m = v
		}
	}
	return m
}

// MaximumBackward sets the gradients of maximum(a, b) (isMax) or
// minimum(a, b) from g, as PyTorch 1.13's derivatives do: where a and b
// are equal each gets g/2; otherwise a gets g unless it lost (a < b for
// maximum, a > b for minimum), and b likewise. Where either is NaN no
// comparison holds, so both get g.
func MaximumBackward(da, db, g, a, b []float32, isMax bool) {
	n := len(g)
	if len(da) != n || len(db) != n || len(a) != n || len(b) != n {
		panic(fmt.Sprintf("vmath: MaximumBackward: %d, %d, %d, %d and %d elements", len(da), len(db), len(g), len(a), len(b)))
	}
	done := 0
	if haveAVX2 {
		done = n &^ 7
		if done > 0 {
			maximumBackwardBlock(da[:done], db[:done], g[:done], a[:done], b[:done], isMax)
		}
	}
	for i := done; i < n; i++ {
		v := g[i]
		if a[i] == b[i] {
			v = g[i] / 2
		}
		aLost, bLost := a[i] < b[i], a[i] > b[i]
		if !isMax {
			aLost, bLost = bLost, aLost
		}
		da[i], db[i] = v, v
		if aLost {
			da[i] = 0
		}
		if bLost {
			db[i] = 0
		}
	}
}

// unaryConst runs block over the longest multiple of eight elements and op
// over the rest, with two constants.
func unaryConst(name string, dst, src []float32, c0, c1 float32, block func(dst, src []float32, c0, c1 float32), op func(v, c0, c1 float32) float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: %s: dst has %d elements, src %d", name, len(dst), len(src)))
	}
	n := 0
	if haveAVX2 {
		n = len(dst) &^ 7
		if n > 0 {
			block(dst[:n], src[:n], c0, c1)
		}
	}
	for i, v := range src[n:] {
		dst[n+i] = op(v, c0, c1)
	}
}

// binaryConst is unaryConst for two operands.
func binaryConst(name string, dst, a, b []float32, c0, c1 float32, flag bool, block func(dst, a, b []float32, c0, c1 float32, flag bool), op func(x, y, c0, c1 float32, flag bool) float32) {
	if len(a) != len(dst) || len(b) != len(dst) {
		panic(fmt.Sprintf("vmath: %s: dst has %d elements, a %d, b %d", name, len(dst), len(a), len(b)))
	}
	n := 0
	if haveAVX2 {
		n = len(dst) &^ 7
		if n > 0 {
			block(dst[:n], a[:n], b[:n], c0, c1, flag)
		}
	}
	a, b = a[n:], b[n:len(a)]
	for i := range a {
		dst[n+i] = op(a[i], b[i], c0, c1, flag)
	}
}

// AddWiden adds x to acc element by element in float64: acc[i] +=
// float64(x[i]).
func AddWiden(acc []float64, x []float32) {
	if len(acc) != len(x) {
		panic(fmt.Sprintf("vmath: AddWiden: acc has %d elements, x %d", len(acc), len(x)))
	}
	addWidenRows("AddWiden", acc, x, nil, len(x), 1)
}

// AddWidenRows adds rows rows of x, stride elements apart, to acc in
// float64, row after row: acc[j] += float64(x[k·stride+j]) for k from 0
// to rows-1 and j < len(acc). A column sum down a matrix is one call: the
// sums stay in registers across the rows, where a call a row reads and
// writes every sum again for each row. The bits are those of one AddWiden
// a row.
func AddWidenRows(acc []float64, x []float32, stride, rows int) {
	addWidenRows("AddWidenRows", acc, x, nil, stride, rows)
}

// AddWidenProduct adds the float32 products x[i]·y[i] to acc in float64.
func AddWidenProduct(acc []float64, x, y []float32) {
	if len(acc) != len(x) || len(y) != len(x) {
		panic(fmt.Sprintf("vmath: AddWidenProduct: acc has %d elements, x %d, y %d", len(acc), len(x), len(y)))
	}
	addWidenRows("AddWidenProduct", acc, x, y, len(x), 1)
}

// AddWidenProductRows is AddWidenRows of the float32 products x·y, whose
// rows are stride apart in both.
func AddWidenProductRows(acc []float64, x, y []float32, stride, rows int) {
	addWidenRows("AddWidenProductRows", acc, x, y, stride, rows)
}

func addWidenRows(name string, acc []float64, x, y []float32, stride, rows int) {
	n := len(acc)
	if rows < 0 || stride < 0 {
		panic(fmt.Sprintf("vmath: %s: %d rows %d apart", name, rows, stride))
	}
	if rows == 0 || n == 0 {
		return
	}
	need := (rows-1)*stride + n
	if len(x) < need || y != nil && len(y) < need {
		panic(fmt.Sprintf("vmath: %s: acc has %d elements, x %d, y %d, for %d rows %d apart", name, n, len(x), len(y), rows, stride))
	}
	v := 0
	if haveAVX2 {
		v = n &^ 7
		if v > 0 {
			addWidenRowsBlock(acc[:v], x, y, stride, rows)
		}
	}
	for k := range rows {
		xr := x[k*stride+v : k*stride+n]
		if y == nil {
			for i, t := range xr {
				acc[v+i] += float64(t)
			}
			continue
		}
		yr := y[k*stride+v : k*stride+n]
		for i, t := range xr {
			acc[v+i] += float64(t * yr[i])
		}
	}
}
