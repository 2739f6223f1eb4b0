// A program that ends in an unrecovered panic after printing, with deferred output.
package main

import "fmt"

type Stack struct{ data []int }

func (s *Stack) Push(v int) { s.data = append(s.data, v) }

func (s *Stack) Pop() int {
	if len(s.data) == 0 {
		panic("pop from empty stack")
	}
	v := s.data[len(s.data)-1]
	s.data = s.data[:len(s.data)-1]
	return v
}

func main() {
	defer fmt.Println("deferred print runs before the crash")
	s := &Stack{}
	s.Push(1)
	s.Push(2)
	fmt.Println(s.Pop(), s.Pop())
	fmt.Println(s.Pop())
}
