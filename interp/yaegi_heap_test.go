package interp

import "testing"

// TestInterfaceMethodsSeeTheReceiverAtEachCall checks patch 0103: a
// pointer held by a compiled interface (heap.Interface) gives its value
// methods the receiver as it is at each call. They saw a copy made when
// the interface value was made: after heap.Push(h, 5) on an empty heap,
// h.Len() was still 0 for container/heap, which then never reordered.
func TestInterfaceMethodsSeeTheReceiverAtEachCall(t *testing.T) {
	out := runProgram(t, `package main

import (
	"container/heap"
	"fmt"
)

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}

func main() {
	h := &IntHeap{}
	for _, x := range []int{5, 2, 8, 1} {
		heap.Push(h, x)
	}
	fmt.Println(h.Len(), (*h)[0])
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println()
}
`)
	if want := "4 1\n1 2 5 8 \n"; out != want {
		t.Fatalf("got %q, want %q", out, want)
	}
}
