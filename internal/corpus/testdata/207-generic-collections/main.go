// Generic helpers people write: Map, Filter, Reduce, a Stack[T] and a Set[T comparable].
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Number interface {
	~int | ~int64 | ~float64
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

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

type Set[T comparable] map[T]struct{}

func (s Set[T]) Add(v T)      { s[v] = struct{}{} }
func (s Set[T]) Has(v T) bool { _, ok := s[v]; return ok }
func (s Set[T]) Len() int     { return len(s) }

type Celsius float64

func main() {
	nums := []int{1, 2, 3, 4, 5, 6}
	squares := Map(nums, func(n int) int { return n * n })
	fmt.Println(squares)
	evens := Filter(nums, func(n int) bool { return n%2 == 0 })
	fmt.Println(evens)
	fmt.Println(Reduce(nums, "", func(acc string, n int) string { return acc + fmt.Sprint(n) }))
	fmt.Println(Sum(nums), Sum([]float64{1.5, 2.25}), Sum([]Celsius{20, 21.5}))
	words := Map([]string{"go", "is", "fun"}, strings.ToUpper)
	fmt.Println(words)

	var st Stack[string]
	st.Push("a")
	st.Push("b")
	v, ok := st.Pop()
	fmt.Println(v, ok, st.Len())
	st.Pop()
	_, ok = st.Pop()
	fmt.Println(ok)

	s := Set[string]{}
	for _, w := range strings.Fields("a b a c b a") {
		s.Add(w)
	}
	keys := make([]string, 0, s.Len())
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println(keys, s.Has("c"), s.Has("z"))
}
