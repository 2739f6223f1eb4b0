// container/heap as its documentation shows it: an IntHeap, a priority queue with update, and the top k words.
package main

import (
	"container/heap"
	"fmt"
	"sort"
	"strings"
)

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }

func (h *IntHeap) Push(x any) {
	*h = append(*h, x.(int))
}

func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[0 : n-1]
	return x
}

type wordCount struct {
	word  string
	count int
}

type minCounts []wordCount

func (h minCounts) Len() int { return len(h) }
func (h minCounts) Less(i, j int) bool {
	if h[i].count != h[j].count {
		return h[i].count < h[j].count
	}
	return h[i].word > h[j].word
}
func (h minCounts) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *minCounts) Push(x any)   { *h = append(*h, x.(wordCount)) }
func (h *minCounts) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func topK(text string, k int) []wordCount {
	counts := map[string]int{}
	for _, w := range strings.Fields(text) {
		counts[w]++
	}
	words := make([]string, 0, len(counts))
	for w := range counts {
		words = append(words, w)
	}
	sort.Strings(words)
	h := &minCounts{}
	for _, w := range words {
		heap.Push(h, wordCount{w, counts[w]})
		if h.Len() > k {
			heap.Pop(h)
		}
	}
	out := make([]wordCount, h.Len())
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = heap.Pop(h).(wordCount)
	}
	return out
}

func main() {
	h := &IntHeap{2, 1, 5}
	heap.Init(h)
	heap.Push(h, 3)
	fmt.Printf("minimum: %d\n", (*h)[0])
	for h.Len() > 0 {
		fmt.Printf("%d ", heap.Pop(h))
	}
	fmt.Println()

	empty := &IntHeap{}
	for _, v := range []int{5, 2, 8, 1} {
		heap.Push(empty, v)
	}
	for empty.Len() > 0 {
		fmt.Print(heap.Pop(empty), " ")
	}
	fmt.Println()

	text := "the cat and the dog and the bird saw a cat and a dog the end"
	for _, wc := range topK(text, 3) {
		fmt.Println(wc.word, wc.count)
	}
}
