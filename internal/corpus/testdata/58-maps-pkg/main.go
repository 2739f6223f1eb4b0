// The maps package: clone, compare, copy, delete with a predicate, sorted keys.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

func main() {
	stock := map[string]int{"apple": 5, "pear": 0, "plum": 12, "fig": 0}
	backup := maps.Clone(stock)
	maps.DeleteFunc(stock, func(k string, v int) bool { return v == 0 })
	fmt.Println(stock)
	fmt.Println(len(backup), maps.Equal(stock, backup))

	extra := map[string]int{"kiwi": 3, "apple": 7}
	maps.Copy(stock, extra)
	keys := slices.Collect(maps.Keys(stock))
	slices.Sort(keys)
	fmt.Println(keys)
	for _, k := range keys {
		fmt.Printf("%s:%d ", k, stock[k])
	}
	fmt.Println()
	fmt.Println(maps.EqualFunc(map[int]string{1: "A"}, map[int]string{1: "a"}, strings.EqualFold))
	inverse := map[int][]string{}
	for k, v := range backup {
		inverse[v] = append(inverse[v], k)
	}
	for _, v := range slices.Sorted(maps.Keys(inverse)) {
		names := inverse[v]
		slices.Sort(names)
		fmt.Println(v, names)
	}
}
