// text/template with a FuncMap, nested templates, range over a slice of structs, with/else, and printf.
package main

import (
	"os"
	"strings"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Qty   int
}

type Order struct {
	ID       int
	Customer string
	Items    []Item
	Notes    []string
	Discount float64
}

const tmpl = `{{define "item"}}- {{.Name | upper | printf "%-8s"}} {{.Qty}} x {{printf "%.2f" .Price}}{{end -}}
Order #{{.ID}} for {{.Customer}}
{{range .Items}}{{template "item" .}}
{{end -}}
{{with .Notes}}Notes: {{join . "; "}}{{else}}No notes{{end}}
{{if gt .Discount 0.0}}Discount: {{.Discount}}%{{end}}
Items: {{len .Items}}
`

func main() {
	funcs := template.FuncMap{
		"upper": strings.ToUpper,
		"join":  strings.Join,
	}
	t := template.Must(template.New("order").Funcs(funcs).Parse(tmpl))
	orders := []Order{
		{1, "ann", []Item{{"pen", 1.5, 3}, {"book", 12, 1}}, []string{"gift", "fragile"}, 10},
		{2, "bob", []Item{{"mug", 7.25, 2}}, nil, 0},
	}
	for _, o := range orders {
		if err := t.Execute(os.Stdout, o); err != nil {
			panic(err)
		}
	}
}
