//go:build !purego

package vmath

import "golang.org/x/sys/cpu"

// The AVX2 kernels are in vmath_amd64.s. n is a positive multiple of 8.
//
//go:noescape
func expAVX2(dst, src *float32, n int)

//go:noescape
func sigmoidAVX2(dst, src *float32, n int)

//go:noescape
func tanhAVX2(dst, src *float32, n int)

//go:noescape
func expShiftSumAVX2(dst, src *float32, n int, shift float32) float32

//go:noescape
func maxAVX2(src *float32, n int) float32

//go:noescape
func scaleAVX2(dst, src *float32, n int, s float32)

//go:noescape
func addConstAVX2(dst, src *float32, n int, c float32)

// The block functions stay nil when the CPU lacks AVX2 or FMA (or the OS
// does not save the YMM registers, which x/sys/cpu checks). Their slices
// have a positive multiple of 8 elements.
var (
	expBlock, sigmoidBlock, tanhBlock func(dst, src []float32)
	expShiftSumBlock                  func(dst, src []float32, shift float32) float32
	maxBlock                          func(src []float32) float32
	scaleBlock, addConstBlock         func(dst, src []float32, s float32)
)

func init() {
	if !cpu.X86.HasAVX2 || !cpu.X86.HasFMA {
		return
	}
	expBlock = func(dst, src []float32) { expAVX2(&dst[0], &src[0], len(dst)) }
	sigmoidBlock = func(dst, src []float32) { sigmoidAVX2(&dst[0], &src[0], len(dst)) }
	tanhBlock = func(dst, src []float32) { tanhAVX2(&dst[0], &src[0], len(dst)) }
	expShiftSumBlock = func(dst, src []float32, shift float32) float32 {
		return expShiftSumAVX2(&dst[0], &src[0], len(dst), shift)
	}
	maxBlock = func(src []float32) float32 { return maxAVX2(&src[0], len(src)) }
	scaleBlock = func(dst, src []float32, s float32) { scaleAVX2(&dst[0], &src[0], len(dst), s) }
	addConstBlock = func(dst, src []float32, c float32) { addConstAVX2(&dst[0], &src[0], len(dst), c) }
}
