// Go by Example: exit, os.Exit(3) skips the deferred calls.
package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("!")

	fmt.Println("exiting with 3")
	os.Exit(3)
}
