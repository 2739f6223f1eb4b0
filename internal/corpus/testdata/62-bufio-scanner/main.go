// bufio.Scanner: reading lines and words, and a custom split function.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

const text = `first line
second line has more words

last line`

func main() {
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for sc.Scan() {
		n++
		fmt.Printf("%d: %q\n", n, sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Println("error:", err)
	}

	words := bufio.NewScanner(strings.NewReader(text))
	words.Split(bufio.ScanWords)
	count := 0
	longest := ""
	for words.Scan() {
		count++
		if w := words.Text(); len(w) > len(longest) {
			longest = w
		}
	}
	fmt.Println("words:", count, "longest:", longest)

	csv := bufio.NewScanner(strings.NewReader("a,b,,c"))
	csv.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if i := bytes.IndexByte(data, ','); i >= 0 {
			return i + 1, data[:i], nil
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	})
	for csv.Scan() {
		fmt.Printf("[%s]", csv.Text())
	}
	fmt.Println()

	r := bufio.NewReader(strings.NewReader("key: value\nrest"))
	line, err := r.ReadString('\n')
	fmt.Printf("%q %v\n", line, err)
	rest, err := r.ReadString('\n')
	fmt.Printf("%q %v\n", rest, err)
}
