package main

import (
	"errors"
	"fmt"
)

type VErr struct{ code int }

func (e VErr) Error() string { return fmt.Sprint("code ", e.code) }

type PErr struct{ msg string }

func (e *PErr) Error() string { return e.msg }

func main() {
	var e error = VErr{4}
	var p error = &PErr{"p"}
	fmt.Printf("%v %T %d|%v %T %+v\n", e, e, e, p, p, p)
	w := fmt.Errorf("w: %w", p)
	fmt.Println(w, errors.Is(w, p), errors.Unwrap(w) == p)
}
