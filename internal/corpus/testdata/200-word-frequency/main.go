// Word frequency: split text into words, count with a map, sort by count then word.
package main

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

const text = `It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness.`

type wordCount struct {
	word  string
	count int
}

func main() {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	})
	counts := make(map[string]int)
	for _, w := range words {
		counts[w]++
	}

	var wcs []wordCount
	for w, c := range counts {
		wcs = append(wcs, wordCount{w, c})
	}
	sort.Slice(wcs, func(i, j int) bool {
		if wcs[i].count != wcs[j].count {
			return wcs[i].count > wcs[j].count
		}
		return wcs[i].word < wcs[j].word
	})

	fmt.Printf("%d words, %d distinct\n", len(words), len(counts))
	for _, wc := range wcs[:6] {
		fmt.Printf("%-8s %2d %s\n", wc.word, wc.count, strings.Repeat("*", wc.count))
	}

	byLen := map[int][]string{}
	for w := range counts {
		byLen[len(w)] = append(byLen[len(w)], w)
	}
	for _, l := range []int{2, 3, 11} {
		sort.Strings(byLen[l])
		fmt.Println(l, byLen[l])
	}
}
