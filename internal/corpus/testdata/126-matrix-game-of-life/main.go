// Conway's Game of Life on a small torus, printed generation by generation.
package main

import (
	"fmt"
	"strings"
)

type Grid [][]bool

func NewGrid(rows ...string) Grid {
	g := make(Grid, len(rows))
	for i, r := range rows {
		g[i] = make([]bool, len(r))
		for j, c := range r {
			g[i][j] = c == '#'
		}
	}
	return g
}

func (g Grid) neighbours(i, j int) int {
	n := 0
	h, w := len(g), len(g[0])
	for di := -1; di <= 1; di++ {
		for dj := -1; dj <= 1; dj++ {
			if (di != 0 || dj != 0) && g[(i+di+h)%h][(j+dj+w)%w] {
				n++
			}
		}
	}
	return n
}

func (g Grid) Step() Grid {
	next := make(Grid, len(g))
	for i := range g {
		next[i] = make([]bool, len(g[i]))
		for j := range g[i] {
			n := g.neighbours(i, j)
			next[i][j] = n == 3 || (n == 2 && g[i][j])
		}
	}
	return next
}

func (g Grid) String() string {
	var b strings.Builder
	for _, row := range g {
		for _, alive := range row {
			if alive {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func main() {
	g := NewGrid(
		"......",
		"..#...",
		"...#..",
		".###..",
		"......",
		"......",
	)
	for gen := 0; gen < 4; gen++ {
		fmt.Printf("generation %d:\n%v", gen, g)
		g = g.Step()
	}
}
