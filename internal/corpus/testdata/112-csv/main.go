// encoding/csv: reading records with quotes, computing totals, and writing CSV.
package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"strconv"
	"strings"
)

const data = `name,city,amount
"Smith, Ann",Paris,12.50
Bob,"New ""York""",7
Cy,Oslo,30.25
`

func main() {
	r := csv.NewReader(strings.NewReader(data))
	records, err := r.ReadAll()
	if err != nil {
		fmt.Println(err)
		return
	}
	header, rows := records[0], records[1:]
	fmt.Println(header, len(rows))
	total := 0.0
	for _, row := range rows {
		amount, err := strconv.ParseFloat(row[2], 64)
		if err != nil {
			fmt.Println(err)
			continue
		}
		total += amount
		fmt.Printf("%-12s %-10s %6.2f\n", row[0], row[1], amount)
	}
	fmt.Printf("total %.2f\n", total)

	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"id", "note"})
	w.Write([]string{"1", "has, comma"})
	w.Write([]string{"2", `has "quotes"`})
	w.Flush()
	fmt.Println(w.Error())

	bad := csv.NewReader(strings.NewReader("a,b\nc\n"))
	_, err = bad.ReadAll()
	fmt.Println(err)
}
