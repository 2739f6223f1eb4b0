// encoding/json: struct tags, omitempty, nested values and indentation.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

type Address struct {
	Street string `json:"street"`
	City   string `json:"city"`
}

type Person struct {
	Name     string         `json:"name"`
	Age      int            `json:"age"`
	Email    string         `json:"email,omitempty"`
	Address  *Address       `json:"address,omitempty"`
	Tags     []string       `json:"tags"`
	Scores   map[string]int `json:"scores,omitempty"`
	password string
	Ignored  string         `json:"-"`
	Extra    map[string]any `json:"extra,omitempty"`
}

func main() {
	bolB, _ := json.Marshal(true)
	fmt.Println(string(bolB))
	fltB, _ := json.Marshal(2.34)
	fmt.Println(string(fltB))
	slcB, _ := json.Marshal([]string{"apple", "peach", "pear"})
	fmt.Println(string(slcB))
	mapB, _ := json.Marshal(map[string]int{"z": 1, "a": 2})
	fmt.Println(string(mapB))

	p := Person{Name: "Ann", Age: 30, Tags: nil, password: "x", Ignored: "y"}
	b, err := json.Marshal(p)
	fmt.Println(string(b), err)

	p.Email = "ann@example.com"
	p.Address = &Address{"1 Main St", "Springfield"}
	p.Tags = []string{"admin"}
	p.Scores = map[string]int{"go": 9, "c": 7}
	p.Extra = map[string]any{"n": 1.5, "ok": true, "list": []int{1}}
	out, _ := json.MarshalIndent(p, "", "  ")
	fmt.Println(string(out))

	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.Encode(map[string]string{"html": "<b>&</b>"})
	_, err = json.Marshal(map[string]any{"f": func() {}})
	fmt.Println(err)
}
