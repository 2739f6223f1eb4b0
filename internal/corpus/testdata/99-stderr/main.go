// Writing to standard error: the default logger with no timestamps, and Fprintln.
package main

import (
	"fmt"
	"log"
	"os"
)

func main() {
	log.SetFlags(0)
	fmt.Println("starting on stdout")
	log.Println("a log line on stderr")
	fmt.Fprintln(os.Stderr, "a direct line on stderr")
	log.SetPrefix("warn: ")
	log.Printf("disk %d%% full", 91)
	fmt.Fprintf(os.Stdout, "done on stdout\n")
	w := os.Stderr
	fmt.Fprint(w, "no newline at the end")
}
