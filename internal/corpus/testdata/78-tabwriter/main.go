// text/tabwriter: aligned columns for a small report.
package main

import (
	"fmt"
	"os"
	"text/tabwriter"
)

type proc struct {
	pid  int
	name string
	cpu  float64
	mem  string
}

func main() {
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(w, "PID\tNAME\tCPU%\tMEM\t")
	procs := []proc{{1, "init", 0.1, "12M"}, {4242, "postgres", 12.75, "1.2G"}, {77, "sh", 0, "900K"}}
	for _, p := range procs {
		fmt.Fprintf(w, "%d\t%s\t%.1f\t%s\t\n", p.pid, p.name, p.cpu, p.mem)
	}
	w.Flush()

	fmt.Println()
	r := tabwriter.NewWriter(os.Stdout, 5, 0, 1, '.', tabwriter.AlignRight|tabwriter.Debug)
	fmt.Fprintln(r, "a\tbbb\tc\t")
	fmt.Fprintln(r, "aaaa\tb\tccccc\t")
	fmt.Fprintln(r, "x\ty\tz\t")
	r.Flush()
}
