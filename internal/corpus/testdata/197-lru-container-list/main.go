// An LRU cache built on container/list and a map, with hits, misses and evictions.
package main

import (
	"container/list"
	"fmt"
	"strings"
)

type entry struct {
	key   string
	value int
}

type LRU struct {
	cap   int
	ll    *list.List
	items map[string]*list.Element
	hits  int
	miss  int
}

func NewLRU(capacity int) *LRU {
	return &LRU{cap: capacity, ll: list.New(), items: make(map[string]*list.Element)}
}

func (c *LRU) Get(key string) (int, bool) {
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		c.hits++
		return el.Value.(*entry).value, true
	}
	c.miss++
	return 0, false
}

func (c *LRU) Put(key string, value int) (evicted string) {
	if el, ok := c.items[key]; ok {
		el.Value.(*entry).value = value
		c.ll.MoveToFront(el)
		return ""
	}
	el := c.ll.PushFront(&entry{key, value})
	c.items[key] = el
	if c.ll.Len() > c.cap {
		last := c.ll.Back()
		c.ll.Remove(last)
		e := last.Value.(*entry)
		delete(c.items, e.key)
		return e.key
	}
	return ""
}

func (c *LRU) String() string {
	var parts []string
	for el := c.ll.Front(); el != nil; el = el.Next() {
		e := el.Value.(*entry)
		parts = append(parts, fmt.Sprintf("%s=%d", e.key, e.value))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func main() {
	c := NewLRU(3)
	for i, k := range []string{"a", "b", "c"} {
		c.Put(k, i+1)
	}
	fmt.Println(c)
	c.Get("a")
	if ev := c.Put("d", 4); ev != "" {
		fmt.Println("evicted", ev)
	}
	fmt.Println(c)
	_, ok := c.Get("b")
	fmt.Println("b present:", ok)
	c.Put("c", 30)
	fmt.Println(c)
	v, ok := c.Get("c")
	fmt.Println(v, ok)
	fmt.Printf("hits %d misses %d len %d\n", c.hits, c.miss, c.ll.Len())
}
