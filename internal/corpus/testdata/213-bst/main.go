// A binary search tree with insert, search, delete, in-order traversal, height and a level-order print.
package main

import (
	"fmt"
	"strings"
)

type Node struct {
	Key         int
	Left, Right *Node
}

type BST struct {
	Root *Node
	size int
}

func (t *BST) Insert(k int) {
	t.Root = insert(t.Root, k, &t.size)
}

func insert(n *Node, k int, size *int) *Node {
	if n == nil {
		*size++
		return &Node{Key: k}
	}
	switch {
	case k < n.Key:
		n.Left = insert(n.Left, k, size)
	case k > n.Key:
		n.Right = insert(n.Right, k, size)
	}
	return n
}

func (t *BST) Contains(k int) bool {
	n := t.Root
	for n != nil {
		if k == n.Key {
			return true
		}
		if k < n.Key {
			n = n.Left
		} else {
			n = n.Right
		}
	}
	return false
}

func (t *BST) Delete(k int) {
	t.Root = del(t.Root, k)
}

func del(n *Node, k int) *Node {
	if n == nil {
		return nil
	}
	if k < n.Key {
		n.Left = del(n.Left, k)
		return n
	}
	if k > n.Key {
		n.Right = del(n.Right, k)
		return n
	}
	if n.Left == nil {
		return n.Right
	}
	if n.Right == nil {
		return n.Left
	}
	m := n.Right
	for m.Left != nil {
		m = m.Left
	}
	n.Key = m.Key
	n.Right = del(n.Right, m.Key)
	return n
}

func (t *BST) InOrder(visit func(int)) {
	var walk func(*Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		walk(n.Left)
		visit(n.Key)
		walk(n.Right)
	}
	walk(t.Root)
}

func height(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + max(height(n.Left), height(n.Right))
}

func (t *BST) Levels() string {
	var sb strings.Builder
	level := []*Node{t.Root}
	for len(level) > 0 {
		var next []*Node
		for _, n := range level {
			fmt.Fprintf(&sb, "%d ", n.Key)
			if n.Left != nil {
				next = append(next, n.Left)
			}
			if n.Right != nil {
				next = append(next, n.Right)
			}
		}
		sb.WriteString("| ")
		level = next
	}
	return sb.String()
}

func main() {
	t := &BST{}
	for _, k := range []int{50, 30, 70, 20, 40, 60, 80, 35, 45, 65} {
		t.Insert(k)
	}
	t.Insert(40)
	var keys []int
	t.InOrder(func(k int) { keys = append(keys, k) })
	fmt.Println(keys, t.size, height(t.Root))
	fmt.Println(t.Contains(45), t.Contains(55))
	fmt.Println(t.Levels())
	t.Delete(30)
	t.Delete(50)
	t.Delete(99)
	keys = keys[:0]
	t.InOrder(func(k int) { keys = append(keys, k) })
	fmt.Println(keys)
	fmt.Println(t.Levels())
}
