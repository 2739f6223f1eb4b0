// Dijkstra's shortest paths with container/heap over a small weighted graph, printing paths.
package main

import (
	"container/heap"
	"fmt"
	"math"
	"strings"
)

type Edge struct {
	to     string
	weight int
}

type Item struct {
	node  string
	dist  int
	index int
}

type PQ []*Item

func (pq PQ) Len() int { return len(pq) }
func (pq PQ) Less(i, j int) bool {
	if pq[i].dist == pq[j].dist {
		return pq[i].node < pq[j].node
	}
	return pq[i].dist < pq[j].dist
}
func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PQ) Push(x any) {
	item := x.(*Item)
	item.index = len(*pq)
	*pq = append(*pq, item)
}
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	item := old[n-1]
	old[n-1] = nil
	*pq = old[:n-1]
	return item
}

func dijkstra(graph map[string][]Edge, src string) (map[string]int, map[string]string) {
	dist := map[string]int{}
	prev := map[string]string{}
	for n := range graph {
		dist[n] = math.MaxInt
	}
	dist[src] = 0
	pq := &PQ{}
	heap.Init(pq)
	heap.Push(pq, &Item{node: src, dist: 0})
	for pq.Len() > 0 {
		it := heap.Pop(pq).(*Item)
		if it.dist > dist[it.node] {
			continue
		}
		for _, e := range graph[it.node] {
			nd := it.dist + e.weight
			if nd < dist[e.to] {
				dist[e.to] = nd
				prev[e.to] = it.node
				heap.Push(pq, &Item{node: e.to, dist: nd})
			}
		}
	}
	return dist, prev
}

func path(prev map[string]string, to string) string {
	var p []string
	for n := to; n != ""; n = prev[n] {
		p = append([]string{n}, p...)
	}
	return strings.Join(p, " -> ")
}

func main() {
	graph := map[string][]Edge{
		"A": {{"B", 4}, {"C", 2}},
		"B": {{"C", 5}, {"D", 10}},
		"C": {{"E", 3}},
		"D": {{"F", 11}},
		"E": {{"D", 4}},
		"F": {},
		"G": {},
	}
	dist, prev := dijkstra(graph, "A")
	for _, n := range []string{"A", "B", "C", "D", "E", "F", "G"} {
		if dist[n] == math.MaxInt {
			fmt.Printf("%s: unreachable\n", n)
			continue
		}
		fmt.Printf("%s: %2d via %s\n", n, dist[n], path(prev, n))
	}
}
