// Matrices as slices of slices: multiply, transpose, identity and determinant.
package main

import (
	"fmt"
	"strings"
)

type Matrix [][]float64

func New(rows, cols int) Matrix {
	m := make(Matrix, rows)
	for i := range m {
		m[i] = make([]float64, cols)
	}
	return m
}

func Identity(n int) Matrix {
	m := New(n, n)
	for i := range n {
		m[i][i] = 1
	}
	return m
}

func (a Matrix) Mul(b Matrix) Matrix {
	out := New(len(a), len(b[0]))
	for i := range a {
		for j := range b[0] {
			for k := range b {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

func (a Matrix) T() Matrix {
	out := New(len(a[0]), len(a))
	for i, row := range a {
		for j, v := range row {
			out[j][i] = v
		}
	}
	return out
}

func (a Matrix) Det() float64 {
	if len(a) == 1 {
		return a[0][0]
	}
	det := 0.0
	for c := range a {
		sub := New(len(a)-1, len(a)-1)
		for i := 1; i < len(a); i++ {
			k := 0
			for j := range a {
				if j != c {
					sub[i-1][k] = a[i][j]
					k++
				}
			}
		}
		sign := 1.0
		if c%2 == 1 {
			sign = -1
		}
		det += sign * a[0][c] * sub.Det()
	}
	return det
}

func (a Matrix) String() string {
	var b strings.Builder
	for _, row := range a {
		for j, v := range row {
			if j > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%6.2f", v)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func main() {
	a := Matrix{{1, 2, 3}, {4, 5, 6}}
	b := Matrix{{7, 8}, {9, 10}, {11, 12}}
	fmt.Print(a.Mul(b))
	fmt.Print(a.T())
	fmt.Println(Identity(3).Mul(Matrix{{1}, {2}, {3}}).T())
	fmt.Println(Matrix{{2, 0, 1}, {1, 3, 2}, {1, 1, 1}}.Det())
}
