// CSV: read sales records with encoding/csv, aggregate by region, write a CSV summary.
package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

const data = `region,product,units,price
north,widget,10,2.50
south,widget,4,2.50
north,gadget,2,10.00
east,"gizmo, deluxe",1,99.99
south,gadget,7,10.00
`

type summary struct {
	units   int
	revenue float64
}

func main() {
	r := csv.NewReader(strings.NewReader(data))
	header, err := r.Read()
	if err != nil {
		panic(err)
	}
	fmt.Println("columns:", header)

	byRegion := map[string]*summary{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		units, _ := strconv.Atoi(rec[2])
		price, _ := strconv.ParseFloat(rec[3], 64)
		s, ok := byRegion[rec[0]]
		if !ok {
			s = &summary{}
			byRegion[rec[0]] = s
		}
		s.units += units
		s.revenue += float64(units) * price
		if strings.Contains(rec[1], ",") {
			fmt.Printf("quoted field: %q\n", rec[1])
		}
	}

	regions := make([]string, 0, len(byRegion))
	for k := range byRegion {
		regions = append(regions, k)
	}
	sort.Strings(regions)

	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"region", "units", "revenue"})
	for _, reg := range regions {
		s := byRegion[reg]
		w.Write([]string{reg, strconv.Itoa(s.units), strconv.FormatFloat(s.revenue, 'f', 2, 64)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		panic(err)
	}

	bad := csv.NewReader(strings.NewReader("a,b\n1,2,3\n"))
	_, err = bad.ReadAll()
	fmt.Println("error:", err)
}
