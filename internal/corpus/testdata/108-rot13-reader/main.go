// An io.Reader that wraps another and decodes ROT13, as in the Tour of Go.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

type rot13Reader struct {
	r io.Reader
}

func rot13(b byte) byte {
	switch {
	case b >= 'A' && b <= 'Z':
		return 'A' + (b-'A'+13)%26
	case b >= 'a' && b <= 'z':
		return 'a' + (b-'a'+13)%26
	}
	return b
}

func (rr rot13Reader) Read(p []byte) (int, error) {
	n, err := rr.r.Read(p)
	for i := range n {
		p[i] = rot13(p[i])
	}
	return n, err
}

type MyReader struct{}

func (MyReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = 'A'
	}
	return len(b), nil
}

func main() {
	s := strings.NewReader("Lbh penpxrq gur pbqr!")
	r := rot13Reader{s}
	io.Copy(os.Stdout, &r)
	fmt.Println()

	buf := make([]byte, 8)
	n, err := MyReader{}.Read(buf)
	fmt.Println(n, err, string(buf))

	rd := strings.NewReader("Hello, Reader!")
	b := make([]byte, 8)
	for {
		n, err := rd.Read(b)
		fmt.Printf("n = %v err = %v b = %v\n", n, err, b)
		fmt.Printf("b[:n] = %q\n", b[:n])
		if err == io.EOF {
			break
		}
	}
	all, _ := io.ReadAll(io.LimitReader(rot13Reader{strings.NewReader("uryyb jbeyq")}, 5))
	fmt.Println(string(all))
}
