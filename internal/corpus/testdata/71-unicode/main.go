// unicode and unicode/utf8: classifying and converting runes.
package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

func stats(s string) (letters, digits, spaces, upper, punct int) {
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		case unicode.IsDigit(r):
			digits++
		case unicode.IsSpace(r):
			spaces++
		case unicode.IsPunct(r):
			punct++
		}
	}
	return
}

func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}

func main() {
	s := "Hello, Wörld! 123 ΑΒΓ"
	fmt.Println(stats(s))
	fmt.Println(swapCase(s))
	fmt.Println(unicode.Is(unicode.Greek, 'Β'), unicode.Is(unicode.Han, '世'), unicode.In('x', unicode.Latin))
	fmt.Println(unicode.ToTitle('ǆ'), string(unicode.SimpleFold('A')))
	fmt.Println(utf8.RuneLen('€'), utf8.RuneCountInString("€uro"), utf8.ValidString("ok"))
	buf := make([]byte, 4)
	n := utf8.EncodeRune(buf, '€')
	fmt.Println(buf[:n], n)
	r, size := utf8.DecodeLastRuneInString("añ")
	fmt.Printf("%c %d %U\n", r, size, r)
	fmt.Println(unicode.IsControl('\n'), unicode.IsPrint('\t'), unicode.IsGraphic('a'), unicode.MaxRune)
	fmt.Println(string(utf8.AppendRune(nil, 0x1F600)))
}
