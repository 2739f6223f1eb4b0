// An Advent of Code style puzzle: parse a drawing of crate stacks and "move N from A to B" lines with Sscanf.
package main

import (
	"fmt"
	"strings"
)

const input = `    [D]    
[N] [C]    
[Z] [M] [P]
 1   2   3 

move 1 from 2 to 1
move 3 from 1 to 3
move 2 from 2 to 1
move 1 from 1 to 2`

type move struct{ n, from, to int }

func parse(s string) ([][]byte, []move) {
	drawing, moves, _ := strings.Cut(s, "\n\n")
	lines := strings.Split(drawing, "\n")
	count := len(strings.Fields(lines[len(lines)-1]))
	stacks := make([][]byte, count)
	for i := len(lines) - 2; i >= 0; i-- {
		for k := 0; k < count; k++ {
			pos := 1 + 4*k
			if pos < len(lines[i]) && lines[i][pos] != ' ' {
				stacks[k] = append(stacks[k], lines[i][pos])
			}
		}
	}
	var ms []move
	for _, line := range strings.Split(moves, "\n") {
		var m move
		if _, err := fmt.Sscanf(line, "move %d from %d to %d", &m.n, &m.from, &m.to); err != nil {
			panic(err)
		}
		ms = append(ms, m)
	}
	return stacks, ms
}

func tops(stacks [][]byte) string {
	var sb strings.Builder
	for _, s := range stacks {
		if len(s) > 0 {
			sb.WriteByte(s[len(s)-1])
		}
	}
	return sb.String()
}

func run(stacks [][]byte, moves []move, keepOrder bool) string {
	st := make([][]byte, len(stacks))
	for i := range stacks {
		st[i] = append([]byte(nil), stacks[i]...)
	}
	for _, m := range moves {
		from, to := m.from-1, m.to-1
		cut := len(st[from]) - m.n
		crates := append([]byte(nil), st[from][cut:]...)
		st[from] = st[from][:cut]
		if !keepOrder {
			for i, j := 0, len(crates)-1; i < j; i, j = i+1, j-1 {
				crates[i], crates[j] = crates[j], crates[i]
			}
		}
		st[to] = append(st[to], crates...)
	}
	return tops(st)
}

func main() {
	stacks, moves := parse(input)
	for i, s := range stacks {
		fmt.Printf("stack %d: %s\n", i+1, s)
	}
	fmt.Println(len(moves), "moves, first", moves[0])
	fmt.Println("part 1:", run(stacks, moves, false))
	fmt.Println("part 2:", run(stacks, moves, true))
}
