package vmath

import (
	"fmt"
	"math"
)

// The normalisation kernels below are the steps of a layer or batch
// normalisation over one contiguous row, fused so that each step reads its
// inputs once: the moments (two passes over a row that stays in the L1
// cache), the affine output, and the two passes of the backward. The
// moments (Sum64, SqDev64) are added up in float64 from float32 terms, so
// that neither a long row nor a mean far from 0 costs digits. The
// backward's sums (NormBackwardSums, DevSums) are float32 sums of at most
// 16 terms a lane, added into float64: their terms are of one scale, and
// a float64 step for each term would cost half their time. The
// element-wise parts are float32, as PyTorch's CPU kernels compute them.
// The vector kernels do the longest multiple of
// eight elements and Go loops with the same formulas do the rest (without
// a fused multiply-add, so the last elements can differ from the vector
// ones in the last bit). LayerNormRows and LayerNormBackwardRows have
// AVX-512 kernels (norm_avx512_amd64.s) with the AVX2 kernels' bits: their
// float64 sums hold the AVX2 kernels' four-lane sums as halves of ZMM
// registers, and the backward's float32 sums stay eight lanes wide, each
// sixteen-element step adding its low half before its high half.

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
// returns Σ gh and Σ gh·xhat and adds g·xhat to dw and g to
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

// DevSums returns Σ g and Σ g·(x - mean), the reductions of a batch
// normalisation's backward.
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

// LayerNormRows normalises the rows of d elements of x into dst, as
// Moments and NormAffine do one row: dst = (x - mean)·rstd·w + b with
// rstd = 1/sqrt(variance + eps), and records each row's mean and rstd
// (float32) in mean and rstd, which have one element a row. Rows whose
// length is a multiple of 8 go through one vector kernel for all of
// them; the results are the same bits either way.
func LayerNormRows(dst, x, w, b, mean, rstd []float32, d int, eps float32) {
	rows := len(mean)
	if d < 0 || len(x) != rows*d || len(dst) != len(x) || len(w) != d || len(b) != d || len(rstd) != rows {
		panic(fmt.Sprintf("vmath: LayerNormRows: %d rows of %d from x of %d into %d, w %d, b %d, rstd %d", rows, d, len(x), len(dst), len(w), len(b), len(rstd)))
	}
	if rows == 0 || d == 0 {
		return
	}
	if normAsm && d%8 == 0 {
		layerNormRowsBlock(dst, x, w, b, mean, rstd, d, float64(eps))
		return
	}
	for r := range rows {
		row := x[r*d : (r+1)*d]
		mu, v := Moments(row)
		mean[r], rstd[r] = float32(mu), float32(1/math.Sqrt(v+float64(eps)))
		NormAffine(dst[r*d:(r+1)*d], row, w, b, mean[r], rstd[r])
	}
}

// LayerNormBackwardRows is the backward of LayerNormRows for rows of d
// elements: it adds each row's g·xhat and g into dw and db and, unless dx
// is nil, sets dx = rstd·(g·w - mean(g·w) - xhat·mean(g·w·xhat)), as
// NormBackwardSums and NormBackwardInput do one row.
func LayerNormBackwardRows(dx, g, x, w, dw, db, mean, rstd []float32, d int) {
	rows := len(mean)
	if d < 0 || len(g) != rows*d || len(x) != len(g) || dx != nil && len(dx) != len(g) || len(w) != d || len(dw) != d || len(db) != d || len(rstd) != rows {
		panic(fmt.Sprintf("vmath: LayerNormBackwardRows: %d rows of %d with g of %d, x %d, dx %d, w %d, dw %d, db %d, rstd %d", rows, d, len(g), len(x), len(dx), len(w), len(dw), len(db), len(rstd)))
	}
	if rows == 0 || d == 0 {
		return
	}
	if normAsm && d%8 == 0 {
		layerNormBackwardRowsBlock(dx, g, x, w, dw, db, mean, rstd, d)
		return
	}
	for r := range rows {
		gr, xr := g[r*d:(r+1)*d], x[r*d:(r+1)*d]
		sg, sgx := NormBackwardSums(gr, xr, w, dw, db, mean[r], rstd[r])
		if dx != nil {
			c1, c2 := float32(sg/float64(d)), float32(sgx/float64(d))
			NormBackwardInput(dx[r*d:(r+1)*d], gr, xr, w, mean[r], rstd[r], c1, c2)
		}
	}
}
