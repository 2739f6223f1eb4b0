// Strings, bytes and runes: UTF-8 encoding, indexing and conversion.
package main

import (
	"fmt"
	"unicode/utf8"
)

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func main() {
	const s = "สวัสดี"
	fmt.Println("len:", len(s), "runes:", utf8.RuneCountInString(s))
	for i := 0; i < 6; i++ {
		fmt.Printf("%x ", s[i])
	}
	fmt.Println()
	for idx, r := range s {
		fmt.Printf("%#U starts at %d\n", r, idx)
	}
	b := []byte("héllo")
	fmt.Println(b, len(b))
	fmt.Println(reverse("héllo, 世界"))
	r, size := utf8.DecodeRuneInString("世界")
	fmt.Printf("%c %d\n", r, size)
	fmt.Println(string(rune(65)), string([]byte{72, 105}))
	fmt.Println("hello"[1], "hello"[1:3], `raw\n`+"x")
	fmt.Println(utf8.ValidString("a\xffb"), []rune("ab"))
}
