// Defers inside loops and closures: each iteration's resource closes when its function returns.
package main

import (
	"fmt"
	"strings"
)

type conn struct {
	id  int
	log *[]string
}

func open(id int, log *[]string) *conn {
	*log = append(*log, fmt.Sprintf("open %d", id))
	return &conn{id, log}
}

func (c *conn) Close() error {
	*c.log = append(*c.log, fmt.Sprintf("close %d", c.id))
	return nil
}

func processAll(ids []int) []string {
	var log []string
	for _, id := range ids {
		func() {
			c := open(id, &log)
			defer c.Close()
			log = append(log, fmt.Sprintf("use %d", c.id))
		}()
	}
	return log
}

func leaky(ids []int) []string {
	var log []string
	func() {
		for _, id := range ids {
			c := open(id, &log)
			defer c.Close()
		}
		log = append(log, "loop done")
	}()
	return log
}

func main() {
	fmt.Println(strings.Join(processAll([]int{1, 2, 3}), ", "))
	fmt.Println(strings.Join(leaky([]int{1, 2, 3}), ", "))
	for i := range 3 {
		defer fmt.Println("main defer", i)
	}
	fmt.Println("main body done")
}
