// Timers and tickers: a ticker that stops after a few ticks, and a stopped timer.
package main

import (
	"fmt"
	"time"
)

func main() {
	ticker := time.NewTicker(10 * time.Millisecond)
	defer ticker.Stop()
	ticks := 0
	for range ticker.C {
		ticks++
		fmt.Println("tick", ticks)
		if ticks == 3 {
			break
		}
	}

	timer := time.NewTimer(time.Hour)
	stopped := timer.Stop()
	fmt.Println("timer stopped:", stopped)

	t2 := time.NewTimer(5 * time.Millisecond)
	<-t2.C
	fmt.Println("timer fired")

	done := make(chan struct{})
	time.AfterFunc(5*time.Millisecond, func() { close(done) })
	<-done
	fmt.Println("after func ran")

	deadline := time.After(2 * time.Second)
	beat := time.Tick(5 * time.Millisecond)
	n := 0
loop:
	for {
		select {
		case <-beat:
			n++
			if n == 4 {
				break loop
			}
		case <-deadline:
			fmt.Println("deadline")
			break loop
		}
	}
	fmt.Println("beats:", n)
}
