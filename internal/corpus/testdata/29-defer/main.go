// Defer: last-in first-out order, arguments evaluated at once, named results.
package main

import "fmt"

func order() {
	for i := range 3 {
		defer fmt.Println("deferred", i)
	}
	fmt.Println("loop done")
}

func args() {
	x := 1
	defer fmt.Println("deferred x =", x)
	x = 2
	fmt.Println("x =", x)
}

func triple() (result int) {
	defer func() { result *= 3 }()
	return 5
}

func trace(name string) func() {
	fmt.Println("enter", name)
	return func() { fmt.Println("leave", name) }
}

func work() {
	defer trace("work")()
	fmt.Println("working")
}

type resource struct{ name string }

func (r *resource) Close() { fmt.Println("closing", r.name) }

func use() {
	a := &resource{"a"}
	defer a.Close()
	b := &resource{"b"}
	defer b.Close()
	fmt.Println("using", a.name, b.name)
}

func main() {
	order()
	args()
	fmt.Println(triple())
	work()
	use()
}
