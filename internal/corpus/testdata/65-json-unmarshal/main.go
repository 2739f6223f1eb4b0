// encoding/json: decoding into structs, maps and any, and streaming with a Decoder.
package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

type Item struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Price float64  `json:"price"`
	Tags  []string `json:"tags"`
}

type Order struct {
	Customer string `json:"customer"`
	Items    []Item `json:"items"`
	Paid     bool   `json:"paid"`
}

const orderJSON = `{
  "customer": "Bo",
  "paid": true,
  "items": [
    {"id": 1, "name": "pen", "price": 1.5, "tags": ["office"]},
    {"id": 2, "name": "ink", "price": 7.25}
  ],
  "unknown": 1
}`

func main() {
	var o Order
	if err := json.Unmarshal([]byte(orderJSON), &o); err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Printf("%+v\n", o)
	total := 0.0
	for _, it := range o.Items {
		total += it.Price
	}
	fmt.Printf("%s owes %.2f\n", o.Customer, total)

	var anyv map[string]any
	json.Unmarshal([]byte(orderJSON), &anyv)
	keys := make([]string, 0)
	for k := range anyv {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s: %T\n", k, anyv[k])
	}
	items := anyv["items"].([]any)
	first := items[0].(map[string]any)
	fmt.Println(first["name"], first["price"].(float64)*2)

	dec := json.NewDecoder(strings.NewReader(`{"id": 1} {"id": 2} {"id": 3}`))
	for dec.More() {
		var it Item
		if err := dec.Decode(&it); err != nil {
			fmt.Println(err)
			break
		}
		fmt.Print(it.ID, " ")
	}
	fmt.Println()
	err := json.Unmarshal([]byte(`{"id": "x"}`), &Item{})
	fmt.Println(err)
	err = json.Unmarshal([]byte(`{bad`), &anyv)
	fmt.Println(err)
	var nums []int
	json.Unmarshal([]byte("[1, 2, 3]"), &nums)
	fmt.Println(nums, len(nums))
}
