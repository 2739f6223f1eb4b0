// Type assertions: the comma-ok form, panics, and asking for more behaviour.
package main

import (
	"fmt"
	"io"
	"strings"
)

type Animal interface{ Sound() string }

type Dog struct{ name string }

func (d Dog) Sound() string { return "woof" }
func (d Dog) Fetch() string { return d.name + " fetches" }

type Cat struct{}

func (Cat) Sound() string { return "meow" }

type Fetcher interface{ Fetch() string }

func main() {
	animals := []Animal{Dog{"rex"}, Cat{}}
	for _, a := range animals {
		fmt.Print(a.Sound())
		if f, ok := a.(Fetcher); ok {
			fmt.Print(" and ", f.Fetch())
		}
		fmt.Println()
	}

	var x any = "hello"
	s := x.(string)
	fmt.Println(s)
	n, ok := x.(int)
	fmt.Println(n, ok)

	func() {
		defer func() {
			fmt.Println("recovered:", recover())
		}()
		_ = x.(float64)
	}()

	var r io.Reader = strings.NewReader("data")
	if _, ok := r.(io.WriterTo); ok {
		fmt.Println("strings.Reader is a WriterTo")
	}
	if _, ok := r.(io.Writer); !ok {
		fmt.Println("but not a Writer")
	}
	d := animals[0].(Dog)
	fmt.Println(d.name)
}
