// A queue simulation with a seeded random generator: tellers serve customers in ticks.
package main

import (
	"fmt"
	"math/rand"
	"strings"
)

type customer struct {
	id      int
	arrival int
	service int
}

func main() {
	rng := rand.New(rand.NewSource(42))
	const ticks = 30
	var queue []customer
	tellers := make([]int, 2) // ticks left for each teller
	served, waited, next := 0, 0, 1
	for t := 0; t < ticks; t++ {
		if rng.Intn(10) < 6 {
			queue = append(queue, customer{next, t, 1 + rng.Intn(4)})
			next++
		}
		for i := range tellers {
			if tellers[i] > 0 {
				tellers[i]--
			}
			if tellers[i] == 0 && len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				tellers[i] = c.service
				waited += t - c.arrival
				served++
			}
		}
		if t%5 == 4 {
			fmt.Printf("t=%2d queue %-12s tellers %v\n", t, strings.Repeat("*", len(queue)), tellers)
		}
	}
	fmt.Printf("served %d of %d, average wait %.2f ticks, still waiting %d\n",
		served, next-1, float64(waited)/float64(served), len(queue))
}
