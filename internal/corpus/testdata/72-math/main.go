// math: roots, powers, rounding, special values and limits.
package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Sqrt(2), math.Cbrt(27), math.Pow(2, 10), math.Exp(1))
	fmt.Println(math.Floor(-2.5), math.Ceil(-2.5), math.Round(-2.5), math.Trunc(-2.5), math.RoundToEven(2.5))
	fmt.Println(math.Abs(-3.2), math.Max(3, 7), math.Min(3, 7), math.Mod(7, 3), math.Remainder(7, 3))
	fmt.Printf("%.4f %.4f %.4f %.4f\n", math.Sin(math.Pi/6), math.Cos(math.Pi/3), math.Atan2(1, 1), math.Hypot(3, 4))
	fmt.Printf("%.4f %.4f %.4f\n", math.Log(math.E), math.Log2(1024), math.Log10(0.001))
	inf := math.Inf(1)
	nan := math.NaN()
	fmt.Println(inf, -inf, nan, math.IsInf(inf, 1), math.IsNaN(nan), nan == nan)
	fmt.Println(math.MaxInt64, math.MinInt64, math.MaxUint32, math.MaxInt8)
	fmt.Println(math.MaxFloat64, math.SmallestNonzeroFloat64)
	fmt.Println(math.Float64bits(1.0), math.Float32frombits(0x40490fdb))
	frac, exp := math.Frexp(8)
	fmt.Println(frac, exp, math.Signbit(-0.0), math.Copysign(3, -1))
	ip, fp := math.Modf(3.75)
	fmt.Println(ip, fp)
	var zero float64
	fmt.Println(1/zero, -1/zero, zero/zero == zero/zero)
	fmt.Println(math.Sqrt(-1), math.Gamma(5), math.Erf(0))
}
