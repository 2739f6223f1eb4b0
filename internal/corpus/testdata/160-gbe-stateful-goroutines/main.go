// Go by Example: stateful goroutines, one goroutine owns a map and serves read and write requests.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
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
	var readOps uint64
	var writeOps uint64

	reads := make(chan readOp)
	writes := make(chan writeOp)

	go func() {
		var state = make(map[int]int)
		for {
			select {
			case read := <-reads:
				read.resp <- state[read.key]
			case write := <-writes:
				state[write.key] = write.val
				write.resp <- true
			}
		}
	}()

	var wg sync.WaitGroup
	for w := 0; w < 5; w++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			for i := 1; i <= 10; i++ {
				write := writeOp{key: k, val: k * i, resp: make(chan bool)}
				writes <- write
				<-write.resp
				atomic.AddUint64(&writeOps, 1)
			}
		}(w)
	}
	wg.Wait()

	for r := 0; r < 5; r++ {
		read := readOp{key: r, resp: make(chan int)}
		reads <- read
		fmt.Println("key", r, "=", <-read.resp)
		atomic.AddUint64(&readOps, 1)
	}

	fmt.Println("readOps:", atomic.LoadUint64(&readOps))
	fmt.Println("writeOps:", atomic.LoadUint64(&writeOps))
}
