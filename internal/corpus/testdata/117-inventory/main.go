// An inventory: products grouped by category, restocked through pointers, and a sorted report.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Product struct {
	SKU      string
	Name     string
	Category string
	Qty      int
	Price    float64
}

type Inventory struct {
	items []Product
}

func (inv *Inventory) Add(p Product) { inv.items = append(inv.items, p) }

func (inv *Inventory) Find(sku string) *Product {
	for i := range inv.items {
		if inv.items[i].SKU == sku {
			return &inv.items[i]
		}
	}
	return nil
}

func (inv *Inventory) Restock(sku string, n int) error {
	p := inv.Find(sku)
	if p == nil {
		return fmt.Errorf("restock: unknown SKU %q", sku)
	}
	p.Qty += n
	return nil
}

func (inv Inventory) ByCategory() map[string][]Product {
	out := map[string][]Product{}
	for _, p := range inv.items {
		out[p.Category] = append(out[p.Category], p)
	}
	return out
}

func main() {
	var inv Inventory
	inv.Add(Product{"A1", "Hammer", "tools", 5, 12.5})
	inv.Add(Product{"B2", "Nails (100)", "hardware", 40, 3.2})
	inv.Add(Product{"A3", "Saw", "tools", 0, 25})
	inv.Add(Product{"C9", "Glue", "hardware", 12, 4.75})
	fmt.Println(inv.Restock("A3", 4), inv.Restock("Z0", 1))

	groups := inv.ByCategory()
	cats := make([]string, 0, len(groups))
	for c := range groups {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	grand := 0.0
	for _, c := range cats {
		ps := groups[c]
		sort.Slice(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
		fmt.Println(strings.ToUpper(c))
		for _, p := range ps {
			value := float64(p.Qty) * p.Price
			grand += value
			fmt.Printf("  %-4s %-12s %3d x %6.2f = %7.2f\n", p.SKU, p.Name, p.Qty, p.Price, value)
		}
	}
	fmt.Printf("total stock value: %.2f\n", grand)
}
