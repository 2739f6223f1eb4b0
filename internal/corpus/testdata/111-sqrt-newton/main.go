// Square roots by Newton's method, with an error type for negative numbers (Tour of Go).
package main

import (
	"fmt"
	"math"
)

type ErrNegativeSqrt float64

func (e ErrNegativeSqrt) Error() string {
	return fmt.Sprintf("cannot Sqrt negative number: %v", float64(e))
}

func Sqrt(x float64) (float64, error) {
	if x < 0 {
		return 0, ErrNegativeSqrt(x)
	}
	z := 1.0
	for i := 0; i < 100; i++ {
		next := z - (z*z-x)/(2*z)
		if math.Abs(next-z) < 1e-12 {
			fmt.Printf("  converged after %d steps\n", i+1)
			return next, nil
		}
		z = next
	}
	return z, nil
}

func main() {
	for _, x := range []float64{2, 9, 1e6, -2} {
		v, err := Sqrt(x)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Printf("Sqrt(%g) = %.10f (math: %.10f)\n", x, v, math.Sqrt(x))
	}
}
