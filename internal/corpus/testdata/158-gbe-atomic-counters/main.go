// Go by Example: atomic counters, 50 goroutines adding to an atomic.Uint64, and the older atomic.AddInt64.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	var ops atomic.Uint64

	var wg sync.WaitGroup

	for range 50 {
		wg.Add(1)

		go func() {
			for range 1000 {
				ops.Add(1)
			}

			wg.Done()
		}()
	}

	wg.Wait()

	fmt.Println("ops:", ops.Load())

	var n int64
	var wg2 sync.WaitGroup
	for i := 1; i <= 10; i++ {
		wg2.Add(1)
		go func(k int64) {
			defer wg2.Done()
			atomic.AddInt64(&n, k)
		}(int64(i))
	}
	wg2.Wait()
	fmt.Println("sum:", atomic.LoadInt64(&n))

	var flag atomic.Bool
	fmt.Println(flag.CompareAndSwap(false, true), flag.CompareAndSwap(false, true), flag.Load())
}
