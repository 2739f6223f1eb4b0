// math/rand/v2 with a fixed seed: dice, shuffles and a random walk.
package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		fmt.Print(r.IntN(6)+1, " ")
	}
	fmt.Println()
	fmt.Printf("%.4f %d %v\n", r.Float64(), r.Int64N(1000), r.Perm(5))

	deck := []string{"A", "K", "Q", "J", "10", "9"}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	fmt.Println(deck)

	pos, maxPos := 0, 0
	for range 100 {
		if r.IntN(2) == 0 {
			pos++
		} else {
			pos--
		}
		maxPos = max(maxPos, pos)
	}
	fmt.Println("walk ends at", pos, "max", maxPos)

	hist := make([]int, 5)
	for range 1000 {
		hist[r.IntN(5)]++
	}
	fmt.Println(hist)
	r2 := rand.New(rand.NewPCG(1, 2))
	fmt.Println(r2.IntN(6)+1, r2.Uint32(), r2.NormFloat64() > -10)
	fmt.Println(rand.N(10) < 10)
}
