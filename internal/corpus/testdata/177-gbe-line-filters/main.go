// Go by Example: a line filter, uppercasing lines read with bufio.Scanner (from a string instead of stdin).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

const input = `hello
filter
  indented line

last`

func main() {
	scanner := bufio.NewScanner(strings.NewReader(input))

	lines := 0
	for scanner.Scan() {
		ucl := strings.ToUpper(scanner.Text())
		lines++
		fmt.Println(ucl)
	}

	if err := scanner.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
	fmt.Println(lines, "lines")

	words := bufio.NewScanner(strings.NewReader(input))
	words.Split(bufio.ScanWords)
	n := 0
	for words.Scan() {
		n++
	}
	fmt.Println(n, "words")
}
