// Effective Go snippets: ByteSize with iota and String, variadic Append, a switch on bytes, type switches, embedding, defer tracing.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

type ByteSize float64

const (
	_           = iota
	KB ByteSize = 1 << (10 * iota)
	MB
	GB
	TB
)

func (b ByteSize) String() string {
	switch {
	case b >= TB:
		return fmt.Sprintf("%.2fTB", b/TB)
	case b >= GB:
		return fmt.Sprintf("%.2fGB", b/GB)
	case b >= MB:
		return fmt.Sprintf("%.2fMB", b/MB)
	case b >= KB:
		return fmt.Sprintf("%.2fKB", b/KB)
	}
	return fmt.Sprintf("%.2fB", b)
}

func Append(slice []int, data ...int) []int {
	l := len(slice)
	if l+len(data) > cap(slice) {
		newSlice := make([]int, (l+len(data))*2)
		copy(newSlice, slice)
		slice = newSlice
	}
	slice = slice[0 : l+len(data)]
	copy(slice[l:], data)
	return slice
}

func Compare(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		switch {
		case a[i] > b[i]:
			return 1
		case a[i] < b[i]:
			return -1
		}
	}
	switch {
	case len(a) > len(b):
		return 1
	case len(a) < len(b):
		return -1
	}
	return 0
}

func shouldEscape(c byte) bool {
	switch c {
	case ' ', '?', '&', '=', '#', '+', '%':
		return true
	}
	return false
}

func trace(s string) string {
	fmt.Println("entering:", s)
	return s
}

func un(s string) {
	fmt.Println("leaving:", s)
}

func a() {
	defer un(trace("a"))
	fmt.Println("in a")
}

func b() {
	defer un(trace("b"))
	fmt.Println("in b")
	a()
}

type ReadWriter struct {
	*bufio.Reader
	*bufio.Writer
}

type Job struct {
	Command string
	*strings.Builder
}

func describe(v interface{}) string {
	switch t := v.(type) {
	default:
		return fmt.Sprintf("unexpected type %T", t)
	case bool:
		return fmt.Sprintf("boolean %t", t)
	case int:
		return fmt.Sprintf("integer %d", t)
	case *bool:
		return fmt.Sprintf("pointer to boolean %t", *t)
	case *int:
		return fmt.Sprintf("pointer to integer %d", *t)
	}
}

func main() {
	fmt.Println(ByteSize(1e13), ByteSize(1500), YB(), ByteSize(12))
	x := Append([]int{1, 2, 3}, 4, 5, 6)
	fmt.Println(x, len(x))
	fmt.Println(Compare([]byte("abc"), []byte("abd")), Compare([]byte("b"), []byte("ab")), Compare(nil, nil))
	fmt.Println(shouldEscape('?'), shouldEscape('a'))
	b()

	rw := ReadWriter{bufio.NewReader(strings.NewReader("line one\nline two\n")), bufio.NewWriter(os.Stdout)}
	line, _ := rw.ReadString('\n')
	rw.WriteString("read: " + line)
	rw.Flush()
	var w io.Writer = rw
	fmt.Fprintf(w, "via io.Writer\n")
	rw.Flush()

	job := &Job{"build", &strings.Builder{}}
	job.WriteString("started " + job.Command)
	fmt.Println(job.String(), job.Len())

	t := true
	n := 7
	for _, v := range []interface{}{true, 3, &t, &n, "s"} {
		fmt.Println(describe(v))
	}

	var arr [5]int
	for i := range arr {
		arr[i] = i * i
	}
	fmt.Println(arr, arr[1:4], len(arr[1:4:4]), cap(arr[1:4:4]))
}

func YB() ByteSize { return ByteSize(1 << 70) }
