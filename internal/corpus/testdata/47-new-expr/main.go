// new with an expression (Go 1.26) and pointers to literal values for optional fields.
package main

import (
	"encoding/json"
	"fmt"
)

type Options struct {
	Name    string   `json:"name"`
	Retries *int     `json:"retries,omitempty"`
	Ratio   *float64 `json:"ratio,omitempty"`
	Verbose *bool    `json:"verbose,omitempty"`
}

func describe(o Options) string {
	s := o.Name
	if o.Retries != nil {
		s += fmt.Sprintf(" retries=%d", *o.Retries)
	}
	if o.Ratio != nil {
		s += fmt.Sprintf(" ratio=%.2f", *o.Ratio)
	}
	if o.Verbose != nil {
		s += fmt.Sprintf(" verbose=%t", *o.Verbose)
	}
	return s
}

func main() {
	p := new(42)
	fmt.Println(*p)
	s := new("text")
	fmt.Println(*s, len(*s))
	n := 3
	q := new(n * 2)
	*q++
	fmt.Println(*q, n)

	o := Options{Name: "job", Retries: new(3), Verbose: new(true)}
	fmt.Println(describe(o))
	b, _ := json.Marshal(o)
	fmt.Println(string(b))
	o.Ratio = new(0.25)
	fmt.Println(describe(o))
	zero := new(int)
	fmt.Println(*zero)
}
