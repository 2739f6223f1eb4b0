// A validator driven by struct tags through reflect, as form libraries do.
package main

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

type Signup struct {
	Name  string `validate:"required,min=2"`
	Email string `validate:"required,contains=@"`
	Age   int    `validate:"min=13"`
	Bio   string
}

func validate(v any) []string {
	var problems []string
	rv := reflect.ValueOf(v)
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		tag := f.Tag.Get("validate")
		if tag == "" {
			continue
		}
		val := rv.Field(i)
		for _, rule := range strings.Split(tag, ",") {
			name, arg, _ := strings.Cut(rule, "=")
			switch name {
			case "required":
				if val.IsZero() {
					problems = append(problems, f.Name+" is required")
				}
			case "min":
				n, _ := strconv.Atoi(arg)
				if val.Kind() == reflect.String && val.Len() < n {
					problems = append(problems, fmt.Sprintf("%s must have at least %d characters", f.Name, n))
				}
				if val.Kind() == reflect.Int && val.Int() < int64(n) {
					problems = append(problems, fmt.Sprintf("%s must be at least %d", f.Name, n))
				}
			case "contains":
				if !strings.Contains(val.String(), arg) {
					problems = append(problems, fmt.Sprintf("%s must contain %q", f.Name, arg))
				}
			}
		}
	}
	return problems
}

func main() {
	for _, s := range []Signup{
		{Name: "Ann", Email: "ann@example.com", Age: 30},
		{Name: "B", Email: "nope", Age: 9},
		{},
	} {
		p := validate(s)
		if len(p) == 0 {
			fmt.Printf("%+v: ok\n", s)
			continue
		}
		fmt.Printf("%d problems: %s\n", len(p), strings.Join(p, "; "))
	}
}
