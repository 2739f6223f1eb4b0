package vmath

import (
	"fmt"
	"math"
)

// GELU sets dst[i] = x·Φ(x) for x = src[i], Φ the standard normal
// distribution function (PyTorch's gelu with approximate="none"), with
// PyTorch 1.13's own steps on the CPU, which hands contiguous float32
// tensors to oneDNN's gelu_erf: x·0.5·(1 + erf(x/√2)), erf from
// Abramowitz and Stegun's formula 7.1.26 (t = 1/(1 + 0.3275911·|z|), a
// degree-5 polynomial in t, times e^(-z²) from oneDNN's exponential),
// all in float32.
//
// The results are PyTorch's to the bit (gelu_test.go checks the
// dispatched path, AVX-512 or AVX2, and the Go path against values from
// PyTorch 1.13, and the AVX-512 kernels are compared with the AVX2 ones
// bit for bit), and so is the error: measured
// against float64 math over every 1021st float32, within 1e-7·(1 + |x|)
// (Abramowitz and Stegun's erf is within 1.5e-7). Relative to the
// result it grows in the left tail, where 1 + erf(x/√2) cancels: below
// about x = -5.5 the result is 0 (the exact value is under 1.1e-7 in
// size there).
func GELU(dst, src []float32) { apply("GELU", dst, src, kindGELU) }

// GELUBackward sets dst[i] = g[i]·(Φ(x) + x·φ(x)) for x = x[i], the
// gradient of GELU, φ the standard normal density, computed as PyTorch
// 1.13 does (oneDNN's gelu_erf backward): 0.5 + x/√2·e^(-x²/2)/√π +
// 0.5·erf(x/√2), with GELU's erf, and then times g[i]. Before the
// multiplication by g[i] it is within 3e-7 of the exact gradient, and it
// cancels to 0 in the left tail too.
func GELUBackward(dst, x, g []float32) {
	binary("GELUBackward", dst, x, g, geluBackwardBlock, func(x, g float32) float32 {
		return g * geluGrad1(x)
	})
}

// The constants of oneDNN's gelu_erf, as float32 bit patterns (the asm
// kernels hold the same words): Abramowitz and Stegun's p and a1 to a5,
// 1/√2 and 1/√π.
const (
	asP        = 0x3ea7ba05 // 0.3275911
	asA1       = 0x3e827906 // 0.254829592
	asA2       = 0xbe91a98e // -0.284496736
	asA3       = 0x3fb5f0e3 // 1.421413741
	asA4       = 0xbfba00e3 // -1.453152027
	asA5       = 0x3f87dc22 // 1.061405429
	rsqrt2Bits = 0x3f3504f3 // 1/√2
	rsqrtPi    = 0x3f106eba // 1/√π
)

// The constants of oneDNN's exponential: e^x = 2^n·P(r), n = ⌊x·log2 e +
// 1/2⌋, r = x - n·ln 2, P of degree 5; arguments below ln(FLT_MIN) give 0.
const (
	dnnLog2e = 0x3fb8aa3b
	dnnLn2   = 0x3f317218
	dnnLnMin = 0xc2aeac50 // ln(FLT_MIN) ≈ -87.34
	dnnP1    = 0x3f7ffffb
	dnnP2    = 0x3efffee3
	dnnP3    = 0x3e2aad40
	dnnP4    = 0x3d2b9d0d
	dnnP5    = 0x3c07cfce
)

func f32(bits uint32) float32 { return math.Float32frombits(bits) }

// fma32 returns a·b + c rounded once to float32, as the vector kernels'
// fused multiply-adds do. a·b is exact in float64; a float64 sum rounded
// to float32 could round twice, so the sum's exact error (Knuth's
// two-sum) breaks the tie when the float64 sum falls halfway between two
// float32 values.
func fma32(a, b, c float32) float32 {
	p := float64(a) * float64(b)
	s := p + float64(c)
	bb := s - p
	e := (p - (s - bb)) + (float64(c) - bb)
	if e != 0 && math.Float64bits(s)&(1<<29-1) == 1<<28 {
		s = math.Nextafter(s, math.Copysign(math.Inf(1), e))
	}
	return float32(s)
}

// expNeg is oneDNN's exponential for arguments x ≤ 0 (or NaN): the
// GELU kernels only take e^(-z²). Here and below, explicit float32
// conversions of products that an addition follows keep the compiler from
// fusing what oneDNN rounds twice.
func expNeg(x float32) float32 {
	if x < f32(dnnLnMin) {
		// oneDNN computes P(r) at ln(FLT_MIN) and multiplies it by 0.
		return 0
	}
	fx := float32(math.Floor(float64(float32(x*f32(dnnLog2e)) + 0.5)))
	r := fma32(-fx, f32(dnnLn2), x)
	p := f32(dnnP5)
	p = fma32(p, r, f32(dnnP4))
	p = fma32(p, r, f32(dnnP3))
	p = fma32(p, r, f32(dnnP2))
	p = fma32(p, r, f32(dnnP1))
	p = fma32(p, r, 1)
	return p * f32(uint32(int32(fx)+127)<<23)
}

// erfAS returns erf(z) by Abramowitz and Stegun's 7.1.26 in oneDNN's
// steps: sign(z)·(1 - t·e^(-z²)·P(t)), t = 1/(1 + p·|z|).
func erfAS(z float32) float32 {
	e := expNeg(-float32(z * z))
	t := 1 / fma32(f32(asP), float32(math.Abs(float64(z))), 1)
	et := e * t
	r := f32(asA5)
	r = fma32(r, t, f32(asA4))
	r = fma32(r, t, f32(asA3))
	r = fma32(r, t, f32(asA2))
	r = fma32(r, t, f32(asA1))
	erf := fma32(-et, r, 1)
	return math.Float32frombits(math.Float32bits(erf) ^ math.Float32bits(z)&(1<<31))
}

// gelu1 is x·0.5·(1 + erf(x/√2)), rounded as oneDNN does: S + S·erf with
// S = x/2.
func gelu1(x float32) float32 {
	s := 0.5 * x
	return fma32(erfAS(float32(x*f32(rsqrt2Bits))), s, s)
}

// geluGrad1 is 0.5 + (R/√π)·e^(-R²) + 0.5·erf(R), R = x/√2, in
// oneDNN's order.
func geluGrad1(x float32) float32 {
	z := float32(x * f32(rsqrt2Bits))
	q := expNeg(-float32(z * z))
	t := float32(float32(z*f32(rsqrtPi)) * q) // rounded: not fused into t+0.5
	return fma32(erfAS(z), 0.5, t+0.5)
}

// The constants of PyTorch's tanh approximation, as its float32 kernel
// rounds them: √2·(2/√π)·0.5 = √(2/π), and 0.044715.
const (
	tanhBeta  = float32(math.Sqrt2 * 2 / math.SqrtPi * 0.5)
	tanhKappa = float32(0.044715)
)

// GELUTanh sets dst[i] = 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) for
// x = src[i], PyTorch's gelu with approximate="tanh", in the float32
// steps of PyTorch 1.13's kernel (x·x·x, x + 0.044715·x³ as one fused
// multiply-add as its compiler makes it, (0.5·x)·(1 + t)). PyTorch's tanh
// is SLEEF's tanhf (within 1 ulp); here it is tanh rounded once from
// float64, so that a result can differ from PyTorch's in the last bits
// (gelu_test.go counts how often). Like PyTorch's, the result cancels to
// 0 below about x = -5.5, where 1 + tanh rounds to 0.
func GELUTanh(dst, src []float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: GELUTanh: dst has %d elements, src %d", len(dst), len(src)))
	}
	for i, x := range src {
		dst[i] = geluTanh1(x)
	}
}

// GELUTanhBackward sets dst[i] = g[i]·(0.5·(1 + t) + 0.5·x·(1 - t²)·
// √(2/π)·(1 + 3·0.044715·x²)), t = tanh(√(2/π)·(x + 0.044715·x³)), the
// gradient of GELUTanh, in PyTorch 1.13's float32 steps (1 - t² and
// 1 + 3·0.044715·x² fused as its compiler does).
func GELUTanhBackward(dst, x, g []float32) {
	if len(x) != len(dst) || len(g) != len(dst) {
		panic(fmt.Sprintf("vmath: GELUTanhBackward: dst has %d elements, x %d, g %d", len(dst), len(x), len(g)))
	}
	for i, v := range x[:len(dst)] {
		dst[i] = g[i] * geluTanhGrad1(v)
	}
}

// tanhInner returns t = tanh(√(2/π)·(x + 0.044715·x³)) and x².
func tanhInner(x float32) (t, x2 float32) {
	x2 = x * x
	in := tanhBeta * fma32(tanhKappa, x2*x, x)
	return float32(math.Tanh(float64(in))), x2
}

func geluTanh1(x float32) float32 {
	t, _ := tanhInner(x)
	return float32(0.5*x) * (1 + t)
}

func geluTanhGrad1(x float32) float32 {
	t, x2 := tanhInner(x)
	left := float32(0.5 * x)
	leftDeriv := float32(0.5 * (1 + t))
	tanhDeriv := fma32(-t, t, 1)
	innerDeriv := tanhBeta * fma32(3*tanhKappa, x2, 1)
	rightDeriv := float32(float32(left*tanhDeriv) * innerDeriv)
	return leftDeriv + rightDeriv
}
