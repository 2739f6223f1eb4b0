// Channels: unbuffered handoff, buffering, directions, closing and ranging.
package main

import "fmt"

func ping(pings chan<- string, msg string) { pings <- msg }

func pong(pings <-chan string, pongs chan<- string) {
	msg := <-pings
	pongs <- msg + " pong"
}

func produce(n int) <-chan int {
	ch := make(chan int)
	go func() {
		defer close(ch)
		for i := range n {
			ch <- i * 10
		}
	}()
	return ch
}

func main() {
	messages := make(chan string)
	go func() { messages <- "ping" }()
	msg := <-messages
	fmt.Println(msg)

	buffered := make(chan string, 2)
	buffered <- "buffered"
	buffered <- "channel"
	fmt.Println(len(buffered), cap(buffered))
	fmt.Println(<-buffered, <-buffered)

	pings := make(chan string, 1)
	pongs := make(chan string, 1)
	ping(pings, "passed")
	pong(pings, pongs)
	fmt.Println(<-pongs)

	for v := range produce(4) {
		fmt.Print(v, " ")
	}
	fmt.Println()

	jobs := make(chan int, 5)
	for j := 1; j <= 3; j++ {
		jobs <- j
	}
	close(jobs)
	v, ok := <-jobs
	fmt.Println(v, ok)
	for j := range jobs {
		fmt.Println("job", j)
	}
	v, ok = <-jobs
	fmt.Println(v, ok)
}
