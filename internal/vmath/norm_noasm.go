//go:build !amd64 || purego

package vmath

// Without the AVX2 kernels the Go loops of norm.go do every element; the
// block functions are never called.
const normAsm = false

func sum64Block(x []float32) float64                 { panic("vmath: no vector kernel") }
func sqDev64Block(x []float32, mean float64) float64 { panic("vmath: no vector kernel") }
func normAffineBlock(dst, x, w, b []float32, mean, rstd float32) {
	panic("vmath: no vector kernel")
}
func normBackwardSumsBlock(g, x, w, dw, db []float32, mean, rstd float32) (float64, float64) {
	panic("vmath: no vector kernel")
}
func normBackwardInputBlock(dx, g, x, w []float32, mean, rstd, c1, c2 float32) {
	panic("vmath: no vector kernel")
}
func scaleShiftBlock(dst, src []float32, a, c float32)             { panic("vmath: no vector kernel") }
func devSumsBlock(g, x []float32, mean float32) (float64, float64) { panic("vmath: no vector kernel") }
func devBackwardBlock(dx, g, x []float32, mean, a, c1, c2 float32) { panic("vmath: no vector kernel") }
func adamBlock(p, g, m, v []float32, s *AdamStep)                  { panic("vmath: no vector kernel") }
func addScaledBlock(dst, src []float32, a float32)                 { panic("vmath: no vector kernel") }
func scaleAddScaledBlock(dst, src []float32, a, b float32)         { panic("vmath: no vector kernel") }
func layerNormRowsBlock(dst, x, w, b, mean, rstd []float32, d int, eps float64) {
	panic("vmath: no vector kernel")
}
func layerNormBackwardRowsBlock(dx, g, x, w, dw, db, mean, rstd []float32, d int) {
	panic("vmath: no vector kernel")
}
