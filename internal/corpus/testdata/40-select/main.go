// Select: waiting on several channels, default cases and timeouts.
package main

import (
	"fmt"
	"time"
)

func main() {
	c1 := make(chan string)
	c2 := make(chan string)
	first := make(chan bool)
	go func() {
		time.Sleep(10 * time.Millisecond)
		c1 <- "one"
		close(first)
	}()
	go func() {
		<-first
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

	slow := make(chan string, 1)
	go func() {
		time.Sleep(time.Second)
		slow <- "result"
	}()
	select {
	case res := <-slow:
		fmt.Println(res)
	case <-time.After(20 * time.Millisecond):
		fmt.Println("timeout 1")
	}

	messages := make(chan string)
	select {
	case msg := <-messages:
		fmt.Println("received message", msg)
	default:
		fmt.Println("no message received")
	}

	buf := make(chan int, 1)
	for i := range 4 {
		select {
		case buf <- i:
			fmt.Println("sent", i)
		default:
			fmt.Println("full, dropped", i)
			fmt.Println("drained", <-buf)
		}
	}

	var nilCh chan int
	select {
	case <-nilCh:
		fmt.Println("never")
	default:
		fmt.Println("nil channel blocks")
	}
}
