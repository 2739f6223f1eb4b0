// A program that reports problems on stderr and ends with os.Exit(3).
package main

import (
	"fmt"
	"os"
)

type check struct {
	name string
	ok   bool
}

func main() {
	checks := []check{{"config", true}, {"database", false}, {"cache", true}, {"queue", false}}
	failed := 0
	for _, c := range checks {
		if c.ok {
			fmt.Println("ok  ", c.name)
			continue
		}
		failed++
		fmt.Println("FAIL", c.name)
	}
	fmt.Printf("%d of %d checks failed\n", failed, len(checks))
	if failed > 0 {
		os.Exit(3)
	}
	fmt.Println("not reached")
}
