// Embedding an interface in a struct to override one method, and sort.Reverse's trick.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Notifier interface {
	Notify(msg string) string
	Name() string
}

type Email struct{ addr string }

func (e Email) Notify(msg string) string { return "email to " + e.addr + ": " + msg }
func (e Email) Name() string             { return "email" }

type Loud struct {
	Notifier
}

func (l Loud) Notify(msg string) string {
	return l.Notifier.Notify(strings.ToUpper(msg) + "!")
}

type byLen struct{ sort.StringSlice }

func (b byLen) Less(i, j int) bool { return len(b.StringSlice[i]) < len(b.StringSlice[j]) }

func broadcast(ns []Notifier, msg string) {
	for _, n := range ns {
		fmt.Printf("[%s] %s\n", n.Name(), n.Notify(msg))
	}
}

func main() {
	e := Email{"ann@example.com"}
	broadcast([]Notifier{e, Loud{e}}, "hello")

	words := []string{"banana", "kiwi", "apple", "fig"}
	sort.Sort(byLen{words})
	fmt.Println(words)
	sort.Sort(sort.Reverse(byLen{words}))
	fmt.Println(words)
	var n Notifier = Loud{Email{"x@y"}}
	if l, ok := n.(Loud); ok {
		fmt.Println(l.Name(), l.Notifier.(Email).addr)
	}
}
