// Go by Example: timers (one fired, one stopped) and a ticker stopped after three ticks.
package main

import (
	"fmt"
	"time"
)

func main() {
	timer1 := time.NewTimer(20 * time.Millisecond)

	<-timer1.C
	fmt.Println("Timer 1 fired")

	timer2 := time.NewTimer(time.Second)
	go func() {
		<-timer2.C
		fmt.Println("Timer 2 fired")
	}()
	stop2 := timer2.Stop()
	if stop2 {
		fmt.Println("Timer 2 stopped")
	}

	ticker := time.NewTicker(10 * time.Millisecond)
	done := make(chan bool)
	ticks := make(chan int)

	go func() {
		n := 0
		for {
			select {
			case <-done:
				close(ticks)
				return
			case <-ticker.C:
				n++
				if n <= 3 {
					ticks <- n
				}
			}
		}
	}()

	for i := 0; i < 3; i++ {
		fmt.Println("Tick", <-ticks)
	}
	ticker.Stop()
	done <- true
	for range ticks {
	}
	fmt.Println("Ticker stopped")

	fired := false
	t := time.AfterFunc(5*time.Millisecond, func() { fired = true })
	time.Sleep(300 * time.Millisecond)
	fmt.Println("AfterFunc fired:", fired, t.Stop())
}
