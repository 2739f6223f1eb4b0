// Stringer and error interfaces on our own types, used by fmt.
package main

import (
	"fmt"
	"strings"
)

type IPAddr [4]byte

func (ip IPAddr) String() string {
	parts := make([]string, len(ip))
	for i, b := range ip {
		parts[i] = fmt.Sprint(b)
	}
	return strings.Join(parts, ".")
}

type Money struct {
	Cents    int64
	Currency string
}

func (m Money) String() string {
	return fmt.Sprintf("%d.%02d %s", m.Cents/100, m.Cents%100, m.Currency)
}

type Order struct {
	ID    int
	Total Money
}

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Green:
		return "green"
	case Blue:
		return "blue"
	}
	return fmt.Sprintf("Color(%d)", int(c))
}

func main() {
	hosts := map[string]IPAddr{
		"loopback":  {127, 0, 0, 1},
		"googleDNS": {8, 8, 8, 8},
	}
	for _, name := range []string{"googleDNS", "loopback"} {
		fmt.Printf("%v: %v\n", name, hosts[name])
	}
	m := Money{12345, "EUR"}
	fmt.Println(m)
	fmt.Printf("%v|%s|%d\n", m, m, m.Cents)
	o := Order{7, m}
	fmt.Printf("%v %+v\n", o, o)
	fmt.Println(Red, Blue, Color(9), []Color{Green, Red})
	fmt.Printf("%d %v %q\n", Green, Green, Green)
}
