// A calculator that dispatches on a map of functions and reads tokens from a string.
package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

type binop func(a, b float64) (float64, error)

var ops = map[string]binop{
	"+": func(a, b float64) (float64, error) { return a + b, nil },
	"-": func(a, b float64) (float64, error) { return a - b, nil },
	"*": func(a, b float64) (float64, error) { return a * b, nil },
	"/": func(a, b float64) (float64, error) {
		if b == 0 {
			return 0, errors.New("division by zero")
		}
		return a / b, nil
	},
}

// evalRPN evaluates an expression in reverse Polish notation.
func evalRPN(expr string) (float64, error) {
	var stack []float64
	for _, tok := range strings.Fields(expr) {
		if op, ok := ops[tok]; ok {
			if len(stack) < 2 {
				return 0, fmt.Errorf("%q: not enough operands", tok)
			}
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-2]
			v, err := op(a, b)
			if err != nil {
				return 0, err
			}
			stack = append(stack, v)
			continue
		}
		n, err := strconv.ParseFloat(tok, 64)
		if err != nil {
			return 0, fmt.Errorf("bad token %q", tok)
		}
		stack = append(stack, n)
	}
	if len(stack) != 1 {
		return 0, fmt.Errorf("%d values left", len(stack))
	}
	return stack[0], nil
}

func main() {
	for _, e := range []string{"3 4 +", "5 1 2 + 4 * + 3 -", "2 0 /", "1 +", "1 2", "7 x *"} {
		v, err := evalRPN(e)
		if err != nil {
			fmt.Printf("%-20s error: %v\n", e, err)
			continue
		}
		fmt.Printf("%-20s = %g\n", e, v)
	}
}
