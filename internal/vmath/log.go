package vmath

import "math"

// Log sets dst[i] = ln src[i]: Cephes' logf in float32 arithmetic. The
// argument is split into a mantissa m in [√½, √2) and an exponent e (the
// denormals scaled up by 2^23 first); ln m comes from a degree-9
// polynomial in m - 1, and e·ln 2 is added in two parts so that the sum
// rounds once. Measured against float64 math over every 1021st float32
// and the edge cases (log_test.go), the largest error is 0.76 ulp on both
// paths. ln 0 is -Inf, ln of a negative number or NaN is NaN, and
// ln +Inf is +Inf, as in math.
func Log(dst, src []float32) { apply("Log", dst, src, kindLog) }

// The constants of log1, as Cephes' logf has them.
const (
	sqrtHalf = 0.707106781186547524
	lp8      = 7.0376836292e-2
	lp7      = -1.1514610310e-1
	lp6      = 1.1676998740e-1
	lp5      = -1.2420140846e-1
	lp4      = 1.4249322787e-1
	lp3      = -1.6668057665e-1
	lp2      = 2.0000714765e-1
	lp1      = -2.4999993993e-1
	lp0      = 3.3333331174e-1
	ln2Lo    = -2.12194440e-4 // ln 2 - ln2Hi
	ln2Hi    = 0.693359375    // ln 2, high bits: e·ln2Hi is exact
)

// log1 is ln x in the steps of the vector kernel (which fuses the
// multiply-adds).
func log1(x float32) float32 {
	switch {
	case x != x || x < 0:
		return float32(math.NaN())
	case x == 0:
		return float32(math.Inf(-1))
	case x > math.MaxFloat32:
		return x
	}
	var e float32
	if x < 0x1p-126 { // a denormal: scale it into the normal range
		x *= 0x1p23
		e = -23
	}
	b := math.Float32bits(x)
	e += float32(int32(b>>23) - 126)
	m := math.Float32frombits(b&0x807fffff | 0x3f000000) // in [0.5, 1)
	if m < sqrtHalf {
		e--
		m += m
	}
	f := m - 1
	z := f * f
	p := float32(lp8)
	p = p*f + lp7
	p = p*f + lp6
	p = p*f + lp5
	p = p*f + lp4
	p = p*f + lp3
	p = p*f + lp2
	p = p*f + lp1
	p = p*f + lp0
	y := p * f * z
	y += ln2Lo * e
	y += -0.5 * z
	r := f + y
	return r + ln2Hi*e
}
