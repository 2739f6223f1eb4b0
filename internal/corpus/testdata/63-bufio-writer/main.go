// bufio.Writer to a file, then reading it back line by line.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func writeLines(path string, lines []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	for i, l := range lines {
		fmt.Fprintf(w, "%03d %s\n", i+1, l)
	}
	fmt.Println("buffered before flush:", w.Buffered())
	return w.Flush()
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out, sc.Err()
}

func main() {
	dir, err := os.MkdirTemp("", "bufio")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "out.txt")
	if err := writeLines(path, strings.Split("alpha beta gamma delta", " ")); err != nil {
		fmt.Println(err)
		return
	}
	lines, err := readLines(path)
	fmt.Println(len(lines), err)
	for _, l := range lines {
		fmt.Println(l)
	}
	out := bufio.NewWriterSize(os.Stdout, 16)
	fmt.Fprintln(out, "written through a small buffer to stdout")
	out.Flush()
}
