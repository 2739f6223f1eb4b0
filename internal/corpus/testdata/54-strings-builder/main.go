// strings.Builder: building text efficiently, here an ASCII box and a CSV line.
package main

import (
	"fmt"
	"strings"
)

func box(lines []string) string {
	width := 0
	for _, l := range lines {
		width = max(width, len(l))
	}
	var b strings.Builder
	b.WriteString("+" + strings.Repeat("-", width+2) + "+\n")
	for _, l := range lines {
		fmt.Fprintf(&b, "| %-*s |\n", width, l)
	}
	b.WriteString("+" + strings.Repeat("-", width+2) + "+")
	return b.String()
}

func csvLine(fields ...string) string {
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		if strings.ContainsAny(f, ",\"") {
			b.WriteRune('"')
			b.WriteString(strings.ReplaceAll(f, `"`, `""`))
			b.WriteRune('"')
		} else {
			b.WriteString(f)
		}
	}
	return b.String()
}

func main() {
	fmt.Println(box([]string{"Hello", "strings.Builder", "!"}))
	fmt.Println(csvLine("a", "b,c", `say "hi"`))
	var b strings.Builder
	b.Grow(64)
	for i := 3; i > 0; i-- {
		fmt.Fprintf(&b, "%d...", i)
	}
	b.WriteString("ignition")
	fmt.Println(b.String(), b.Len())
	b.Reset()
	fmt.Printf("%q\n", b.String())
}
