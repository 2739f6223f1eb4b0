// Matrix operations on [][]float64: multiply, transpose, determinant, identity and a formatted print.
package main

import (
	"errors"
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
	for i := 0; i < n; i++ {
		m[i][i] = 1
	}
	return m
}

func (m Matrix) Mul(o Matrix) (Matrix, error) {
	if len(m[0]) != len(o) {
		return nil, errors.New("dimension mismatch")
	}
	r := New(len(m), len(o[0]))
	for i := range m {
		for j := range o[0] {
			for k := range o {
				r[i][j] += m[i][k] * o[k][j]
			}
		}
	}
	return r, nil
}

func (m Matrix) T() Matrix {
	r := New(len(m[0]), len(m))
	for i, row := range m {
		for j, v := range row {
			r[j][i] = v
		}
	}
	return r
}

func (m Matrix) Det() float64 {
	n := len(m)
	if n == 1 {
		return m[0][0]
	}
	if n == 2 {
		return m[0][0]*m[1][1] - m[0][1]*m[1][0]
	}
	det := 0.0
	sign := 1.0
	for c := 0; c < n; c++ {
		sub := New(n-1, n-1)
		for i := 1; i < n; i++ {
			k := 0
			for j := 0; j < n; j++ {
				if j == c {
					continue
				}
				sub[i-1][k] = m[i][j]
				k++
			}
		}
		det += sign * m[0][c] * sub.Det()
		sign = -sign
	}
	return det
}

func (m Matrix) String() string {
	var sb strings.Builder
	for _, row := range m {
		for j, v := range row {
			if j > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%6.2f", v)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func main() {
	a := Matrix{{1, 2, 3}, {4, 5, 6}}
	b := Matrix{{7, 8}, {9, 10}, {11, 12}}
	c, err := a.Mul(b)
	if err != nil {
		panic(err)
	}
	fmt.Print(c)
	fmt.Print(a.T())
	_, err = a.Mul(a)
	fmt.Println("a*a:", err)

	sq := Matrix{{2, -3, 1}, {2, 0, -1}, {1, 4, 5}}
	fmt.Println("det:", sq.Det())
	id, _ := sq.Mul(Identity(3))
	fmt.Println(id.String() == sq.String())
	fmt.Println(len(Identity(4)), Identity(2))
}
