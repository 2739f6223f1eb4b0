// A generic linked list with an All method that returns an iterator.
package main

import (
	"fmt"
	"iter"
	"slices"
	"strings"
)

type List[T any] struct {
	head, tail *element[T]
	size       int
}

type element[T any] struct {
	next *element[T]
	val  T
}

func (l *List[T]) Push(v T) {
	e := &element[T]{val: v}
	if l.tail == nil {
		l.head = e
	} else {
		l.tail.next = e
	}
	l.tail = e
	l.size++
}

func (l *List[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for e := l.head; e != nil; e = e.next {
			if !yield(e.val) {
				return
			}
		}
	}
}

func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func main() {
	var lst List[int]
	for _, v := range []int{10, 13, 23, 40} {
		lst.Push(v)
	}
	for v := range lst.All() {
		fmt.Print(v, " ")
	}
	fmt.Println("size", lst.size)
	odd := Filter(lst.All(), func(n int) bool { return n%2 == 1 })
	fmt.Println(slices.Collect(odd))

	words := &List[string]{}
	for _, w := range strings.Fields("iterators make lists easy") {
		words.Push(w)
	}
	for w := range words.All() {
		if w == "lists" {
			break
		}
		fmt.Print(strings.ToUpper(w), " ")
	}
	fmt.Println()
}
