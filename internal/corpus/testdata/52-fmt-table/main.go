// A report table with fmt widths, padding and alignment.
package main

import (
	"fmt"
	"strings"
)

type item struct {
	name  string
	qty   int
	price float64
}

func main() {
	items := []item{
		{"Widget", 3, 4.5},
		{"Gadget with long name", 10, 12.25},
		{"Thing", 1, 199.999},
	}
	fmt.Printf("%-22s %5s %10s\n", "ITEM", "QTY", "TOTAL")
	fmt.Println(strings.Repeat("-", 39))
	var sum float64
	for i, it := range items {
		total := float64(it.qty) * it.price
		sum += total
		fmt.Printf("%-22.22s %5d %10.2f\n", it.name, it.qty, total)
		if i == 0 {
			fmt.Printf("%-22s %5s %10s\n", "", "", "")
		}
	}
	fmt.Println(strings.Repeat("=", 39))
	fmt.Printf("%-22s %5s %10.2f\n", "Sum", "", sum)
	fmt.Printf("%28s%11.1e\n", "sci:", sum)
	fmt.Printf("[%7.2f%%]\n", 12.3456)
	fmt.Printf("[%x] [%X] [%o] [%#o] [%#b]\n", 3054, 3054, 8, 8, 5)
}
