// regexp: matching, finding, submatches, named groups and replacing.
package main

import (
	"fmt"
	"regexp"
	"strings"
)

func main() {
	match, _ := regexp.MatchString("p([a-z]+)ch", "peach")
	fmt.Println(match)
	r := regexp.MustCompile(`p([a-z]+)ch`)
	fmt.Println(r.MatchString("peach"))
	fmt.Println(r.FindString("peach punch"))
	fmt.Println("idx:", r.FindStringIndex("peach punch"))
	fmt.Println(r.FindStringSubmatch("peach punch"))
	fmt.Println(r.FindStringSubmatchIndex("peach punch"))
	fmt.Println(r.FindAllString("peach punch pinch", -1))
	fmt.Println("all:", r.FindAllStringSubmatchIndex("peach punch pinch", -1))
	fmt.Println(r.FindAllString("peach punch pinch", 2))
	fmt.Println(r.Match([]byte("peach")))
	fmt.Println("regexp:", r)
	fmt.Println(r.ReplaceAllString("a peach", "<fruit>"))
	out := r.ReplaceAllFunc([]byte("a peach"), func(b []byte) []byte { return []byte(strings.ToUpper(string(b))) })
	fmt.Println(string(out))

	date := regexp.MustCompile(`(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})`)
	m := date.FindStringSubmatch("due 2024-03-15, paid 2024-04-01")
	for i, name := range date.SubexpNames() {
		if name != "" {
			fmt.Printf("%s=%s ", name, m[i])
		}
	}
	fmt.Println()
	fmt.Println(date.ReplaceAllString("2024-03-15", "${day}/${month}/${year}"))
	fmt.Println(regexp.MustCompile(`\s+`).Split("a  b \t c", -1))
	_, err := regexp.Compile(`a(b`)
	fmt.Println(err)
	email := regexp.MustCompile(`(?i)^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$`)
	for _, e := range []string{"Bob@Example.com", "not-an-email", "x@y.z"} {
		fmt.Println(e, email.MatchString(e))
	}
	fmt.Println(regexp.QuoteMeta("1+1=2?"))
}
