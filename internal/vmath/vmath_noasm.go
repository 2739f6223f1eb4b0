//go:build !amd64 || purego

package vmath

// Without the AVX2 kernels every element goes through the Go loops; the
// block functions are never called.
const haveAVX2 = false

// useAVX512 is always false without the assembly kernels.
const useAVX512 = false

func expBlock(dst, src []float32)                                { panic("vmath: no vector kernel") }
func sigmoidBlock(dst, src []float32)                            { panic("vmath: no vector kernel") }
func tanhBlock(dst, src []float32)                               { panic("vmath: no vector kernel") }
func siluBlock(dst, src []float32)                               { panic("vmath: no vector kernel") }
func geluBlock(dst, src []float32)                               { panic("vmath: no vector kernel") }
func geluBackwardBlock(dst, x, g []float32)                      { panic("vmath: no vector kernel") }
func expShiftSumBlock(dst, src []float32, shift float32) float32 { panic("vmath: no vector kernel") }
func maxBlock(src []float32) float32                             { panic("vmath: no vector kernel") }
func expSumRowsBlock(dst, src []float32, n int, m, s []float32)  { panic("vmath: no vector kernel") }
func addRowsBlock(dst, src []float32, n int, c []float32)        { panic("vmath: no vector kernel") }
func scaleRowsBlock(dst, src []float32, n int, k []float32)      { panic("vmath: no vector kernel") }
func scaleBlock(dst, src []float32, s float32)                   { panic("vmath: no vector kernel") }
func addConstBlock(dst, src []float32, c float32)                { panic("vmath: no vector kernel") }
func reluBlock(dst, src []float32)                               { panic("vmath: no vector kernel") }
func addBlock(dst, a, b []float32)                               { panic("vmath: no vector kernel") }
func subBlock(dst, a, b []float32)                               { panic("vmath: no vector kernel") }
func mulBlock(dst, a, b []float32)                               { panic("vmath: no vector kernel") }
func divBlock(dst, a, b []float32)                               { panic("vmath: no vector kernel") }
func reluBackwardBlock(dst, g, y []float32)                      { panic("vmath: no vector kernel") }
func maxPool2x2Block(top, bot, dst []float32, idx []int32, n int, base, w int32) bool {
	panic("vmath: no vector kernel")
}
