// sync.OnceValue, sync.OnceFunc and atomic.Pointer: the generic helpers of sync.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Config struct {
	Version int
	Name    string
}

func main() {
	calls := 0
	load := sync.OnceValue(func() int {
		calls++
		return 42
	})
	fmt.Println(load(), load(), calls)

	parse := sync.OnceValues(func() (string, error) {
		return "parsed", nil
	})
	s, err := parse()
	fmt.Println(s, err)

	hello := sync.OnceFunc(func() { fmt.Println("hello once") })
	hello()
	hello()

	var current atomic.Pointer[Config]
	fmt.Println(current.Load() == nil)
	current.Store(&Config{1, "first"})
	old := current.Swap(&Config{2, "second"})
	fmt.Println(old.Name, current.Load().Version)
	ok := current.CompareAndSwap(old, &Config{3, "third"})
	fmt.Println(ok, current.Load().Name)

	var m sync.Map
	m.Store("a", 1)
	m.Store("b", 2)
	v, found := m.Load("a")
	fmt.Println(v, found)
	actual, loaded := m.LoadOrStore("a", 9)
	fmt.Println(actual, loaded)
	n := 0
	m.Range(func(k, v any) bool { n += v.(int); return true })
	fmt.Println("sum", n)
}
