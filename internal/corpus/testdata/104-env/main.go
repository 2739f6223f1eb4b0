// Environment variables: set, get, look up, unset and expand.
package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	os.Setenv("CORPUS_FOO", "1")
	fmt.Println("FOO:", os.Getenv("CORPUS_FOO"))
	fmt.Println("BAR:", os.Getenv("CORPUS_BAR"))
	v, ok := os.LookupEnv("CORPUS_BAR")
	fmt.Printf("%q %v\n", v, ok)

	os.Setenv("CORPUS_NAME", "gopher")
	fmt.Println(os.ExpandEnv("hello $CORPUS_NAME, ${CORPUS_FOO}!"))
	fmt.Println(os.Expand("$a-$b", func(k string) string { return strings.ToUpper(k) }))

	found := 0
	for _, e := range os.Environ() {
		pair := strings.SplitN(e, "=", 2)
		if strings.HasPrefix(pair[0], "CORPUS_") {
			found++
		}
	}
	fmt.Println("CORPUS_ variables:", found)
	os.Unsetenv("CORPUS_FOO")
	_, ok = os.LookupEnv("CORPUS_FOO")
	fmt.Println(ok)
}
