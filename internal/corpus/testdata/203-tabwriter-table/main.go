// A report table aligned with text/tabwriter, with right-aligned numbers and a totals line.
package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

type item struct {
	name  string
	qty   int
	price float64
}

func main() {
	items := []item{
		{"apple", 3, 0.5},
		{"watermelon", 1, 3.25},
		{"kiwi", 12, 0.2},
	}

	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tQTY\tPRICE\tTOTAL\t")
	fmt.Fprintln(w, "----\t---\t-----\t-----\t")
	total := 0.0
	for _, it := range items {
		t := float64(it.qty) * it.price
		total += t
		fmt.Fprintf(w, "%s\t%d\t%.2f\t%.2f\t\n", it.name, it.qty, it.price, t)
	}
	fmt.Fprintf(w, "\t\t\t%.2f\t\n", total)
	w.Flush()

	fmt.Println()
	r := tabwriter.NewWriter(os.Stdout, 5, 0, 1, ' ', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(r, "a\tb\tc")
	fmt.Fprintln(r, "aaa\tbbbbbbb\tc")
	fmt.Fprintln(r, "x\ty\tzzzz")
	r.Flush()
}
