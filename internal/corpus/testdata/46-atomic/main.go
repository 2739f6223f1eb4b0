// sync/atomic: counters and flags shared by goroutines without a mutex.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Stats struct {
	requests atomic.Int64
	errors   atomic.Int32
	ready    atomic.Bool
}

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

	var s Stats
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.requests.Add(1)
			if i%3 == 0 {
				s.errors.Add(1)
			}
		}()
	}
	wg.Wait()
	s.ready.Store(true)
	fmt.Println(s.requests.Load(), s.errors.Load(), s.ready.Load())

	var old int64 = 5
	swapped := atomic.CompareAndSwapInt64(&old, 5, 9)
	fmt.Println(swapped, old)
	var v atomic.Value
	v.Store("config-v1")
	fmt.Println(v.Load().(string))
}
