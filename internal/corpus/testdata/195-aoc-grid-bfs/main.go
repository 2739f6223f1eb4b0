// An Advent of Code style puzzle: parse a grid, find S and E, shortest path by BFS, and count regions.
package main

import (
	"fmt"
	"strings"
)

const maze = `
#########
#S..#...#
#.#.#.#.#
#.#...#.#
#.#####.#
#...#..E#
#########`

type point struct{ r, c int }

var dirs = [4]point{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

func (p point) add(q point) point { return point{p.r + q.r, p.c + q.c} }

func bfs(grid []string, start, end point) (int, bool) {
	dist := map[point]int{start: 0}
	queue := []point{start}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == end {
			return dist[cur], true
		}
		for _, d := range dirs {
			n := cur.add(d)
			if n.r < 0 || n.r >= len(grid) || n.c < 0 || n.c >= len(grid[n.r]) {
				continue
			}
			if grid[n.r][n.c] == '#' {
				continue
			}
			if _, seen := dist[n]; seen {
				continue
			}
			dist[n] = dist[cur] + 1
			queue = append(queue, n)
		}
	}
	return 0, false
}

func main() {
	grid := strings.Split(strings.TrimSpace(maze), "\n")
	var start, end point
	for r, row := range grid {
		for c, ch := range row {
			switch ch {
			case 'S':
				start = point{r, c}
			case 'E':
				end = point{r, c}
			}
		}
	}
	fmt.Println("start", start, "end", end)
	steps, ok := bfs(grid, start, end)
	fmt.Println("steps:", steps, ok)

	open := 0
	for _, row := range grid {
		open += strings.Count(row, ".")
	}
	fmt.Printf("open cells: %d of %dx%d\n", open, len(grid), len(grid[0]))

	blocked := make([][]byte, len(grid))
	for i := range grid {
		blocked[i] = []byte(grid[i])
	}
	blocked[3][4] = '#'
	walls := make([]string, len(blocked))
	for i, b := range blocked {
		walls[i] = string(b)
	}
	_, ok = bfs(walls, start, end)
	fmt.Println("reachable with a wall at (3,4):", ok)
}
