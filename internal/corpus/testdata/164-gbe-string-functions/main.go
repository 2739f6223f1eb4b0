// Go by Example: string functions of the strings package.
package main

import (
	"fmt"
	s "strings"
)

var p = fmt.Println

func main() {
	p("Contains:  ", s.Contains("test", "es"))
	p("Count:     ", s.Count("test", "t"))
	p("HasPrefix: ", s.HasPrefix("test", "te"))
	p("HasSuffix: ", s.HasSuffix("test", "st"))
	p("Index:     ", s.Index("test", "e"))
	p("Join:      ", s.Join([]string{"a", "b"}, "-"))
	p("Repeat:    ", s.Repeat("a", 5))
	p("Replace:   ", s.Replace("foo", "o", "0", -1))
	p("Replace:   ", s.Replace("foo", "o", "0", 1))
	p("Split:     ", s.Split("a-b-c-d-e", "-"))
	p("ToLower:   ", s.ToLower("TEST"))
	p("ToUpper:   ", s.ToUpper("test"))
	p("Fields:    ", s.Fields("  a b   c "))
	p("Title-ish: ", s.ToUpper("go"[:1])+"go"[1:])
	p("TrimSpace: ", s.TrimSpace("  x  "))
	p("Trim:      ", s.Trim("xxhixx", "x"))
	p("EqualFold: ", s.EqualFold("Go", "GO"))
	before, after, found := s.Cut("key=value", "=")
	p("Cut:       ", before, after, found)
	r := s.NewReplacer("<", "&lt;", ">", "&gt;")
	p("Replacer:  ", r.Replace("<b>hi</b>"))
	p("Map:       ", s.Map(func(r rune) rune {
		if r == 'a' {
			return 'A'
		}
		return r
	}, "banana"))
}
