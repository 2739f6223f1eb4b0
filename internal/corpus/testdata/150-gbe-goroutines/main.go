// Go by Example: goroutines, a function run directly, as a goroutine and as an anonymous goroutine, joined in order.
package main

import (
	"fmt"
	"sync"
)

func f(from string, out *[]string, mu *sync.Mutex) {
	for i := range 3 {
		mu.Lock()
		*out = append(*out, fmt.Sprint(from, ":", i))
		mu.Unlock()
	}
}

func main() {
	var mu sync.Mutex
	var lines []string
	f("direct", &lines, &mu)

	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		f("goroutine", &lines, &mu)
	}()

	go func(msg string) {
		defer wg.Done()
		mu.Lock()
		lines = append(lines, msg)
		mu.Unlock()
	}("going")

	wg.Wait()
	fmt.Println(len(lines), "lines")
	count := map[string]int{}
	for _, l := range lines {
		count[l[:2]]++
	}
	fmt.Println(count)
	fmt.Println("done")
}
