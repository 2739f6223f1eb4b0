// log: loggers with prefixes and flags, writing to a buffer and to stdout.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
)

func main() {
	var buf bytes.Buffer
	logger := log.New(&buf, "app: ", 0)
	logger.Println("starting")
	logger.Printf("listening on port %d", 8080)
	logger.SetPrefix("db: ")
	logger.Print("connected")
	fmt.Print(buf.String())

	out := log.New(os.Stdout, "[main] ", log.Lmsgprefix)
	out.Println("message prefix after flags")
	out.SetFlags(0)
	fmt.Println("prefix:", out.Prefix(), "flags:", out.Flags())
	out.Println("no flags")

	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.SetPrefix("std: ")
	log.Println("through the standard logger")
	log.Printf("%d items", 3)

	lf := log.New(os.Stdout, "", log.Lshortfile)
	lf.SetFlags(0)
	lf.Println("plain")
	defer func() {
		fmt.Println("recovered:", recover())
	}()
	log.Panicf("bad value %d", 42)
}
