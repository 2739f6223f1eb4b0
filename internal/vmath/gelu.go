package vmath

import (
	"math"
)

// GELU sets dst[i] = x·Φ(x) for x = src[i], Φ the standard normal
// distribution function (PyTorch's gelu with approximate="none"). Φ comes
// from erfc(|x|/√2) (erfc1): 1 - erfc/2 for x ≥ 0 and erfc/2 below, so
// that the left tail does not cancel.
//
// Measured against float64 math over every 1021st float32 (gelu_test.go),
// the error is within 8 ulp of the result (the largest near x = 0, where
// erfc ≈ 1 carries the rounding of its polynomial) plus, for x < 0,
// 2e-7·x² of it: the float32 rounding of x²/2 moves the exponential of the
// left tail. PyTorch 1.13 computes 1 + erf(x/√2) there, which cancels
// (it gives 0 below about x = -5.5). The gradient's error is within the
// same bound of Φ(x) + |x|·φ(x): it cancels near x = -0.75.
func GELU(dst, src []float32) { apply("GELU", dst, src, kindGELU) }

// GELUBackward sets dst[i] = g[i]·(Φ(x) + x·φ(x)) for x = x[i], the
// gradient of GELU, φ the standard normal density.
func GELUBackward(dst, x, g []float32) {
	binary("GELUBackward", dst, x, g, geluBackwardBlock, func(x, g float32) float32 {
		return g * geluGrad1(x)
	})
}

// The coefficients of Numerical Recipes' erfcc (a Chebyshev fit with a
// relative error below 1.2e-7 for every z ≥ 0): erfc(z) ≈
// t·e^(-z² + P(t)), t = 1/(1 + z/2), P(t) = e0 + e1·t + … + e9·t⁹.
const (
	e0 = -1.26551223
	e1 = 1.00002368
	e2 = 0.37409196
	e3 = 0.09678418
	e4 = -0.18628806
	e5 = 0.27886807
	e6 = -1.13520398
	e7 = 1.48851587
	e8 = -0.82215223
	e9 = 0.17087277

	rsqrt2     = 0.70710678118654752 // 1/√2
	invSqrt2Pi = 0.39894228040143268 // 1/√(2π)
)

// erfc1 returns erfc(z) for z ≥ 0 (or NaN), in the steps the vector
// kernel takes (which fuses the multiply-adds).
func erfc1(z float32) float32 {
	t := 1 / (1 + 0.5*z)
	p := float32(e9)
	p = p*t + e8
	p = p*t + e7
	p = p*t + e6
	p = p*t + e5
	p = p*t + e4
	p = p*t + e3
	p = p*t + e2
	p = p*t + e1
	p = p*t + e0
	return t * exp1(p-z*z)
}

// phi1 returns Φ(x) and z = |x|/√2.
func phi1(x float32) (phi, z float32) {
	z = float32(math.Abs(float64(x))) * rsqrt2
	h := 0.5 * erfc1(z)
	if math.Signbit(float64(x)) {
		return h, z
	}
	return 1 - h, z
}

func gelu1(x float32) float32 {
	phi, _ := phi1(x)
	return x * phi
}

func geluGrad1(x float32) float32 {
	phi, z := phi1(x)
	return phi + x*(exp1(-(z*z))*invSqrt2Pi)
}
