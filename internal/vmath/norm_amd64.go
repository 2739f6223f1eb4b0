//go:build !purego

package vmath

// normAsm selects the AVX2 kernels of norm_amd64.s. Their pointers have n
// elements, a positive multiple of 8.
var normAsm = haveAVX2

//go:noescape
func sum64AVX2(x *float32, n int) float64

//go:noescape
func sqDev64AVX2(x *float32, n int, mean float64) float64

//go:noescape
func normAffineAVX2(dst, x, w, b *float32, n int, mean, rstd float32)

//go:noescape
func normBackwardSumsAVX2(gr, x, w, dw, db *float32, n int, mean, rstd float32) (sg, sgx float64)

//go:noescape
func normBackwardInputAVX2(dx, gr, x, w *float32, n int, mean, rstd, c1, c2 float32)

//go:noescape
func scaleShiftAVX2(dst, src *float32, n int, a, c float32)

//go:noescape
func devSumsAVX2(gr, x *float32, n int, mean float32) (sg, sgx float64)

//go:noescape
func devBackwardAVX2(dx, gr, x *float32, n int, mean, a, c1, c2 float32)

func sum64Block(x []float32) float64                 { return sum64AVX2(&x[0], len(x)) }
func sqDev64Block(x []float32, mean float64) float64 { return sqDev64AVX2(&x[0], len(x), mean) }
func normAffineBlock(dst, x, w, b []float32, mean, rstd float32) {
	normAffineAVX2(&dst[0], &x[0], &w[0], &b[0], len(dst), mean, rstd)
}
func normBackwardSumsBlock(g, x, w, dw, db []float32, mean, rstd float32) (float64, float64) {
	return normBackwardSumsAVX2(&g[0], &x[0], &w[0], &dw[0], &db[0], len(g), mean, rstd)
}
func normBackwardInputBlock(dx, g, x, w []float32, mean, rstd, c1, c2 float32) {
	normBackwardInputAVX2(&dx[0], &g[0], &x[0], &w[0], len(dx), mean, rstd, c1, c2)
}
func scaleShiftBlock(dst, src []float32, a, c float32) {
	scaleShiftAVX2(&dst[0], &src[0], len(dst), a, c)
}
func devSumsBlock(g, x []float32, mean float32) (float64, float64) {
	return devSumsAVX2(&g[0], &x[0], len(g), mean)
}
func devBackwardBlock(dx, g, x []float32, mean, a, c1, c2 float32) {
	devBackwardAVX2(&dx[0], &g[0], &x[0], len(dx), mean, a, c1, c2)
}

//go:noescape
func adamAVX2(p, gr, m, v *float32, n int, s *AdamStep)

//go:noescape
func addScaledAVX2(dst, src *float32, n int, a float32)

func adamBlock(p, g, m, v []float32, s *AdamStep)  { adamAVX2(&p[0], &g[0], &m[0], &v[0], len(p), s) }
func addScaledBlock(dst, src []float32, a float32) { addScaledAVX2(&dst[0], &src[0], len(dst), a) }

//go:noescape
func scaleAddScaledAVX2(dst, src *float32, n int, a, b float32)

func scaleAddScaledBlock(dst, src []float32, a, b float32) {
	scaleAddScaledAVX2(&dst[0], &src[0], len(dst), a, b)
}

//go:noescape
func layerNormRowsAVX2(dst, x, w, b, mean, rstd *float32, rows, d int, eps float64)

//go:noescape
func layerNormBackwardRowsAVX2(dx, gr, x, w, dw, db, mean, rstd *float32, rows, d int)

func layerNormRowsBlock(dst, x, w, b, mean, rstd []float32, d int, eps float64) {
	if useAVX512 {
		layerNormRowsAVX512(&dst[0], &x[0], &w[0], &b[0], &mean[0], &rstd[0], len(mean), d, eps)
		return
	}
	layerNormRowsAVX2(&dst[0], &x[0], &w[0], &b[0], &mean[0], &rstd[0], len(mean), d, eps)
}

// layerNormBackwardRowsBlock passes a nil dx on as a nil pointer: the
// kernel then does the sums alone.
func layerNormBackwardRowsBlock(dx, g, x, w, dw, db, mean, rstd []float32, d int) {
	var pdx *float32
	if dx != nil {
		pdx = &dx[0]
	}
	if useAVX512 {
		layerNormBackwardRowsAVX512(pdx, &g[0], &x[0], &w[0], &dw[0], &db[0], &mean[0], &rstd[0], len(mean), d)
		return
	}
	layerNormBackwardRowsAVX2(pdx, &g[0], &x[0], &w[0], &dw[0], &db[0], &mean[0], &rstd[0], len(mean), d)
}
