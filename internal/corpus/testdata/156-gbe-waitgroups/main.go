// Go by Example: WaitGroups, with wg.Go (Go 1.25) and the classic Add/Done.
package main

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

func worker(id int, out chan<- string) {
	out <- fmt.Sprintf("Worker %d starting", id)
	time.Sleep(5 * time.Millisecond)
	out <- fmt.Sprintf("Worker %d done", id)
}

func main() {
	var wg sync.WaitGroup
	out := make(chan string, 20)

	for i := 1; i <= 5; i++ {
		wg.Go(func() {
			worker(i, out)
		})
	}

	wg.Wait()
	close(out)

	var lines []string
	for l := range out {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}

	var wg2 sync.WaitGroup
	squares := make([]int, 6)
	for i := range squares {
		wg2.Add(1)
		go func(n int) {
			defer wg2.Done()
			squares[n] = n * n
		}(i)
	}
	wg2.Wait()
	fmt.Println(squares)
}
