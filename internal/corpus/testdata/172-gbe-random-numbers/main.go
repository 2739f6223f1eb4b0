// Go by Example: random numbers from math/rand/v2 with a seeded PCG source, so the output is fixed.
package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	s2 := rand.NewPCG(42, 1024)
	r2 := rand.New(s2)
	fmt.Print(r2.IntN(100), ",")
	fmt.Print(r2.IntN(100))
	fmt.Println()

	s3 := rand.NewPCG(42, 1024)
	r3 := rand.New(s3)
	fmt.Print(r3.IntN(100), ",")
	fmt.Print(r3.IntN(100))
	fmt.Println()

	fmt.Printf("%.4f\n", r3.Float64())
	perm := r3.Perm(6)
	fmt.Println(perm)
	deck := []string{"A", "K", "Q", "J", "10"}
	r3.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	fmt.Println(deck)

	n := rand.IntN(10)
	fmt.Println(n >= 0 && n < 10)
}
