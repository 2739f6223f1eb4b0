// A Tour of Go exercises: Readers (an endless stream of 'A') and rot13Reader wrapping a strings.Reader.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

type MyReader struct{}

func (MyReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = 'A'
	}
	return len(b), nil
}

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

func (r rot13Reader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	for i := 0; i < n; i++ {
		p[i] = rot13(p[i])
	}
	return n, err
}

func main() {
	b := make([]byte, 8)
	var rd io.Reader = MyReader{}
	n, err := rd.Read(b)
	fmt.Printf("n = %v err = %v b = %q\n", n, err, b)

	lim := io.LimitReader(MyReader{}, 12)
	all, _ := io.ReadAll(lim)
	fmt.Println(string(all))

	r := strings.NewReader("Hello, Reader!")
	buf := make([]byte, 8)
	for {
		n, err := r.Read(buf)
		fmt.Printf("n = %v err = %v b = %v\n", n, err, buf)
		fmt.Printf("b[:n] = %q\n", buf[:n])
		if err == io.EOF {
			break
		}
	}

	s := strings.NewReader("Lbh penpxrq gur pbqr!")
	rr := rot13Reader{s}
	io.Copy(os.Stdout, &rr)
	fmt.Println()
}
