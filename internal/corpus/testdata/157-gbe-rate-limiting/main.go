// Go by Example: rate limiting with time.Tick and a bursty limiter (a buffered channel of times).
package main

import (
	"fmt"
	"time"
)

func main() {
	requests := make(chan int, 5)
	for i := 1; i <= 5; i++ {
		requests <- i
	}
	close(requests)

	limiter := time.Tick(5 * time.Millisecond)

	start := time.Now()
	for req := range requests {
		<-limiter
		fmt.Println("request", req)
	}
	elapsed := time.Since(start)
	fmt.Println("took at least 20ms:", elapsed >= 20*time.Millisecond)

	burstyLimiter := make(chan time.Time, 3)

	for range 3 {
		burstyLimiter <- time.Now()
	}

	go func() {
		for t := range time.Tick(5 * time.Millisecond) {
			burstyLimiter <- t
		}
	}()

	burstyRequests := make(chan int, 5)
	for i := 1; i <= 5; i++ {
		burstyRequests <- i
	}
	close(burstyRequests)
	for req := range burstyRequests {
		<-burstyLimiter
		fmt.Println("bursty request", req)
	}
}
