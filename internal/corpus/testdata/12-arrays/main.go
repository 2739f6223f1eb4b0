// Arrays: fixed size values, copies, comparison and two dimensions.
package main

import "fmt"

func main() {
	var a [5]int
	fmt.Println("empty:", a, len(a))
	a[4] = 100
	fmt.Println("set:", a, a[4])

	b := [5]int{1, 2, 3, 4, 5}
	c := [...]string{2: "c", 0: "a"}
	fmt.Println(b, len(c), c)
	fmt.Printf("%q\n", c)

	d := b
	d[0] = 99
	fmt.Println(b[0], d[0], b == d, b == [5]int{1, 2, 3, 4, 5})

	var grid [3][4]int
	for i := range 3 {
		for j := range 4 {
			grid[i][j] = i + j
		}
	}
	fmt.Println("grid:", grid)

	p := &b
	p[1] = 20
	fmt.Println(b, len(p))

	s := b[1:4]
	s[0] = -1
	fmt.Println(s, b)
}
