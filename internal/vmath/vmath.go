// Package vmath computes e^x, tanh and the logistic sigmoid of float32
// slices, eight lanes at a time with AVX2 and FMA where the CPU has them.
//
// The functions follow SLEEF's expf (a Cody-Waite reduction by ln 2, a
// degree-6 polynomial, and a scale by 2^n in two steps so that results in
// the denormal range round once) and Cephes' tanhf, in float32 arithmetic.
// Measured against float64 math over every 1021st float32 and the edge
// cases (vmath_test.go), the largest errors are 1.20 ulp for Exp, 2.28 ulp
// for Sigmoid and 1.24 ulp for Tanh, on both paths; ±Inf, NaN, overflow and
// underflow (to the denormals and to 0) give what math does. The
// pure-Go path (other CPUs, or the purego build tag) computes the same
// steps one element at a time; without fused multiply-adds its results can
// differ from the AVX2 path's in the last bit. GELU and its gradient
// (gelu.go) instead take PyTorch 1.13's own steps, and give its values to
// the bit on both paths.
//
// The kernels work on two blocks of eight lanes at a time, whose chains
// of dependent operations then overlap; where every lane of Exp's
// argument is below 86 in magnitude, the scale by 2^n is one integer add
// to the exponent field (the same bits).
//
// Where the CPU has AVX-512 (F, DQ and VL, with the OS saving the ZMM and
// mask registers), these kernels run sixteen lanes a register instead:
// Exp, Sigmoid, Tanh, SiLU, GELU and GELUBackward, Log and Sqrt (which
// mask their last block instead of finishing it through an eight-lane
// buffer), Add, Sub, Mul and Div, the softmax row kernels (Max,
// ExpShiftSum, ExpSumRows, AddRows and ScaleRows) and LayerNormRows and
// LayerNormBackwardRows (norm.go). They give the AVX2 kernels' bits: the
// same operations in the same order (with a scale by 2^n in one VSCALEFPS
// and Exp's bounds as a clamp, which give the same values), and sums that
// add their terms in the AVX2 kernels' lanes and order;
// avx512_amd64_test.go compares them bit for bit, and with
// -vmath.exhaustive on every float32. Their rates on 16384 elements in
// cache are about twice the AVX2 kernels'. The other kernels (ReLU and its
// backward, Scale, AddConst, the selections of select.go, the batch
// normalisation and optimizer kernels) are bound by memory and keep their
// AVX2 loops; ReLU in ZMM registers was measured and gained nothing.
//
// dst and src must have the same length; dst may be src.
package vmath

import (
	"fmt"
	"math"
)

// Exp sets dst[i] = e^src[i].
func Exp(dst, src []float32) { apply("Exp", dst, src, kindExp) }

// Sigmoid sets dst[i] = 1 / (1 + e^-src[i]).
func Sigmoid(dst, src []float32) { apply("Sigmoid", dst, src, kindSigmoid) }

// Tanh sets dst[i] = tanh(src[i]).
func Tanh(dst, src []float32) { apply("Tanh", dst, src, kindTanh) }

// SiLU sets dst[i] = x / (1 + e^-x) for x = src[i], PyTorch's silu: the
// same steps as Exp of -x, an add and a division, in one pass.
func SiLU(dst, src []float32) { apply("SiLU", dst, src, kindSiLU) }

type kind int

const (
	kindExp kind = iota
	kindSigmoid
	kindTanh
	kindGELU
	kindLog
	kindSqrt
	kindSiLU
)

// block runs the vector kernel of k over dst and src (a positive multiple
// of eight elements). A switch rather than a function value, so that the
// compiler sees that the slices do not escape.
func (k kind) block(dst, src []float32) {
	switch k {
	case kindExp:
		expBlock(dst, src)
	case kindSigmoid:
		sigmoidBlock(dst, src)
	case kindTanh:
		tanhBlock(dst, src)
	case kindGELU:
		geluBlock(dst, src)
	case kindLog:
		logBlock(dst, src)
	case kindSqrt:
		sqrtBlock(dst, src)
	case kindSiLU:
		siluBlock(dst, src)
	}
}

func (k kind) one(x float32) float32 {
	switch k {
	case kindSigmoid:
		return sigmoid1(x)
	case kindTanh:
		return tanh1(x)
	case kindGELU:
		return gelu1(x)
	case kindLog:
		return log1(x)
	case kindSqrt:
		return sqrt1(x)
	case kindSiLU:
		return x / (1 + exp1(-x))
	}
	return exp1(x)
}

// apply runs k's vector kernel over the longest multiple of eight elements
// and finishes the rest by copying it into an eight-lane buffer, so that
// every element goes through the same instructions; without the kernel,
// it runs k's Go function on every element.
func apply(name string, dst, src []float32, k kind) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: %s: dst has %d elements, src %d", name, len(dst), len(src)))
	}
	if !haveAVX2 {
		for i, v := range src {
			dst[i] = k.one(v)
		}
		return
	}
	n := len(src) &^ 7
	if useAVX512 {
		// The AVX-512 kernels mask their last block themselves.
		n = len(src)
	}
	if n > 0 {
		k.block(dst[:n], src[:n])
	}
	if n < len(src) {
		var buf [8]float32
		copy(buf[:], src[n:])
		k.block(buf[:], buf[:])
		copy(dst[n:], buf[:])
	}
}

// The constants of exp1, as SLEEF's expf has them.
const (
	log2e = 1.442695040888963407359924681001892137426645954152985934135449406931
	l2u   = 0.693145751953125        // ln 2, high bits: q*l2u is exact
	l2l   = 1.428606765330187045e-06 // ln 2 - l2u
	c5    = 0.000198527617612853646278381
	c4    = 0.00139304355252534151077271
	c3    = 0.00833336077630519866943359
	c2    = 0.0416664853692054748535156
	c1    = 0.166666671633720397949219
	// Below expLo, e^x is under half the smallest denormal; above expHi
	// it overflows (the threshold itself is 88.72284).
	expLo = -104
	expHi = 100
)

// exp1 is e^x: x = q·ln 2 + s with |s| ≤ ln2/2, e^s by a polynomial, and
// the scale 2^q applied as 2^(q/2)·2^(q-q/2) so that neither factor
// overflows and a denormal result is rounded once.
func exp1(x float32) float32 {
	switch {
	case x != x:
		return x
	case x < expLo:
		return 0
	case x > expHi:
		return float32(math.Inf(1))
	}
	q := float32(math.RoundToEven(float64(x * log2e)))
	s := x - q*l2u
	s -= q * l2l
	u := float32(c5)
	u = u*s + c4
	u = u*s + c3
	u = u*s + c2
	u = u*s + c1
	u = u*s + 0.5
	u = s*s*u + (s + 1)
	qi := int32(q)
	h := qi >> 1
	l := qi - h
	return u * math.Float32frombits(uint32(h+127)<<23) * math.Float32frombits(uint32(l+127)<<23)
}

// sigmoid1 computes e = e^-|x| once: 1/(1+e) for x ≥ 0, e/(1+e) below,
// which keeps the result exact down to the denormals for negative x.
func sigmoid1(x float32) float32 {
	e := exp1(-float32(math.Abs(float64(x))))
	if x >= 0 {
		return 1 / (1 + e)
	}
	return e / (1 + e)
}

// The coefficients of Cephes' tanhf polynomial, for |x| < tanhSmall.
const (
	tanhSmall = 0.625
	t4        = -5.70498872745e-3
	t3        = 2.06390887954e-2
	t2        = -5.37397155531e-2
	t1        = 1.33314422036e-1
	t0        = -3.33332819422e-1
)

// tanh1 is x + x·z·P(z) (z = x²) for small |x|, where 1 - 2/(e^2|x|+1)
// would cancel, and that with x's sign above.
func tanh1(x float32) float32 {
	y := float32(math.Abs(float64(x)))
	var r float32
	if y < tanhSmall {
		z := y * y
		p := float32(t4)
		p = p*z + t3
		p = p*z + t2
		p = p*z + t1
		p = p*z + t0
		r = p*(y*z) + y
	} else {
		r = 1 - 2/(exp1(2*y)+1)
	}
	return float32(math.Copysign(float64(r), float64(x)))
}

// Max returns the largest element of x, which must not be empty. When x
// holds a NaN the result is unspecified: a NaN or one of the other values.
func Max(x []float32) float32 {
	if len(x) == 0 {
		panic("vmath: Max of no elements")
	}
	n := 0
	m := x[0]
	if haveAVX2 && len(x) >= 8 {
		n = len(x) &^ 7
		m = maxBlock(x[:n])
	}
	for _, v := range x[n:] {
		if v > m {
			m = v
		}
	}
	return m
}

// ExpShiftSum sets dst[i] = e^(src[i]-shift) and returns the sum of dst,
// the inner step of a softmax. The sum is added up in float32.
func ExpShiftSum(dst, src []float32, shift float32) float32 {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: ExpShiftSum: dst has %d elements, src %d", len(dst), len(src)))
	}
	if !haveAVX2 {
		var s float32
		for i, v := range src {
			e := exp1(v - shift)
			dst[i] = e
			s += e
		}
		return s
	}
	var s float32
	n := len(src) &^ 7
	if n > 0 {
		s = expShiftSumBlock(dst[:n], src[:n], shift)
	}
	if n < len(src) {
		// -Inf pads the lanes past the end: e^-Inf adds 0.
		buf := [8]float32{}
		for i := range buf {
			buf[i] = float32(math.Inf(-1))
		}
		copy(buf[:], src[n:])
		s += expShiftSumBlock(buf[:], buf[:], shift)
		copy(dst[n:], buf[:])
	}
	return s
}

// Scale sets dst[i] = src[i]*s.
func Scale(dst, src []float32, s float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: Scale: dst has %d elements, src %d", len(dst), len(src)))
	}
	n := 0
	if haveAVX2 {
		n = len(src) &^ 7
		if n > 0 {
			scaleBlock(dst[:n], src[:n], s)
		}
	}
	for i, v := range src[n:] {
		dst[n+i] = v * s
	}
}

// AddConst sets dst[i] = src[i]+c.
func AddConst(dst, src []float32, c float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: AddConst: dst has %d elements, src %d", len(dst), len(src)))
	}
	n := 0
	if haveAVX2 {
		n = len(src) &^ 7
		if n > 0 {
			addConstBlock(dst[:n], src[:n], c)
		}
	}
	for i, v := range src[n:] {
		dst[n+i] = v + c
	}
}

// Add sets dst[i] = a[i] + b[i].
func Add(dst, a, b []float32) {
	binary("Add", dst, a, b, addBlock, func(x, y float32) float32 { return x + y })
}

// Sub sets dst[i] = a[i] - b[i].
func Sub(dst, a, b []float32) {
	binary("Sub", dst, a, b, subBlock, func(x, y float32) float32 { return x - y })
}

// Mul sets dst[i] = a[i] * b[i].
func Mul(dst, a, b []float32) {
	binary("Mul", dst, a, b, mulBlock, func(x, y float32) float32 { return x * y })
}

// Div sets dst[i] = a[i] / b[i].
func Div(dst, a, b []float32) {
	binary("Div", dst, a, b, divBlock, func(x, y float32) float32 { return x / y })
}

// binary runs block over the longest multiple of eight elements and op
// over the rest; each element is one correctly rounded operation either
// way.
func binary(name string, dst, a, b []float32, block func(dst, a, b []float32), op func(x, y float32) float32) {
	if len(a) != len(dst) || len(b) != len(dst) {
		panic(fmt.Sprintf("vmath: %s: dst has %d elements, a %d, b %d", name, len(dst), len(a), len(b)))
	}
	n := 0
	if haveAVX2 {
		n = len(dst) &^ 7
		if n > 0 {
			block(dst[:n], a[:n], b[:n])
		}
	}
	a, b = a[n:], b[n:len(a)]
	for i := range a {
		dst[n+i] = op(a[i], b[i])
	}
}

// ReLU sets dst[i] to src[i] where its sign bit is clear and to +0 where it
// is set (negatives, -0, and NaNs with the sign bit set).
func ReLU(dst, src []float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: ReLU: dst has %d elements, src %d", len(dst), len(src)))
	}
	n := 0
	if haveAVX2 {
		n = len(dst) &^ 7
		if n > 0 {
			reluBlock(dst[:n], src[:n])
		}
	}
	for i, v := range src[n:] {
		u := math.Float32bits(v)
		dst[n+i] = math.Float32frombits(u &^ uint32(int32(u)>>31))
	}
}

// ReLUBackward sets dst[i] = g[i] where y[i] (a ReLU output: +0 or
// positive) is not +0, and +0 where it is: no gradient, not even NaN,
// passes where the output was 0.
func ReLUBackward(dst, g, y []float32) {
	binary("ReLUBackward", dst, g, y, reluBackwardBlock, func(g, y float32) float32 {
		u := math.Float32bits(y)
		return math.Float32frombits(math.Float32bits(g) & uint32(int32(u|-u)>>31))
	})
}

// MaxPool2x2 pools one output row of a 2×2, stride-2 max pooling: output
// i is the largest of top[2i], top[2i+1], bot[2i] and bot[2i+1] (the first
// of them on ties; -0 and +0 tie), and idx[i] its position, base + 2i plus
// 1 for the right column and w for the bottom row. It does the outputs in
// blocks of eight (the last one through a zero-padded copy) and returns
// how many it did: len(dst), or 0 without the vector kernel, when the
// caller does them all. nan reports a NaN among the inputs, which the
// caller must pool again with its own rule for NaN.
func MaxPool2x2(top, bot, dst []float32, idx []int32, base, w int) (done int, nan bool) {
	if !haveAVX2 || len(dst) == 0 {
		return 0, false
	}
	if len(top) < 2*len(dst) || len(bot) < 2*len(dst) || len(idx) < len(dst) {
		panic(fmt.Sprintf("vmath: MaxPool2x2: %d outputs from rows of %d and %d into %d positions", len(dst), len(top), len(bot), len(idx)))
	}
	n := len(dst) &^ 7
	if n > 0 {
		nan = maxPool2x2Block(top, bot, dst, idx, n, int32(base), int32(w))
	}
	if rest := len(dst) - n; rest > 0 {
		var t, b, d [16]float32
		var ix [8]int32
		copy(t[:], top[2*n:2*len(dst)])
		copy(b[:], bot[2*n:2*len(dst)])
		if maxPool2x2Block(t[:], b[:], d[:8], ix[:], 8, int32(base+2*n), int32(w)) {
			nan = true
		}
		copy(dst[n:], d[:rest])
		copy(idx[n:], ix[:rest])
	}
	return len(dst), nan
}
