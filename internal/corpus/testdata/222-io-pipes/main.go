// io plumbing: io.Pipe with a writer goroutine, TeeReader, MultiReader, SectionReader, LimitReader and bytes.Buffer.
package main

import (
	"bufio"
	"bytes"
	"crypto/md5"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	pr, pw := io.Pipe()
	go func() {
		w := bufio.NewWriter(pw)
		for i := 1; i <= 3; i++ {
			fmt.Fprintf(w, "line %d\n", i)
		}
		w.Flush()
		pw.Close()
	}()
	var copied bytes.Buffer
	tee := io.TeeReader(pr, &copied)
	sc := bufio.NewScanner(tee)
	for sc.Scan() {
		fmt.Println("read:", sc.Text())
	}
	fmt.Printf("copied %d bytes\n", copied.Len())

	mr := io.MultiReader(strings.NewReader("abc"), strings.NewReader("def"), bytes.NewReader([]byte("ghi")))
	all, _ := io.ReadAll(mr)
	fmt.Println(string(all))

	sr := io.NewSectionReader(strings.NewReader("0123456789"), 3, 4)
	part, _ := io.ReadAll(sr)
	fmt.Println(string(part), sr.Size())

	h := md5.New()
	n, _ := io.Copy(h, io.LimitReader(strings.NewReader(strings.Repeat("x", 100)), 10))
	fmt.Printf("%d %x\n", n, h.Sum(nil))

	var buf bytes.Buffer
	buf.WriteString("hello ")
	buf.Write([]byte("world"))
	buf.WriteByte('!')
	fmt.Fprintf(&buf, " %d", 42)
	b := make([]byte, 5)
	buf.Read(b)
	fmt.Printf("%s|%s|%d\n", b, buf.String(), buf.Len())

	mw := io.MultiWriter(os.Stdout, &buf)
	fmt.Fprintln(mw, "to both")
	fmt.Print(buf.String())
	r := bufio.NewReader(strings.NewReader("key: value\nnext"))
	k, _ := r.ReadString(':')
	rest, err := r.ReadString('\n')
	last, err2 := r.ReadString('\n')
	fmt.Printf("%q %q %v %q %v\n", k, rest, err, last, err2)
}
