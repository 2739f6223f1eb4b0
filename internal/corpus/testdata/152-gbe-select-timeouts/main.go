// Go by Example: select over two channels, and timeouts with time.After.
package main

import (
	"fmt"
	"time"
)

func main() {
	c1 := make(chan string)
	c2 := make(chan string)

	go func() {
		time.Sleep(10 * time.Millisecond)
		c1 <- "one"
	}()
	go func() {
		time.Sleep(300 * time.Millisecond)
		c2 <- "two"
	}()

	for range 2 {
		select {
		case msg1 := <-c1:
			fmt.Println("received", msg1)
		case msg2 := <-c2:
			fmt.Println("received", msg2)
		}
	}

	r1 := make(chan string, 1)
	go func() {
		time.Sleep(time.Second)
		r1 <- "result 1"
	}()

	select {
	case res := <-r1:
		fmt.Println(res)
	case <-time.After(50 * time.Millisecond):
		fmt.Println("timeout 1")
	}

	r2 := make(chan string, 1)
	go func() {
		time.Sleep(10 * time.Millisecond)
		r2 <- "result 2"
	}()
	select {
	case res := <-r2:
		fmt.Println(res)
	case <-time.After(time.Second):
		fmt.Println("timeout 2")
	}
}
