// reflect over a struct: field names, types, tags and values, set by name, and a tiny validator.
package main

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

type User struct {
	Name  string `validate:"required" db:"name"`
	Email string `validate:"required,contains=@" db:"email"`
	Age   int    `validate:"min=18" db:"age"`
	admin bool
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
		fv := rv.Field(i)
		for _, rule := range strings.Split(tag, ",") {
			name, arg, _ := strings.Cut(rule, "=")
			switch name {
			case "required":
				if fv.IsZero() {
					problems = append(problems, f.Name+" is required")
				}
			case "contains":
				if !strings.Contains(fv.String(), arg) {
					problems = append(problems, fmt.Sprintf("%s must contain %q", f.Name, arg))
				}
			case "min":
				n, _ := strconv.Atoi(arg)
				if fv.Int() < int64(n) {
					problems = append(problems, fmt.Sprintf("%s must be at least %d", f.Name, n))
				}
			}
		}
	}
	return problems
}

func main() {
	u := User{Name: "ann", Email: "ann.example.com", Age: 16}
	rt := reflect.TypeOf(u)
	fmt.Println(rt.Name(), rt.Kind(), rt.NumField())
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		fmt.Printf("%-6s %-7s db=%-6q exported=%v\n", f.Name, f.Type, f.Tag.Get("db"), f.IsExported())
	}
	fmt.Println(validate(u))
	fmt.Println(validate(User{Name: "bob", Email: "b@x", Age: 30}))

	rv := reflect.ValueOf(&u).Elem()
	rv.FieldByName("Age").SetInt(21)
	fmt.Println(u.Age, rv.FieldByName("admin").CanSet())

	vals := []any{1, "s", 2.5, []int{1}, map[string]int{}, &u, nil}
	for _, v := range vals {
		if v == nil {
			fmt.Println("nil")
			continue
		}
		fmt.Print(reflect.TypeOf(v).Kind(), " ")
	}
	fmt.Println()
}
