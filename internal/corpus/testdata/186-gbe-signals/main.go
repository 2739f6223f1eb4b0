// Go by Example: signals, notified on a channel; the program sends itself SIGUSR1.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	sigs := make(chan os.Signal, 1)

	signal.Notify(sigs, syscall.SIGUSR1)

	done := make(chan bool, 1)

	go func() {
		sig := <-sigs
		fmt.Println()
		fmt.Println(sig)
		done <- true
	}()

	fmt.Println("awaiting signal")
	syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	<-done
	signal.Stop(sigs)
	fmt.Println("exiting")
}
