package vmath

import "math"

// Sqrt sets dst[i] = √src[i], correctly rounded (VSQRTPS, or math.Sqrt in
// float64 rounded once to float32, which is the same value): NaN below 0,
// -0 for -0, +Inf for +Inf.
func Sqrt(dst, src []float32) { apply("Sqrt", dst, src, kindSqrt) }

func sqrt1(x float32) float32 { return float32(math.Sqrt(float64(x))) }
