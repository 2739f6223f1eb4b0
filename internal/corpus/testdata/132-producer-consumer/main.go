// Producers and consumers over a buffered channel, with a done channel and results gathered by key.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type job struct {
	producer int
	n        int
}

func main() {
	jobs := make(chan job, 4)
	var prod sync.WaitGroup
	for p := 1; p <= 3; p++ {
		prod.Add(1)
		go func(id int) {
			defer prod.Done()
			for i := 1; i <= 4; i++ {
				jobs <- job{id, i * id}
			}
		}(p)
	}
	go func() {
		prod.Wait()
		close(jobs)
	}()

	var mu sync.Mutex
	sums := map[int]int{}
	counts := map[string]int{}
	var cons sync.WaitGroup
	for c := 0; c < 2; c++ {
		cons.Add(1)
		go func(name string) {
			defer cons.Done()
			for j := range jobs {
				mu.Lock()
				sums[j.producer] += j.n
				counts[name]++
				mu.Unlock()
			}
		}(fmt.Sprintf("consumer-%d", c))
	}
	cons.Wait()

	keys := make([]int, 0, len(sums))
	for k := range sums {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		fmt.Printf("producer %d: sum %d\n", k, sums[k])
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	fmt.Println("jobs consumed:", total, strings.Repeat("=", total))
}
