// bytes: buffers, comparisons and the functions that mirror strings.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

func main() {
	var b bytes.Buffer
	b.WriteString("hello ")
	b.Write([]byte("world"))
	b.WriteByte('!')
	fmt.Fprintf(&b, " %d", 42)
	fmt.Println(b.String(), b.Len())

	word := make([]byte, 5)
	n, _ := b.Read(word)
	fmt.Println(string(word[:n]), "| rest:", b.String())
	line, err := bytes.NewBufferString("a\nb").ReadString('\n')
	fmt.Printf("%q %v\n", line, err)

	x := []byte("Go gopher")
	fmt.Println(bytes.Equal(x, []byte("Go gopher")), bytes.Compare([]byte("a"), []byte("b")))
	fmt.Println(bytes.Contains(x, []byte("go")), bytes.Index(x, []byte("ph")), bytes.Count(x, []byte("o")))
	fmt.Printf("%s\n", bytes.ToUpper(x))
	fmt.Printf("%q\n", bytes.Fields([]byte("  a b  c ")))
	fmt.Printf("%s\n", bytes.Join([][]byte{[]byte("x"), []byte("y")}, []byte("-")))
	fmt.Printf("%s\n", bytes.TrimSpace([]byte("  pad  ")))
	fmt.Printf("%s\n", bytes.ReplaceAll(x, []byte("o"), []byte("0")))
	fmt.Println(bytes.HasPrefix(x, []byte("Go")), bytes.EqualFold([]byte("GO"), []byte("go")))

	r := bytes.NewReader([]byte("reader data"))
	io.Copy(os.Stdout, r)
	fmt.Println()
	var out bytes.Buffer
	out.Grow(10)
	out.WriteRune('é')
	fmt.Println(out.Bytes(), out.Cap() >= 10)
	b.Reset()
	fmt.Println(b.Len(), b.String() == "")
}
