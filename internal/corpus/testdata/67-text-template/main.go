// text/template: fields, range, if/else, functions and nested templates.
package main

import (
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Qty   int
}

type Invoice struct {
	Customer string
	Items    []Item
	Notes    []string
	Paid     bool
}

func (i Item) Total() float64 { return i.Price * float64(i.Qty) }

const tmpl = `Invoice for {{.Customer | upper}}
{{range $i, $it := .Items -}}
{{add $i 1}}. {{printf "%-8s" $it.Name}} {{$it.Qty}} x {{printf "%.2f" $it.Price}} = {{printf "%6.2f" $it.Total}}
{{end -}}
{{if .Paid}}Status: paid{{else}}Status: due{{end}}
{{with .Notes}}Notes: {{join . "; "}}{{else}}No notes{{end}}
{{template "footer" .}}
{{define "footer"}}-- thank you, {{.Customer}} --{{end}}`

func main() {
	funcs := template.FuncMap{
		"upper": strings.ToUpper,
		"join":  strings.Join,
		"add":   func(a, b int) int { return a + b },
	}
	t := template.Must(template.New("invoice").Funcs(funcs).Parse(tmpl))
	inv := Invoice{
		Customer: "acme",
		Items:    []Item{{"bolts", 0.25, 40}, {"nuts", 0.1, 100}},
	}
	if err := t.Execute(os.Stdout, inv); err != nil {
		fmt.Println("error:", err)
	}
	fmt.Println()
	inv.Paid = true
	inv.Notes = []string{"rush", "fragile"}
	if err := t.Execute(os.Stdout, inv); err != nil {
		fmt.Println("error:", err)
	}
	fmt.Println()

	t2 := template.Must(template.New("x").Parse("{{.Missing}}\n"))
	err := t2.Execute(os.Stdout, inv)
	fmt.Println("error:", err != nil)
	var sb strings.Builder
	template.Must(template.New("m").Parse(`{{range $k, $v := .}}{{$k}}={{$v}} {{end}}`)).Execute(&sb, map[string]int{"b": 2, "a": 1})
	fmt.Println(sb.String())
}
