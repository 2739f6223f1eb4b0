// The strings package: searching, splitting, replacing, trimming and mapping.
package main

import (
	"fmt"
	s "strings"
	"unicode"
)

var p = fmt.Println

func main() {
	p("Contains:  ", s.Contains("test", "es"))
	p("Count:     ", s.Count("cheese", "e"))
	p("HasPrefix: ", s.HasPrefix("test", "te"))
	p("HasSuffix: ", s.HasSuffix("test", "st"))
	p("Index:     ", s.Index("chicken", "ken"))
	p("LastIndex: ", s.LastIndex("go gopher", "go"))
	p("Join:      ", s.Join([]string{"a", "b"}, "-"))
	p("Repeat:    ", s.Repeat("a", 5))
	p("Replace:   ", s.Replace("foo", "o", "0", -1))
	p("Replace:   ", s.Replace("foo", "o", "0", 1))
	p("Split:     ", s.Split("a-b-c-d-e", "-"))
	p("SplitN:    ", s.SplitN("a,b,c", ",", 2))
	p("Fields:    ", s.Fields("  lots   of\tspace \n"))
	p("ToLower:   ", s.ToLower("TEST"))
	p("ToUpper:   ", s.ToUpper("test"))
	p("Title-ish: ", s.ToUpper("hello"[:1])+"hello"[1:])
	p("Trim:      ", s.Trim("  xx hi xx  ", " x"))
	p("TrimSpace: ", s.TrimSpace("\t hi \n"))
	p("TrimLeft:  ", s.TrimLeft("000123", "0"))
	p("TrimPrefix:", s.TrimPrefix("prefix-body", "prefix-"))
	p("TrimFunc:  ", s.TrimFunc("123abc456", unicode.IsDigit))
	p("EqualFold: ", s.EqualFold("Go", "GO"))
	p("Map:       ", s.Map(func(r rune) rune {
		if r == 'a' {
			return 'A'
		}
		return r
	}, "banana"))
	before, after, found := s.Cut("key=value", "=")
	p("Cut:       ", before, after, found)
	p("FieldsFunc:", s.FieldsFunc("a1b2c3", unicode.IsDigit))
	r := s.NewReplacer("<", "&lt;", ">", "&gt;")
	p("Replacer:  ", r.Replace("<b>bold</b>"))
	p("Compare:   ", s.Compare("a", "b"), s.Compare("b", "a"))
	p("IndexAny:  ", s.IndexAny("golang", "ny"), s.ContainsRune("abc", 'c'))
	for part := range s.SplitSeq("x;y;z", ";") {
		fmt.Print(part, " ")
	}
	p()
}
