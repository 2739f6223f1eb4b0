// io: Copy, MultiWriter, TeeReader, LimitReader, SectionReader and Pipe.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

type upperWriter struct{ w io.Writer }

func (u upperWriter) Write(p []byte) (int, error) {
	return u.w.Write(bytes.ToUpper(p))
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func main() {
	n, err := io.Copy(os.Stdout, strings.NewReader("copied to stdout\n"))
	fmt.Println(n, err)

	var a, b bytes.Buffer
	mw := io.MultiWriter(&a, &b, upperWriter{os.Stdout})
	fmt.Fprintln(mw, "to three writers")
	fmt.Print(a.String(), b.String())

	var seen bytes.Buffer
	tee := io.TeeReader(strings.NewReader("teed data"), &seen)
	all, _ := io.ReadAll(tee)
	fmt.Println(string(all), "|", seen.String())

	lim, _ := io.ReadAll(io.LimitReader(strings.NewReader("0123456789"), 4))
	fmt.Println(string(lim))
	sec := io.NewSectionReader(strings.NewReader("0123456789"), 3, 4)
	part, _ := io.ReadAll(sec)
	fmt.Println(string(part))

	cr := &countingReader{r: strings.NewReader(strings.Repeat("x", 5000))}
	io.Copy(io.Discard, cr)
	fmt.Println("counted", cr.n)

	pr, pw := io.Pipe()
	go func() {
		fmt.Fprint(pw, "through a pipe")
		pw.Close()
	}()
	piped, _ := io.ReadAll(pr)
	fmt.Println(string(piped))

	buf := make([]byte, 3)
	_, err = io.ReadFull(strings.NewReader("ab"), buf)
	fmt.Println(err, err == io.ErrUnexpectedEOF)
	r := io.MultiReader(strings.NewReader("one "), strings.NewReader("two"))
	both, _ := io.ReadAll(r)
	fmt.Println(string(both))
}
