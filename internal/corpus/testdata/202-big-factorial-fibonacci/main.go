// math/big: 50!, the 100th Fibonacci number, a big power, a rational sum and a square root.
package main

import (
	"fmt"
	"math/big"
)

func factorial(n int64) *big.Int {
	r := big.NewInt(1)
	for i := int64(2); i <= n; i++ {
		r.Mul(r, big.NewInt(i))
	}
	return r
}

func fib(n int) *big.Int {
	a, b := big.NewInt(0), big.NewInt(1)
	for i := 0; i < n; i++ {
		a.Add(a, b)
		a, b = b, a
	}
	return a
}

func main() {
	f := factorial(50)
	fmt.Println("50! =", f)
	fmt.Println("digits:", len(f.String()))

	fmt.Println("fib(100) =", fib(100))

	p := new(big.Int).Exp(big.NewInt(2), big.NewInt(128), nil)
	fmt.Println("2^128 =", p.String())
	m := new(big.Int).Exp(big.NewInt(3), big.NewInt(1000), big.NewInt(1000000007))
	fmt.Println("3^1000 mod 1e9+7 =", m)

	sum := new(big.Rat)
	for i := int64(1); i <= 5; i++ {
		sum.Add(sum, big.NewRat(1, i))
	}
	fmt.Println("H(5) =", sum, sum.FloatString(6))

	x, ok := new(big.Int).SetString("123456789012345678901234567890", 10)
	fmt.Println(ok, x.Cmp(f), new(big.Int).Sqrt(x))
	q, r := new(big.Int).QuoRem(f, x, new(big.Int))
	fmt.Println(q, r.Sign())

	fl := new(big.Float).SetPrec(100).SetInt64(2)
	fl.Sqrt(fl)
	fmt.Println(fl.Text('f', 25))
	fmt.Println(big.NewInt(97).ProbablyPrime(20), fmt.Sprintf("%x", big.NewInt(255)))
}
