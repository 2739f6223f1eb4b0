//go:build !purego

package vmath

// The selection kernels are in select_amd64.s; n is a positive multiple
// of 8.

//go:noescape
func absAVX2(dst, src *float32, n int)

//go:noescape
func reciprocalAVX2(dst, src *float32, n int)

//go:noescape
func clampAVX2(dst, src *float32, n int, lo, hi float32)

//go:noescape
func leakyAVX2(dst, src *float32, n int, slope float32)

//go:noescape
func leakyBackwardAVX2(dst, grad, x *float32, n int, slope float32)

//go:noescape
func passInsideAVX2(dst, grad, x *float32, n int, lo, hi float32, closed bool)

//go:noescape
func maximumAVX2(dst, a, b *float32, n int)

//go:noescape
func minimumAVX2(dst, a, b *float32, n int)

//go:noescape
func extremeAVX2(x *float32, n int, isMax bool) float32

//go:noescape
func addWidenRowsAVX2(acc *float64, x, y *float32, cols, stride, rows int)

//go:noescape
func maximumBackwardAVX2(da, db, grad, a, b *float32, n int, isMax bool)

func absBlock(dst, src []float32, _, _ float32)        { absAVX2(&dst[0], &src[0], len(dst)) }
func reciprocalBlock(dst, src []float32, _, _ float32) { reciprocalAVX2(&dst[0], &src[0], len(dst)) }
func clampBlock(dst, src []float32, lo, hi float32) {
	clampAVX2(&dst[0], &src[0], len(dst), lo, hi)
}
func leakyBlock(dst, src []float32, slope, _ float32) {
	leakyAVX2(&dst[0], &src[0], len(dst), slope)
}
func leakyBackwardBlock(dst, g, x []float32, slope, _ float32, _ bool) {
	leakyBackwardAVX2(&dst[0], &g[0], &x[0], len(dst), slope)
}
func passInsideBlock(dst, g, x []float32, lo, hi float32, closed bool) {
	passInsideAVX2(&dst[0], &g[0], &x[0], len(dst), lo, hi, closed)
}
func maximumBlock(dst, a, b []float32)             { maximumAVX2(&dst[0], &a[0], &b[0], len(dst)) }
func minimumBlock(dst, a, b []float32)             { minimumAVX2(&dst[0], &a[0], &b[0], len(dst)) }
func extremeBlock(x []float32, isMax bool) float32 { return extremeAVX2(&x[0], len(x), isMax) }
func maximumBackwardBlock(da, db, g, a, b []float32, isMax bool) {
	maximumBackwardAVX2(&da[0], &db[0], &g[0], &a[0], &b[0], len(g), isMax)
}

// addWidenRowsBlock adds rows of len(acc) elements of x (times y when y
// is not nil), stride apart, into acc.
func addWidenRowsBlock(acc []float64, x, y []float32, stride, rows int) {
	var py *float32
	if y != nil {
		py = &y[0]
	}
	addWidenRowsAVX2(&acc[0], &x[0], py, len(acc), stride, rows)
}
