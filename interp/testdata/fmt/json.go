package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type Item struct {
	ID   int `json:"id"`
	Name string
}

type Inner struct{ N int }

type Base struct{ Code int }

type Order struct {
	Base
	Items []Item `json:"items"`
	In    *Inner
}

func main() {
	err := json.Unmarshal([]byte(`{"id":"x"}`), &Item{})
	fmt.Println(err)
	var items []Item
	fmt.Println(json.Unmarshal([]byte(`[{"Name":3}]`), &items))
	var o Order
	fmt.Println(json.Unmarshal([]byte(`{"items":[{"id":true}]}`), &o))
	fmt.Println(json.Unmarshal([]byte(`{"In":{"N":"s"}}`), &o))
	dec := json.NewDecoder(strings.NewReader(`{"id":[1]}`))
	var it Item
	fmt.Println(dec.Decode(&it))
	b, err := json.Marshal(Order{Base: Base{1}, Items: []Item{{2, "x"}}})
	fmt.Println(string(b), err)
	var o2 Order
	fmt.Println(json.Unmarshal([]byte(`{"Code":5,"items":[{"id":6}]}`), &o2), o2.Code, o2.Items)
	var anon struct{ A int }
	fmt.Println(json.Unmarshal([]byte(`{"A":"x"}`), &anon))
	fmt.Println(json.Unmarshal([]byte(`{"id":2,"Name":"ok"}`), &it), it)
}
