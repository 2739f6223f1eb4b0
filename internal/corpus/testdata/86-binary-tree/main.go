// A binary search tree: insert, search, in-order walk, height and a channel walker.
package main

import (
	"fmt"
	"strings"
)

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

func (t *Tree) Contains(v int) bool {
	for t != nil {
		switch {
		case v == t.Value:
			return true
		case v < t.Value:
			t = t.Left
		default:
			t = t.Right
		}
	}
	return false
}

func (t *Tree) Height() int {
	if t == nil {
		return 0
	}
	return 1 + max(t.Left.Height(), t.Right.Height())
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

func main() {
	var root *Tree
	for _, v := range []int{50, 30, 70, 20, 40, 60, 80, 35} {
		root = insert(root, v)
	}
	fmt.Println(root)
	fmt.Println(root.Contains(35), root.Contains(36), root.Height())
	ch := make(chan int)
	go Walk(root, ch)
	var parts []string
	for v := range ch {
		parts = append(parts, fmt.Sprint(v))
	}
	fmt.Println(strings.Join(parts, ","))
}
