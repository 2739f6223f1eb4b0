// Word frequencies of a text, most common first, ties in alphabetical order.
package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

const poem = `Two roads diverged in a yellow wood,
And sorry I could not travel both
And be one traveler, long I stood
And looked down one as far as I could
To where it bent in the undergrowth;`

type wordCount struct {
	word  string
	count int
}

func main() {
	words := strings.FieldsFunc(strings.ToLower(poem), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	})
	freq := make(map[string]int)
	for _, w := range words {
		freq[w]++
	}
	var list []wordCount
	for w, c := range freq {
		list = append(list, wordCount{w, c})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].count != list[j].count {
			return list[i].count > list[j].count
		}
		return list[i].word < list[j].word
	})
	fmt.Printf("%d words, %d distinct\n", len(words), len(freq))
	for _, wc := range list[:6] {
		fmt.Printf("%-6s %d %s\n", wc.word, wc.count, strings.Repeat("#", wc.count))
	}
	lines := strings.Split(poem, "\n")
	longest := 0
	for i, l := range lines {
		if len(l) > len(lines[longest]) {
			longest = i
		}
	}
	fmt.Println("longest line:", longest+1, len(lines[longest]))
}
