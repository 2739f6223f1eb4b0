// Mutex: a counter map shared by goroutines, and an RWMutex-guarded cache.
package main

import (
	"fmt"
	"sync"
)

type Container struct {
	mu       sync.Mutex
	counters map[string]int
}

func (c *Container) inc(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counters[name]++
}

type SafeCache struct {
	mu sync.RWMutex
	m  map[int]int
}

func (c *SafeCache) Get(k int) (int, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *SafeCache) Set(k, v int) {
	c.mu.Lock()
	c.m[k] = v
	c.mu.Unlock()
}

func main() {
	c := Container{counters: map[string]int{"a": 0, "b": 0}}
	var wg sync.WaitGroup
	doIncrement := func(name string, n int) {
		for range n {
			c.inc(name)
		}
		wg.Done()
	}
	wg.Add(3)
	go doIncrement("a", 1000)
	go doIncrement("a", 1000)
	go doIncrement("b", 1000)
	wg.Wait()
	fmt.Println(c.counters)

	cache := &SafeCache{m: map[int]int{}}
	var wg2 sync.WaitGroup
	for i := range 50 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			cache.Set(i%10, i)
			cache.Get(i % 7)
		}()
	}
	wg2.Wait()
	_, ok := cache.Get(3)
	fmt.Println(len(cache.m), ok)
}
