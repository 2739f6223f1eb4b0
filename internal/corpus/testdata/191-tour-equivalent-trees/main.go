// A Tour of Go exercise: equivalent binary trees, walked over channels (with a local tree package stand-in).
package main

import "fmt"

type Tree struct {
	Left  *Tree
	Value int
	Right *Tree
}

func insert(t *Tree, v int) *Tree {
	if t == nil {
		return &Tree{nil, v, nil}
	}
	if v < t.Value {
		t.Left = insert(t.Left, v)
	} else {
		t.Right = insert(t.Right, v)
	}
	return t
}

// New returns a tree holding k, 2k, ..., 10k, inserted in an order given by seed.
func New(k, seed int) *Tree {
	var t *Tree
	order := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for i := range order {
		j := (i*7 + seed) % len(order)
		order[i], order[j] = order[j], order[i]
	}
	for _, v := range order {
		t = insert(t, v*k)
	}
	return t
}

func (t *Tree) String() string {
	if t == nil {
		return "()"
	}
	s := ""
	if t.Left != nil {
		s += t.Left.String() + " "
	}
	s += fmt.Sprint(t.Value)
	if t.Right != nil {
		s += " " + t.Right.String()
	}
	return "(" + s + ")"
}

func Walk(t *Tree, ch chan int) {
	var walk func(t *Tree)
	walk = func(t *Tree) {
		if t == nil {
			return
		}
		walk(t.Left)
		ch <- t.Value
		walk(t.Right)
	}
	walk(t)
	close(ch)
}

func Same(t1, t2 *Tree) bool {
	c1, c2 := make(chan int), make(chan int)
	go Walk(t1, c1)
	go Walk(t2, c2)
	for {
		v1, ok1 := <-c1
		v2, ok2 := <-c2
		if ok1 != ok2 || v1 != v2 {
			return false
		}
		if !ok1 {
			return true
		}
	}
}

func main() {
	ch := make(chan int)
	go Walk(New(1, 3), ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Println(New(1, 3))
	fmt.Println(Same(New(1, 1), New(1, 5)))
	fmt.Println(Same(New(1, 1), New(2, 1)))
}
