// Switch: with a tag, without one, several values per case, fallthrough, init.
package main

import (
	"fmt"
	"time"
)

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	case score >= 70:
		return "C"
	default:
		return "F"
	}
}

func kind(c rune) string {
	switch c {
	case 'a', 'e', 'i', 'o', 'u':
		return "vowel"
	case ' ':
		return "space"
	}
	return "consonant"
}

func main() {
	for _, s := range []int{95, 85, 72, 40} {
		fmt.Print(grade(s), " ")
	}
	fmt.Println()
	for _, c := range "go is" {
		fmt.Printf("%c:%s ", c, kind(c))
	}
	fmt.Println()

	switch day := time.Date(2024, 3, 16, 0, 0, 0, 0, time.UTC).Weekday(); day {
	case time.Saturday, time.Sunday:
		fmt.Println(day, "is a weekend day")
	default:
		fmt.Println(day, "is a weekday")
	}

	n := 2
	switch n {
	case 1:
		fmt.Println("one")
		fallthrough
	case 2:
		fmt.Println("two")
		fallthrough
	case 3:
		fmt.Println("three (by fallthrough)")
	case 4:
		fmt.Println("four")
	}

	switch x := n * 10; {
	case x > 10:
		fmt.Println(x, "> 10")
	}
}
