// Cancelling a group of workers with a context when the first one finds the answer.
package main

import (
	"context"
	"fmt"
	"sync"
)

func search(ctx context.Context, id int, nums []int, target int, found chan<- string) {
	for i, n := range nums {
		select {
		case <-ctx.Done():
			return
		default:
		}
		if n == target {
			select {
			case found <- fmt.Sprintf("worker %d found %d at %d", id, target, i):
			case <-ctx.Done():
			}
			return
		}
	}
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	data := [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	found := make(chan string)
	var wg sync.WaitGroup
	for id, part := range data {
		wg.Add(1)
		go func() {
			defer wg.Done()
			search(ctx, id, part, 5, found)
		}()
	}
	fmt.Println(<-found)
	cancel()
	wg.Wait()
	fmt.Println("all workers stopped:", ctx.Err())

	stopped := make(chan int, 3)
	ctx2, cancel2 := context.WithCancel(context.Background())
	for i := range 3 {
		go func() {
			<-ctx2.Done()
			stopped <- i
		}()
	}
	cancel2()
	sum := 0
	for range 3 {
		sum += <-stopped
	}
	fmt.Println("stopped workers, ids sum to", sum)
}
