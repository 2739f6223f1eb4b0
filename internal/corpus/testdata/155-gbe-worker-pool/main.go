// Go by Example: worker pools, three workers over a jobs channel, results sorted.
package main

import (
	"fmt"
	"sort"
	"time"
)

type result struct {
	job, worker, value int
}

func worker(id int, jobs <-chan int, results chan<- result) {
	for j := range jobs {
		time.Sleep(2 * time.Millisecond)
		results <- result{j, id, j * 2}
	}
}

func main() {
	const numJobs = 9
	jobs := make(chan int, numJobs)
	results := make(chan result, numJobs)

	for w := 1; w <= 3; w++ {
		go worker(w, jobs, results)
	}

	for j := 1; j <= numJobs; j++ {
		jobs <- j
	}
	close(jobs)

	var all []result
	used := map[int]bool{}
	for a := 1; a <= numJobs; a++ {
		r := <-results
		all = append(all, r)
		used[r.worker] = true
	}
	sort.Slice(all, func(i, j int) bool { return all[i].job < all[j].job })
	for _, r := range all {
		fmt.Printf("job %d -> %d\n", r.job, r.value)
	}
	fmt.Println("workers used at least once:", len(used) >= 1)
}
