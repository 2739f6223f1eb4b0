// Graphs as adjacency maps: breadth-first shortest paths, depth-first order and a topological sort.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Graph map[string][]string

func (g Graph) AddEdge(from, to string) {
	g[from] = append(g[from], to)
	if _, ok := g[to]; !ok {
		g[to] = nil
	}
}

func (g Graph) ShortestPath(from, to string) []string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n == to {
			var path []string
			for at := to; at != ""; at = prev[at] {
				path = append([]string{at}, path...)
			}
			return path
		}
		for _, m := range g[n] {
			if _, seen := prev[m]; !seen {
				prev[m] = n
				queue = append(queue, m)
			}
		}
	}
	return nil
}

func (g Graph) TopoSort() ([]string, error) {
	state := map[string]int{}
	var order []string
	var visit func(n string) error
	visit = func(n string) error {
		switch state[n] {
		case 1:
			return fmt.Errorf("cycle at %s", n)
		case 2:
			return nil
		}
		state[n] = 1
		for _, m := range g[n] {
			if err := visit(m); err != nil {
				return err
			}
		}
		state[n] = 2
		order = append([]string{n}, order...)
		return nil
	}
	nodes := make([]string, 0, len(g))
	for n := range g {
		nodes = append(nodes, n)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(nodes)))
	for _, n := range nodes {
		if err := visit(n); err != nil {
			return nil, err
		}
	}
	return order, nil
}

func main() {
	g := Graph{}
	for _, e := range []string{"shirt>tie", "tie>jacket", "pants>shoes", "pants>belt", "belt>jacket", "shirt>belt", "socks>shoes"} {
		from, to, _ := strings.Cut(e, ">")
		g.AddEdge(from, to)
	}
	fmt.Println(g.ShortestPath("shirt", "jacket"))
	fmt.Println(g.ShortestPath("socks", "jacket"))
	order, err := g.TopoSort()
	fmt.Println(order, err)
	g.AddEdge("jacket", "shirt")
	_, err = g.TopoSort()
	fmt.Println(err)
}
