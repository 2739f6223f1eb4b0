//go:build !amd64 || purego

package vmath

func absBlock(dst, src []float32, _, _ float32)        { panic("vmath: no vector kernel") }
func reciprocalBlock(dst, src []float32, _, _ float32) { panic("vmath: no vector kernel") }
func clampBlock(dst, src []float32, lo, hi float32)    { panic("vmath: no vector kernel") }
func leakyBlock(dst, src []float32, slope, _ float32)  { panic("vmath: no vector kernel") }
func leakyBackwardBlock(dst, g, x []float32, slope, _ float32, _ bool) {
	panic("vmath: no vector kernel")
}
func passInsideBlock(dst, g, x []float32, lo, hi float32, closed bool) {
	panic("vmath: no vector kernel")
}
func maximumBlock(dst, a, b []float32)                           { panic("vmath: no vector kernel") }
func minimumBlock(dst, a, b []float32)                           { panic("vmath: no vector kernel") }
func extremeBlock(x []float32, isMax bool) float32               { panic("vmath: no vector kernel") }
func maximumBackwardBlock(da, db, g, a, b []float32, isMax bool) { panic("vmath: no vector kernel") }

func addWidenRowsBlock(acc []float64, x, y []float32, stride, rows int) {
	panic("vmath: no vector kernel")
}
