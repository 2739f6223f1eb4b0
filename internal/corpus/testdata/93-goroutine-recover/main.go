// Recovering panics inside goroutines so that one bad task does not crash the program.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func safeGo(wg *sync.WaitGroup, errs chan<- string, id int, f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() {
			if r := recover(); r != nil {
				errs <- fmt.Sprintf("task %d panicked: %v", id, r)
			}
		}()
		f()
	}()
}

func main() {
	var wg sync.WaitGroup
	errs := make(chan string, 10)
	results := make([]int, 4)
	for i := range 4 {
		safeGo(&wg, errs, i, func() {
			if i == 2 {
				var m map[string]int
				m["boom"] = 1
			}
			if i == 3 {
				panic(fmt.Sprintf("bad input %d", i))
			}
			results[i] = i * 100
		})
	}
	wg.Wait()
	close(errs)
	var msgs []string
	for e := range errs {
		msgs = append(msgs, e)
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		fmt.Println(m)
	}
	fmt.Println(results)
}
