// Go by Example: environment variables, set, read, looked up and listed.
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	os.Setenv("FOO_GOHOOKS", "1")
	fmt.Println("FOO:", os.Getenv("FOO_GOHOOKS"))
	fmt.Println("BAR:", os.Getenv("BAR_GOHOOKS_UNSET"))

	v, ok := os.LookupEnv("BAR_GOHOOKS_UNSET")
	fmt.Printf("%q %v\n", v, ok)

	os.Setenv("FOO_GOHOOKS_2", "two")
	var mine []string
	for _, e := range os.Environ() {
		pair := strings.SplitN(e, "=", 2)
		if strings.HasPrefix(pair[0], "FOO_GOHOOKS") {
			mine = append(mine, pair[0]+"="+pair[1])
		}
	}
	sort.Strings(mine)
	fmt.Println(mine)

	os.Unsetenv("FOO_GOHOOKS")
	_, ok = os.LookupEnv("FOO_GOHOOKS")
	fmt.Println("still set:", ok)
	fmt.Println(os.ExpandEnv("value: ${FOO_GOHOOKS_2}"))
}
