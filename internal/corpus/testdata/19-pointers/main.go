// Pointers: address-of, dereference, new, pointers to structs and swap.
package main

import "fmt"

func zeroval(ival int) { ival = 0 }

func zeroptr(iptr *int) { *iptr = 0 }

func swap(a, b *int) { *a, *b = *b, *a }

type node struct {
	val  int
	next *node
}

func main() {
	i := 1
	zeroval(i)
	fmt.Println("zeroval:", i)
	zeroptr(&i)
	fmt.Println("zeroptr:", i)

	x, y := 1, 2
	swap(&x, &y)
	fmt.Println(x, y)

	p := new(int)
	*p = 42
	fmt.Println(*p, p != nil)

	var head *node
	for v := range 4 {
		head = &node{val: v, next: head}
	}
	for n := head; n != nil; n = n.next {
		fmt.Print(n.val, " ")
	}
	fmt.Println()

	q := &head.next.val
	*q = 100
	fmt.Println(head.next.val)

	pp := &p
	**pp = 7
	fmt.Println(*p)
	var nilp *int
	fmt.Println(nilp == nil)
}
