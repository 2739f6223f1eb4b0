// String puzzles: palindromes, anagram groups, a Caesar cipher and run-length encoding.
package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

func isPalindrome(s string) bool {
	var rs []rune
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			rs = append(rs, r)
		}
	}
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		if rs[i] != rs[j] {
			return false
		}
	}
	return true
}

func sortedKey(w string) string {
	r := []rune(w)
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
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == s[i] {
			j++
		}
		b.WriteString(strconv.Itoa(j - i))
		b.WriteByte(s[i])
		i = j
	}
	return b.String()
}

func main() {
	for _, s := range []string{"A man, a plan, a canal: Panama", "hello", "No 'x' in Nixon"} {
		fmt.Printf("%-32q %v\n", s, isPalindrome(s))
	}
	groups := map[string][]string{}
	for _, w := range strings.Fields("listen silent enlist google tinsel banana inlets") {
		k := sortedKey(w)
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
	enc := caesar("Hello, World!", 3)
	fmt.Println(enc, caesar(enc, -3))
	fmt.Println(rle("aaabccddddde"))
}
