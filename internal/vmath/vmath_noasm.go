//go:build !amd64 || purego

package vmath

// Without the AVX2 kernels every element goes through the Go loops.
var (
	expBlock, sigmoidBlock, tanhBlock func(dst, src []float32)
	expShiftSumBlock                  func(dst, src []float32, shift float32) float32
	maxBlock                          func(src []float32) float32
	scaleBlock, addConstBlock         func(dst, src []float32, s float32)
)
