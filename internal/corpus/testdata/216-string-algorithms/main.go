// String algorithms: reverse by runes, palindromes, anagram groups, Caesar cipher, run-length encoding, vowels.
package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func isPalindrome(s string) bool {
	var clean []rune
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			clean = append(clean, r)
		}
	}
	for i, j := 0, len(clean)-1; i < j; i, j = i+1, j-1 {
		if clean[i] != clean[j] {
			return false
		}
	}
	return true
}

func sortRunes(s string) string {
	r := []rune(s)
	sort.Slice(r, func(i, j int) bool { return r[i] < r[j] })
	return string(r)
}

func caesar(s string, shift int) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+rune(shift)+26)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+rune(shift)+26)%26
		}
		return r
	}, s)
}

func rle(s string) string {
	var sb strings.Builder
	runes := []rune(s)
	for i := 0; i < len(runes); {
		j := i
		for j < len(runes) && runes[j] == runes[i] {
			j++
		}
		sb.WriteString(strconv.Itoa(j - i))
		sb.WriteRune(runes[i])
		i = j
	}
	return sb.String()
}

func main() {
	fmt.Println(reverse("Hello, 世界"))
	for _, s := range []string{"A man, a plan, a canal: Panama", "gopher", "No 'x' in Nixon"} {
		fmt.Printf("%q palindrome: %v\n", s, isPalindrome(s))
	}

	words := []string{"listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"}
	groups := map[string][]string{}
	for _, w := range words {
		k := sortRunes(w)
		groups[k] = append(groups[k], w)
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, groups[k])
	}

	enc := caesar("Attack at Dawn!", 3)
	fmt.Println(enc, caesar(enc, -3))
	fmt.Println(rle("aaabccddddé"))

	vowels := 0
	for _, r := range "Programming in Go" {
		if strings.ContainsRune("aeiouAEIOU", r) {
			vowels++
		}
	}
	fmt.Println("vowels:", vowels, strings.Title("go is fun"), strings.Fields(" a  b "))
}
