// A worker pool: jobs on one channel, results on another, collected and sorted.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type result struct {
	job, square, worker int
}

func worker(id int, jobs <-chan int, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- result{job: j, square: j * j, worker: id}
	}
}

func main() {
	const numJobs = 9
	jobs := make(chan int, numJobs)
	results := make(chan result, numJobs)
	var wg sync.WaitGroup
	for w := 1; w <= 3; w++ {
		wg.Add(1)
		go worker(w, jobs, results, &wg)
	}
	for j := 1; j <= numJobs; j++ {
		jobs <- j
	}
	close(jobs)
	go func() {
		wg.Wait()
		close(results)
	}()

	var all []result
	workers := map[int]bool{}
	for r := range results {
		all = append(all, r)
		workers[r.worker] = true
	}
	sort.Slice(all, func(i, j int) bool { return all[i].job < all[j].job })
	sum := 0
	for _, r := range all {
		fmt.Printf("job %d -> %d\n", r.job, r.square)
		sum += r.square
	}
	fmt.Println("sum", sum, "workers used <= 3:", len(workers) <= 3)
}
