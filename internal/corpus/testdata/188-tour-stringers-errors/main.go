// A Tour of Go exercises: Stringers (IPAddr) and Errors (ErrNegativeSqrt with Newton's square root).
package main

import (
	"fmt"
	"math"
)

type IPAddr [4]byte

func (ip IPAddr) String() string {
	return fmt.Sprintf("%v.%v.%v.%v", ip[0], ip[1], ip[2], ip[3])
}

type ErrNegativeSqrt float64

func (e ErrNegativeSqrt) Error() string {
	return fmt.Sprintf("cannot Sqrt negative number: %v", float64(e))
}

func Sqrt(x float64) (float64, error) {
	if x < 0 {
		return 0, ErrNegativeSqrt(x)
	}
	z := 1.0
	for i := 0; i < 10; i++ {
		z -= (z*z - x) / (2 * z)
	}
	return z, nil
}

type MyError struct {
	When string
	What string
}

func (e *MyError) Error() string {
	return fmt.Sprintf("at %v, %s", e.When, e.What)
}

func run() error {
	return &MyError{"noon", "it didn't work"}
}

func main() {
	hosts := map[string]IPAddr{
		"loopback":  {127, 0, 0, 1},
		"googleDNS": {8, 8, 8, 8},
	}
	for _, name := range []string{"googleDNS", "loopback"} {
		fmt.Printf("%v: %v\n", name, hosts[name])
	}

	fmt.Println(Sqrt(2))
	fmt.Println(Sqrt(-2))
	fmt.Println(math.Abs(1.4142135623730951-func() float64 { v, _ := Sqrt(2); return v }()) < 1e-12)

	if err := run(); err != nil {
		fmt.Println(err)
	}
}
