// The nil interface trap: an interface holding a nil pointer is not nil.
package main

import (
	"errors"
	"fmt"
)

type MyErr struct{ msg string }

func (e *MyErr) Error() string {
	if e == nil {
		return "nil *MyErr"
	}
	return e.msg
}

func mayFail(fail bool) error {
	var p *MyErr
	if fail {
		p = &MyErr{"failed"}
	}
	return p // never a nil error
}

func correct(fail bool) error {
	if fail {
		return &MyErr{"failed"}
	}
	return nil
}

type Shape interface{ Area() float64 }

type Square struct{ side float64 }

func (s *Square) Area() float64 {
	if s == nil {
		return 0
	}
	return s.side * s.side
}

func main() {
	err := mayFail(false)
	fmt.Println(err == nil, err)
	fmt.Println(correct(false) == nil, correct(true))

	var sq *Square
	var sh Shape = sq
	fmt.Println(sq == nil, sh == nil, sh.Area())
	fmt.Printf("%T %v\n", sh, sh)

	var e2 *MyErr
	fmt.Println(errors.As(correct(true), &e2), e2.msg)
	var any1 any
	var any2 any = (*int)(nil)
	fmt.Println(any1 == nil, any2 == nil)
}
