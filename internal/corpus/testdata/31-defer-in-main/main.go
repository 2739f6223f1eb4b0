// Defer in main: a temporary file is closed and removed when main returns.
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir, err := os.MkdirTemp("", "defer-demo-")
	if err != nil {
		fmt.Println("mkdir:", err)
		return
	}
	defer func() {
		os.RemoveAll(dir)
		fmt.Println("removed the directory")
	}()

	path := filepath.Join(dir, "notes.txt")
	f, err := os.Create(path)
	if err != nil {
		fmt.Println("create:", err)
		return
	}
	defer f.Close()
	defer fmt.Println("deferred last, runs first")

	n, err := fmt.Fprintf(f, "line one\nline two\n")
	fmt.Println("wrote", n, "bytes", err)
	info, _ := f.Stat()
	fmt.Println(info.Name(), info.Size())
}
