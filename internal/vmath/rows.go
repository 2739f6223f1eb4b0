package vmath

import "fmt"

// ExpSumRows takes src as rows of n elements. For each row r it sets m[r]
// to the row's largest element (as Max) and s[r] to the sum of e^(x-m[r])
// over the row, writing those exponentials to dst's row, as Max and
// ExpShiftSum do (the same values, added in the same order): the first
// steps of a softmax over many rows in one call.
func ExpSumRows(dst, src []float32, n int, m, s []float32) {
	rows := len(m)
	if n <= 0 || len(src) != rows*n || len(s) != rows || len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: ExpSumRows: %d rows of %d from %d elements into %d, with %d maxima and %d sums", rows, n, len(src), len(dst), len(m), len(s)))
	}
	if rows == 0 {
		return
	}
	if haveAVX2 && n%8 == 0 {
		expSumRowsBlock(dst, src, n, m, s)
		return
	}
	for r := range rows {
		x := src[r*n : (r+1)*n]
		m[r] = Max(x)
		s[r] = ExpShiftSum(dst[r*n:(r+1)*n], x, m[r])
	}
}

// AddRows sets row r of dst (rows of n elements) to row r of src plus
// c[r].
func AddRows(dst, src []float32, n int, c []float32) {
	if n <= 0 || len(src) != len(c)*n || len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: AddRows: %d rows of %d from %d elements into %d", len(c), n, len(src), len(dst)))
	}
	if haveAVX2 && n%8 == 0 && len(c) > 0 {
		addRowsBlock(dst, src, n, c)
		return
	}
	for r, v := range c {
		AddConst(dst[r*n:(r+1)*n], src[r*n:(r+1)*n], v)
	}
}

// ScaleRows sets row r of dst (rows of n elements) to row r of src times
// k[r].
func ScaleRows(dst, src []float32, n int, k []float32) {
	if n <= 0 || len(src) != len(k)*n || len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: ScaleRows: %d rows of %d from %d elements into %d", len(k), n, len(src), len(dst)))
	}
	if haveAVX2 && n%8 == 0 && len(k) > 0 {
		scaleRowsBlock(dst, src, n, k)
		return
	}
	for r, v := range k {
		Scale(dst[r*n:(r+1)*n], src[r*n:(r+1)*n], v)
	}
}
