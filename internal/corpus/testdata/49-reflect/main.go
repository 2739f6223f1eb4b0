// Reflection: struct fields, tags, kinds and setting values.
package main

import (
	"fmt"
	"reflect"
)

type User struct {
	Name  string `json:"name" db:"user_name"`
	Email string `json:"email"`
	Age   int    `json:"age,omitempty"`
	admin bool
}

func (u User) Greet() string { return "hi " + u.Name }

func main() {
	u := User{"Ann", "ann@example.com", 33, true}
	t := reflect.TypeOf(u)
	fmt.Println(t.Name(), t.Kind(), t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		fmt.Printf("%s %s json=%q db=%q exported=%t\n", f.Name, f.Type, f.Tag.Get("json"), f.Tag.Get("db"), f.IsExported())
	}
	v := reflect.ValueOf(&u).Elem()
	v.FieldByName("Age").SetInt(34)
	fmt.Println(u.Age)
	fmt.Println(t.NumMethod(), t.Method(0).Name)

	for _, x := range []any{1, "s", 2.5, []int{1}, map[string]int{}, &u, nil} {
		if x == nil {
			fmt.Println("nil")
			continue
		}
		fmt.Println(reflect.TypeOf(x).Kind())
	}
	fmt.Println(reflect.DeepEqual([]int{1, 2}, []int{1, 2}), reflect.DeepEqual(map[string]int{"a": 1}, map[string]int{"a": 2}))
}
