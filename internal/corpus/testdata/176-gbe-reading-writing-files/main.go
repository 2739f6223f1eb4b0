// Go by Example: writing and reading files, with os.WriteFile, bufio, Seek and ReadAtLeast, in a temporary directory.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func check(e error) {
	if e != nil {
		panic(e)
	}
}

func main() {
	dir, err := os.MkdirTemp("", "files")
	check(err)
	defer os.RemoveAll(dir)

	d1 := []byte("hello\ngo\n")
	path := filepath.Join(dir, "dat1")
	err = os.WriteFile(path, d1, 0644)
	check(err)

	f, err := os.Create(filepath.Join(dir, "dat2"))
	check(err)

	d2 := []byte{115, 111, 109, 101, 10}
	n2, err := f.Write(d2)
	check(err)
	fmt.Printf("wrote %d bytes\n", n2)

	n3, err := f.WriteString("writes\n")
	check(err)
	fmt.Printf("wrote %d bytes\n", n3)

	f.Sync()

	w := bufio.NewWriter(f)
	n4, err := w.WriteString("buffered\n")
	check(err)
	fmt.Printf("wrote %d bytes\n", n4)

	w.Flush()
	f.Close()

	dat, err := os.ReadFile(path)
	check(err)
	fmt.Print(string(dat))

	f, err = os.Open(path)
	check(err)
	defer f.Close()

	b1 := make([]byte, 5)
	n1, err := f.Read(b1)
	check(err)
	fmt.Printf("%d bytes: %s\n", n1, string(b1[:n1]))

	o2, err := f.Seek(6, io.SeekStart)
	check(err)
	b2 := make([]byte, 2)
	n2, err = f.Read(b2)
	check(err)
	fmt.Printf("%d bytes @ %d: ", n2, o2)
	fmt.Printf("%v\n", string(b2[:n2]))

	_, err = f.Seek(2, io.SeekCurrent)
	check(err)

	_, err = f.Seek(-4, io.SeekEnd)
	check(err)

	o3, err := f.Seek(6, io.SeekStart)
	check(err)
	b3 := make([]byte, 2)
	n3, err = io.ReadAtLeast(f, b3, 2)
	check(err)
	fmt.Printf("%d bytes @ %d: %s\n", n3, o3, string(b3))

	_, err = f.Seek(0, io.SeekStart)
	check(err)

	r4 := bufio.NewReader(f)
	b4, err := r4.Peek(5)
	check(err)
	fmt.Printf("5 bytes: %s\n", string(b4))

	all, err := os.ReadFile(filepath.Join(dir, "dat2"))
	check(err)
	fmt.Printf("%q\n", all)

	_, err = os.ReadFile(filepath.Join(dir, "missing"))
	fmt.Println(os.IsNotExist(err))
}
