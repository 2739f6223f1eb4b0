// Go by Example: panic, defer (LIFO, closing a file) and recover in a deferred function.
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func mayPanic() {
	panic("a problem")
}

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func createFile(p string) *os.File {
	fmt.Println("creating")
	f, err := os.Create(p)
	if err != nil {
		panic(err)
	}
	return f
}

func writeFile(f *os.File) {
	fmt.Println("writing")
	fmt.Fprintln(f, "data")
}

func closeFile(f *os.File) {
	fmt.Println("closing")
	err := f.Close()
	if err != nil {
		fmt.Fprintf(os.Stderr, "error: %v\n", err)
		os.Exit(1)
	}
}

func main() {
	dir, err := os.MkdirTemp("", "defer")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	f := createFile(filepath.Join(dir, "defer.txt"))
	defer closeFile(f)
	writeFile(f)

	for i := 0; i < 3; i++ {
		defer fmt.Println("deferred", i)
	}

	func() {
		defer func() {
			if r := recover(); r != nil {
				fmt.Println("Recovered. Error:\n", r)
			}
		}()
		mayPanic()
		fmt.Println("After mayPanic()")
	}()

	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(1, 0))
}
