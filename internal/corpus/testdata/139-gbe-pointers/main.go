// Go by Example: pointers, value versus pointer parameters, pointers to struct fields.
package main

import "fmt"

func zeroval(ival int) {
	ival = 0
}

func zeroptr(iptr *int) {
	*iptr = 0
}

type node struct {
	val  int
	next *node
}

func swap(a, b *string) {
	*a, *b = *b, *a
}

func main() {
	i := 1
	fmt.Println("initial:", i)

	zeroval(i)
	fmt.Println("zeroval:", i)

	zeroptr(&i)
	fmt.Println("zeroptr:", i)

	p := &i
	*p = 42
	fmt.Println("via pointer:", i, p != nil)

	var head *node
	for v := 3; v >= 1; v-- {
		head = &node{v, head}
	}
	for n := head; n != nil; n = n.next {
		fmt.Print(n.val, " ")
	}
	fmt.Println()

	x, y := "left", "right"
	swap(&x, &y)
	fmt.Println(x, y)

	pp := &p
	**pp = 7
	fmt.Println(i)

	q := new(int)
	*q += 5
	fmt.Println(*q)
}
