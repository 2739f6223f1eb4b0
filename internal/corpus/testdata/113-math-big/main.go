// math/big: factorials, powers and exact fractions beyond 64 bits.
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

func main() {
	f := factorial(50)
	fmt.Println(f)
	fmt.Println(len(f.String()), "digits")
	p := new(big.Int).Exp(big.NewInt(2), big.NewInt(100), nil)
	fmt.Println(p)
	q, m := new(big.Int).DivMod(p, big.NewInt(1_000_000_007), new(big.Int))
	fmt.Println(q.BitLen(), m)

	sum := new(big.Rat)
	for i := int64(1); i <= 10; i++ {
		sum.Add(sum, big.NewRat(1, i))
	}
	fmt.Println(sum, sum.FloatString(6))

	n, ok := new(big.Int).SetString("123456789012345678901234567890", 10)
	fmt.Println(n, ok, n.Cmp(p) < 0)
	fmt.Println(big.NewInt(97).ProbablyPrime(20), big.NewInt(91).ProbablyPrime(20))
	x := new(big.Float).SetPrec(100).SetInt64(2)
	x.Sqrt(x)
	fmt.Println(x.Text('f', 25))
}
