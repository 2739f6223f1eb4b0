// errors.AsType (Go 1.26): finding an error of a given type without a target variable.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type TimeoutError struct{ Op string }

func (e *TimeoutError) Error() string { return e.Op + ": timeout" }

func fetch(name string) error {
	if name == "slow" {
		return fmt.Errorf("fetch %s: %w", name, &TimeoutError{"dial"})
	}
	_, err := os.Open("/no/such/" + name)
	return err
}

func main() {
	for _, n := range []string{"slow", "missing"} {
		err := fetch(n)
		if te, ok := errors.AsType[*TimeoutError](err); ok {
			fmt.Println("timeout in", te.Op)
		} else if pe, ok := errors.AsType[*fs.PathError](err); ok {
			fmt.Println("path error:", pe.Op, pe.Path)
		}
	}
}
