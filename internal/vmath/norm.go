package vmath

import "fmt"

// The normalisation kernels below are the steps of a layer or batch
// normalisation over one contiguous row, fused so that each step reads its
// inputs once: the moments (two passes over a row that stays in the L1
// cache), the affine output, and the two passes of the backward. Sums that
// decide the statistics (Sum64, SqDev64, NormBackwardSums, DevSums) are
// added up in float64 from float32 terms, so the result does not depend on
// how long the row is; the element-wise parts are float32, as PyTorch's
// CPU kernels compute them. The vector kernels do the longest multiple of
// eight elements and Go loops with the same formulas do the rest (without
// a fused multiply-add, so the last elements can differ from the vector
// ones in the last bit).

// Sum64 returns the sum of x, added up in float64.
func Sum64(x []float32) float64 {
	n := 0
	var s float64
	if normAsm {
		n = len(x) &^ 7
		if n > 0 {
			s = sum64Block(x[:n])
		}
	}
	for _, v := range x[n:] {
		s += float64(v)
	}
	return s
}

// SqDev64 returns Σ (x[i] - mean)², in float64.
func SqDev64(x []float32, mean float64) float64 {
	n := 0
	var s float64
	if normAsm {
		n = len(x) &^ 7
		if n > 0 {
			s = sqDev64Block(x[:n], mean)
		}
	}
	for _, v := range x[n:] {
		d := float64(v) - mean
		s += d * d
	}
	return s
}

// Moments returns the mean of x and its biased variance, the mean of
// (x - mean)², in two passes in float64. x must not be empty.
func Moments(x []float32) (mean, variance float64) {
	if len(x) == 0 {
		panic("vmath: Moments of no elements")
	}
	mean = Sum64(x) / float64(len(x))
	return mean, SqDev64(x, mean) / float64(len(x))
}

// NormAffine sets dst[i] = (x[i] - mean)·rstd·w[i] + b[i], a layer
// normalisation's output.
func NormAffine(dst, x, w, b []float32, mean, rstd float32) {
	if len(x) != len(dst) || len(w) != len(dst) || len(b) != len(dst) {
		panic(fmt.Sprintf("vmath: NormAffine: dst has %d elements, x %d, w %d, b %d", len(dst), len(x), len(w), len(b)))
	}
	n := 0
	if normAsm {
		n = len(dst) &^ 7
		if n > 0 {
			normAffineBlock(dst[:n], x[:n], w[:n], b[:n], mean, rstd)
		}
	}
	for i := n; i < len(dst); i++ {
		dst[i] = (x[i]-mean)*rstd*w[i] + b[i]
	}
}

// NormBackwardSums does the reductions of a layer normalisation's
// backward over one row: with gh = g·w and xhat = (x - mean)·rstd it
// returns Σ gh and Σ gh·xhat (in float64) and adds g·xhat to dw and g to
// db (in float32), the row's share of the weight and bias gradients.
func NormBackwardSums(g, x, w, dw, db []float32, mean, rstd float32) (sg, sgx float64) {
	d := len(g)
	if len(x) != d || len(w) != d || len(dw) != d || len(db) != d {
		panic(fmt.Sprintf("vmath: NormBackwardSums: g has %d elements, x %d, w %d, dw %d, db %d", d, len(x), len(w), len(dw), len(db)))
	}
	n := 0
	if normAsm {
		n = d &^ 7
		if n > 0 {
			sg, sgx = normBackwardSumsBlock(g[:n], x[:n], w[:n], dw[:n], db[:n], mean, rstd)
		}
	}
	for i := n; i < d; i++ {
		xh := (x[i] - mean) * rstd
		gh := g[i] * w[i]
		sg += float64(gh)
		sgx += float64(gh * xh)
		dw[i] += g[i] * xh
		db[i] += g[i]
	}
	return sg, sgx
}

// NormBackwardInput sets dx[i] = rstd·(g[i]·w[i] - c1 - xhat·c2) with
// xhat = (x[i] - mean)·rstd: a layer normalisation's input gradient, where
// c1 and c2 are the row's means of gh and gh·xhat.
func NormBackwardInput(dx, g, x, w []float32, mean, rstd, c1, c2 float32) {
	d := len(dx)
	if len(g) != d || len(x) != d || len(w) != d {
		panic(fmt.Sprintf("vmath: NormBackwardInput: dx has %d elements, g %d, x %d, w %d", d, len(g), len(x), len(w)))
	}
	n := 0
	if normAsm {
		n = d &^ 7
		if n > 0 {
			normBackwardInputBlock(dx[:n], g[:n], x[:n], w[:n], mean, rstd, c1, c2)
		}
	}
	for i := n; i < d; i++ {
		xh := (x[i] - mean) * rstd
		dx[i] = (g[i]*w[i] - c1 - xh*c2) * rstd
	}
}

// ScaleShift sets dst[i] = src[i]·a + c, a batch normalisation's output
// for one channel.
func ScaleShift(dst, src []float32, a, c float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: ScaleShift: dst has %d elements, src %d", len(dst), len(src)))
	}
	n := 0
	if normAsm {
		n = len(dst) &^ 7
		if n > 0 {
			scaleShiftBlock(dst[:n], src[:n], a, c)
		}
	}
	for i, v := range src[n:] {
		dst[n+i] = v*a + c
	}
}

// DevSums returns Σ g and Σ g·(x - mean), in float64 from float32
// products: the reductions of a batch normalisation's backward.
func DevSums(g, x []float32, mean float32) (sg, sgx float64) {
	if len(x) != len(g) {
		panic(fmt.Sprintf("vmath: DevSums: g has %d elements, x %d", len(g), len(x)))
	}
	n := 0
	if normAsm {
		n = len(g) &^ 7
		if n > 0 {
			sg, sgx = devSumsBlock(g[:n], x[:n], mean)
		}
	}
	for i := n; i < len(g); i++ {
		sg += float64(g[i])
		sgx += float64(g[i] * (x[i] - mean))
	}
	return sg, sgx
}

// DevBackward sets dx[i] = a·(g[i] - c1 - (x[i] - mean)·c2), a batch
// normalisation's input gradient for one channel.
func DevBackward(dx, g, x []float32, mean, a, c1, c2 float32) {
	d := len(dx)
	if len(g) != d || len(x) != d {
		panic(fmt.Sprintf("vmath: DevBackward: dx has %d elements, g %d, x %d", d, len(g), len(x)))
	}
	n := 0
	if normAsm {
		n = d &^ 7
		if n > 0 {
			devBackwardBlock(dx[:n], g[:n], x[:n], mean, a, c1, c2)
		}
	}
	for i := n; i < d; i++ {
		dx[i] = (g[i] - c1 - (x[i]-mean)*c2) * a
	}
}
