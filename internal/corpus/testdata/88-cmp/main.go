// cmp: Compare, Less, Or, and sorting records by several keys.
package main

import (
	"cmp"
	"fmt"
	"slices"
)

type Player struct {
	Name  string
	Team  string
	Score int
}

func main() {
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(2.0, 2.0))
	fmt.Println(cmp.Less(1, 2), cmp.Or("", "default"), cmp.Or(0, 0, 3), cmp.Or[string]())

	players := []Player{
		{"ann", "red", 10}, {"bo", "blue", 12}, {"cy", "red", 12}, {"di", "blue", 10}, {"ed", "red", 10},
	}
	slices.SortFunc(players, func(a, b Player) int {
		return cmp.Or(
			cmp.Compare(a.Team, b.Team),
			-cmp.Compare(a.Score, b.Score),
			cmp.Compare(a.Name, b.Name),
		)
	})
	for _, p := range players {
		fmt.Printf("%-5s %-4s %d\n", p.Team, p.Name, p.Score)
	}
	best := slices.MaxFunc(players, func(a, b Player) int { return cmp.Compare(a.Score, b.Score) })
	fmt.Println("best:", best.Name)
	i, found := slices.BinarySearchFunc([]int{10, 20, 30}, 25, cmp.Compare[int])
	fmt.Println(i, found)
}
