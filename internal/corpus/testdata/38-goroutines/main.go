// Goroutines with a WaitGroup: each worker writes its own slot.
package main

import (
	"fmt"
	"sync"
	"time"
)

func worker(id int, results []string, wg *sync.WaitGroup) {
	defer wg.Done()
	time.Sleep(time.Duration(5-id) * time.Millisecond)
	results[id] = fmt.Sprintf("worker %d done", id)
}

func main() {
	var wg sync.WaitGroup
	results := make([]string, 5)
	for i := range 5 {
		wg.Add(1)
		go worker(i, results, &wg)
	}
	wg.Wait()
	for _, r := range results {
		fmt.Println(r)
	}

	squares := make([]int, 10)
	var wg2 sync.WaitGroup
	for i := range squares {
		wg2.Go(func() {
			squares[i] = i * i
		})
	}
	wg2.Wait()
	fmt.Println(squares)

	done := make(chan bool)
	go func() {
		fmt.Println("goroutine says hi")
		done <- true
	}()
	<-done
	fmt.Println("main ends")
}
