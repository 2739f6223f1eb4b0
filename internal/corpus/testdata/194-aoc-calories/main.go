// An Advent of Code style puzzle: groups of numbers separated by blank lines, the largest sums.
package main

import (
	"bufio"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

const input = `1000
2000
3000

4000

5000
6000

7000
8000
9000

10000
`

func parse(s string) ([]int, error) {
	var totals []int
	cur := 0
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			totals = append(totals, cur)
			cur = 0
			continue
		}
		n, err := strconv.Atoi(line)
		if err != nil {
			return nil, fmt.Errorf("bad line %q: %w", line, err)
		}
		cur += n
	}
	totals = append(totals, cur)
	return totals, sc.Err()
}

func main() {
	totals, err := parse(input)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("elves:", len(totals), totals)
	fmt.Println("part 1:", slices.Max(totals))

	sorted := slices.Clone(totals)
	slices.Sort(sorted)
	slices.Reverse(sorted)
	sum := 0
	for _, t := range sorted[:3] {
		sum += t
	}
	fmt.Println("part 2:", sum)

	_, err = parse("12\nx3\n")
	fmt.Println(err)
}
