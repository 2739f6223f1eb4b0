// A goroutine that owns state and serves reads and writes sent over channels.
package main

import (
	"fmt"
	"sync"
)

type readOp struct {
	key  int
	resp chan int
}

type writeOp struct {
	key  int
	val  int
	resp chan bool
}

func main() {
	reads := make(chan readOp)
	writes := make(chan writeOp)
	go func() {
		state := make(map[int]int)
		for {
			select {
			case read := <-reads:
				read.resp <- state[read.key]
			case write := <-writes:
				state[write.key] += write.val
				write.resp <- true
			}
		}
	}()

	var wg sync.WaitGroup
	for w := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				write := writeOp{key: i % 5, val: w, resp: make(chan bool)}
				writes <- write
				<-write.resp
			}
		}()
	}
	wg.Wait()
	total := 0
	for k := range 5 {
		read := readOp{key: k, resp: make(chan int)}
		reads <- read
		v := <-read.resp
		fmt.Println("key", k, "=", v)
		total += v
	}
	fmt.Println("total", total)
}
