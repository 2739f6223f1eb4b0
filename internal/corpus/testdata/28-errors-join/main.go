// errors.Join collects several errors; Is and As look through all of them.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

var ErrEmpty = errors.New("empty input")

type RangeError struct{ N int }

func (e RangeError) Error() string { return "out of range: " + strconv.Itoa(e.N) }

func check(inputs []string) error {
	var errs []error
	for i, s := range inputs {
		if s == "" {
			errs = append(errs, fmt.Errorf("input %d: %w", i, ErrEmpty))
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			errs = append(errs, fmt.Errorf("input %d: %w", i, err))
			continue
		}
		if n > 100 {
			errs = append(errs, RangeError{n})
		}
	}
	return errors.Join(errs...)
}

func main() {
	err := check([]string{"1", "", "x", "500"})
	fmt.Println(err)
	fmt.Println("---")
	fmt.Println(errors.Is(err, ErrEmpty))
	fmt.Println(errors.Is(err, strconv.ErrSyntax))
	var re RangeError
	if errors.As(err, &re) {
		fmt.Println("range error", re.N)
	}
	fmt.Println(check([]string{"5"}) == nil)

	if u, ok := err.(interface{ Unwrap() []error }); ok {
		fmt.Println(len(u.Unwrap()), "errors")
	}
	wrapped := fmt.Errorf("two: %w and %w", ErrEmpty, RangeError{1})
	fmt.Println(wrapped, errors.Is(wrapped, ErrEmpty))
}
