// Generic types: a stack, a pair and a cache with methods.
package main

import (
	"fmt"
)

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s *Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

type Cache[K comparable, V any] struct {
	data  map[K]V
	order []K
	limit int
}

func NewCache[K comparable, V any](limit int) *Cache[K, V] {
	return &Cache[K, V]{data: make(map[K]V), limit: limit}
}

func (c *Cache[K, V]) Put(k K, v V) {
	if _, ok := c.data[k]; !ok {
		c.order = append(c.order, k)
	}
	c.data[k] = v
	if len(c.order) > c.limit {
		oldest := c.order[0]
		c.order = c.order[1:]
		delete(c.data, oldest)
	}
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	v, ok := c.data[k]
	return v, ok
}

func main() {
	var s Stack[int]
	for i := range 4 {
		s.Push(i * i)
	}
	fmt.Println("len", s.Len())
	for s.Len() > 0 {
		v, _ := s.Pop()
		fmt.Print(v, " ")
	}
	fmt.Println()
	_, ok := s.Pop()
	fmt.Println("empty pop ok:", ok)

	words := &Stack[string]{}
	words.Push("hello")
	fmt.Println(words.items)

	p := Pair[string, int]{"age", 30}
	fmt.Println(p)
	ps := []Pair[int, bool]{{1, true}, {2, false}}
	fmt.Println(ps)

	c := NewCache[string, int](2)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Put("c", 3)
	_, okA := c.Get("a")
	vc, okC := c.Get("c")
	fmt.Println(okA, vc, okC)
}
