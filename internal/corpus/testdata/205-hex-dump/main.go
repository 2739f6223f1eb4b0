// Hex dumps: encoding/hex Dump, EncodeToString and DecodeString, and a hand-written xxd-style dump.
package main

import (
	"encoding/hex"
	"fmt"
	"strings"
)

func dump(data []byte) string {
	var sb strings.Builder
	for off := 0; off < len(data); off += 8 {
		end := off + 8
		if end > len(data) {
			end = len(data)
		}
		chunk := data[off:end]
		fmt.Fprintf(&sb, "%04x: % -23x |", off, chunk)
		for _, b := range chunk {
			if b >= 32 && b < 127 {
				sb.WriteByte(b)
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteString("|\n")
	}
	return sb.String()
}

func main() {
	data := []byte("Hello, gopher!\x00\x01\x02\n\tend")
	fmt.Print(hex.Dump(data))
	fmt.Print(dump(data))

	s := hex.EncodeToString([]byte("Go"))
	fmt.Println(s)
	b, err := hex.DecodeString("476f7068657273")
	fmt.Println(string(b), err)
	_, err = hex.DecodeString("zz")
	fmt.Println(err)

	fmt.Printf("%x|% x|%X|%#x\n", "hi", []byte{1, 171}, "hi", 255)
	d := hex.Dumper(&strings.Builder{})
	d.Close()
}
