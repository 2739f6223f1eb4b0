// Errors: sentinel errors, custom error types, wrapping with %w, errors.Is and errors.As.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

var ErrNotFound = errors.New("not found")

type ValidationError struct {
	Field string
	Value int
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("invalid %s: %d", e.Field, e.Value)
}

func find(id int) (string, error) {
	if id != 1 {
		return "", fmt.Errorf("find %d: %w", id, ErrNotFound)
	}
	return "alice", nil
}

func validate(age int) error {
	if age < 0 {
		return fmt.Errorf("validate: %w", &ValidationError{"age", age})
	}
	return nil
}

func main() {
	for _, id := range []int{1, 2} {
		if name, err := find(id); err != nil {
			fmt.Println("error:", err)
			fmt.Println("is not found:", errors.Is(err, ErrNotFound))
		} else {
			fmt.Println("found", name)
		}
	}

	err := validate(-5)
	fmt.Println(err)
	var ve *ValidationError
	if errors.As(err, &ve) {
		fmt.Println("field:", ve.Field, "value:", ve.Value)
	}
	fmt.Println(errors.Unwrap(err) == error(ve))
	fmt.Println(validate(3) == nil)

	_, err = os.Open("/definitely/not/here.txt")
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		fmt.Println("op:", pe.Op, "path:", pe.Path)
	}
}
