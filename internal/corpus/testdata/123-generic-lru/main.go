// A generic LRU cache built from a map and a doubly linked list of generic nodes.
package main

import (
	"fmt"
	"strings"
)

type node[K comparable, V any] struct {
	key        K
	val        V
	prev, next *node[K, V]
}

type LRU[K comparable, V any] struct {
	cap        int
	items      map[K]*node[K, V]
	head, tail *node[K, V] // head is the most recent
}

func NewLRU[K comparable, V any](capacity int) *LRU[K, V] {
	return &LRU[K, V]{cap: capacity, items: make(map[K]*node[K, V])}
}

func (c *LRU[K, V]) unlink(n *node[K, V]) {
	if n.prev != nil {
		n.prev.next = n.next
	} else {
		c.head = n.next
	}
	if n.next != nil {
		n.next.prev = n.prev
	} else {
		c.tail = n.prev
	}
	n.prev, n.next = nil, nil
}

func (c *LRU[K, V]) pushFront(n *node[K, V]) {
	n.next = c.head
	if c.head != nil {
		c.head.prev = n
	}
	c.head = n
	if c.tail == nil {
		c.tail = n
	}
}

func (c *LRU[K, V]) Get(k K) (V, bool) {
	n, ok := c.items[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.unlink(n)
	c.pushFront(n)
	return n.val, true
}

func (c *LRU[K, V]) Put(k K, v V) {
	if n, ok := c.items[k]; ok {
		n.val = v
		c.unlink(n)
		c.pushFront(n)
		return
	}
	n := &node[K, V]{key: k, val: v}
	c.items[k] = n
	c.pushFront(n)
	if len(c.items) > c.cap {
		old := c.tail
		c.unlink(old)
		delete(c.items, old.key)
	}
}

func (c *LRU[K, V]) String() string {
	var parts []string
	for n := c.head; n != nil; n = n.next {
		parts = append(parts, fmt.Sprintf("%v:%v", n.key, n.val))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func main() {
	c := NewLRU[string, int](3)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Put("c", 3)
	fmt.Println(c)
	c.Get("a")
	c.Put("d", 4)
	fmt.Println(c)
	_, ok := c.Get("b")
	fmt.Println("b cached:", ok)
	c.Put("c", 30)
	fmt.Println(c)
}
