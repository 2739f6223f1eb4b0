// Goto: a retry loop and an early exit to cleanup, as in C-style code.
package main

import "fmt"

func attempt(n int) bool { return n >= 3 }

func process(items []int) (sum int) {
	i := 0
next:
	if i >= len(items) {
		goto done
	}
	if items[i] < 0 {
		fmt.Println("negative item, stopping")
		goto done
	}
	sum += items[i]
	i++
	goto next
done:
	fmt.Println("processed", i, "items")
	return sum
}

func main() {
	tries := 0
retry:
	tries++
	if !attempt(tries) {
		fmt.Println("attempt", tries, "failed")
		goto retry
	}
	fmt.Println("succeeded after", tries, "tries")

	fmt.Println(process([]int{1, 2, 3}))
	fmt.Println(process([]int{4, -1, 5}))
}
