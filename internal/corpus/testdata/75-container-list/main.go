// container/list and container/ring: a doubly linked list as an LRU cache.
package main

import (
	"container/list"
	"container/ring"
	"fmt"
)

type entry struct {
	key   string
	value int
}

type LRU struct {
	cap   int
	ll    *list.List
	items map[string]*list.Element
}

func NewLRU(n int) *LRU { return &LRU{cap: n, ll: list.New(), items: map[string]*list.Element{}} }

func (c *LRU) Get(k string) (int, bool) {
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*entry).value, true
	}
	return 0, false
}

func (c *LRU) Put(k string, v int) {
	if e, ok := c.items[k]; ok {
		e.Value.(*entry).value = v
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&entry{k, v})
	if c.ll.Len() > c.cap {
		last := c.ll.Back()
		c.ll.Remove(last)
		delete(c.items, last.Value.(*entry).key)
	}
}

func (c *LRU) Keys() []string {
	var ks []string
	for e := c.ll.Front(); e != nil; e = e.Next() {
		ks = append(ks, e.Value.(*entry).key)
	}
	return ks
}

func main() {
	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println("len", l.Len())

	c := NewLRU(2)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Get("a")
	c.Put("c", 3)
	_, okB := c.Get("b")
	fmt.Println(c.Keys(), okB)

	r := ring.New(4)
	for i := range r.Len() {
		r.Value = i * i
		r = r.Next()
	}
	r.Do(func(v any) { fmt.Print(v, " ") })
	fmt.Println()
}
