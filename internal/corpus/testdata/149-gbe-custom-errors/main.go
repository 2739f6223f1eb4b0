// Go by Example: custom errors, a struct error type found with errors.As.
package main

import (
	"errors"
	"fmt"
)

type argError struct {
	arg     int
	message string
}

func (e *argError) Error() string {
	return fmt.Sprintf("%d - %s", e.arg, e.message)
}

func f(arg int) (int, error) {
	if arg == 42 {
		return -1, &argError{arg, "can't work with it"}
	}
	return arg + 3, nil
}

func main() {
	_, err := f(42)
	var ae *argError
	if errors.As(err, &ae) {
		fmt.Println(ae.arg)
		fmt.Println(ae.message)
	} else {
		fmt.Println("err doesn't match argError")
	}

	wrapped := fmt.Errorf("calling f: %w", err)
	fmt.Println(wrapped)
	var ae2 *argError
	fmt.Println(errors.As(wrapped, &ae2), ae2.arg)
}
