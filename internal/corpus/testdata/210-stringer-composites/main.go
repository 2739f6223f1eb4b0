// Values with String methods printed inside slices, maps, struct fields and via %v, %s and %d.
package main

import (
	"fmt"
	"strings"
)

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string {
	return [...]string{"red", "green", "blue"}[c]
}

type Money struct {
	Cents int64
}

func (m Money) String() string {
	return fmt.Sprintf("$%d.%02d", m.Cents/100, m.Cents%100)
}

type Product struct {
	Name  string
	Color Color
	Price Money
}

type Tags []string

func (t Tags) String() string { return "#" + strings.Join(t, " #") }

func main() {
	fmt.Println(Red, Blue)
	fmt.Println([]Color{Red, Green, Blue})
	fmt.Println(map[Color]int{Blue: 3, Red: 1})
	p := Product{"pen", Blue, Money{250}}
	fmt.Println(p)
	fmt.Printf("%v | %+v | %s | %d\n", p, p, p.Color, p.Color)
	fmt.Println(Tags{"go", "notebook"})
	fmt.Println([]Money{{100}, {5}})
	ptr := &p
	fmt.Println(ptr.Price, *ptr)
	fmt.Printf("%v %q %x\n", Green, Green, Money{255})
	fmt.Println(fmt.Sprint(Red) + "/" + Green.String())
}
