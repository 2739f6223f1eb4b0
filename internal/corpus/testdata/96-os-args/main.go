// A command-line tool that reads os.Args and exits with a status, as people paste them.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func usage() {
	fmt.Println("usage: sum N...")
	os.Exit(2)
}

func main() {
	args := os.Args[1:]
	if len(args) == 0 {
		usage()
	}
	total := 0
	for _, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil {
			fmt.Println("not a number:", a)
			os.Exit(1)
		}
		total += n
	}
	fmt.Println("sum:", total)
}
