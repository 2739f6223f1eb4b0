// Scope and shadowing: blocks, if/for scopes and package names.
package main

import (
	"fmt"
	"strings"
)

var x = "package"

func show() string { return x }

func main() {
	fmt.Println(x)
	x := "main"
	fmt.Println(x, show())
	{
		x := "block"
		fmt.Println(x)
	}
	fmt.Println(x)

	if x := 5; x > 3 {
		fmt.Println("if", x)
	}
	for x := range 2 {
		fmt.Println("for", x)
	}
	fmt.Println(x)

	n, err := 1, error(nil)
	if true {
		n, err := 2, fmt.Errorf("inner")
		_ = n
		_ = err
	}
	fmt.Println(n, err)

	strings := []string{"shadowed", "package"}
	fmt.Println(len(strings))
	var upper = func(s string) string { return s + "!" }
	fmt.Println(upper(strings[0]))
	_ = x
}

var _ = strings.ToUpper
