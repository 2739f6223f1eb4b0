// Panic and recover: recovering, runtime errors as values, re-panicking.
package main

import (
	"errors"
	"fmt"
)

func mayPanic() {
	panic("a problem")
}

func safely(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	f()
	return nil
}

func divide(a, b int) int { return a / b }

func main() {
	fmt.Println(safely(mayPanic))
	fmt.Println(safely(func() { fmt.Println("fine") }))
	fmt.Println(safely(func() { divide(1, 0) }))
	fmt.Println(safely(func() {
		var s []int
		_ = s[3]
	}))
	fmt.Println(safely(func() {
		var m map[string]int
		m["a"] = 1
	}))
	fmt.Println(safely(func() { panic(errors.New("an error value")) }))

	err := safely(func() {
		defer func() {
			r := recover()
			fmt.Println("inner recovered", r)
			panic(fmt.Sprint("again: ", r))
		}()
		panic("first")
	})
	fmt.Println(err)

	var re interface{ RuntimeError() }
	func() {
		defer func() {
			r := recover()
			_, isRuntime := r.(interface{ RuntimeError() })
			fmt.Println("runtime error:", isRuntime, r)
		}()
		a := []int{1, 2, 3}
		i := 5
		fmt.Println(a[i])
	}()
	_ = re
	fmt.Println("after recovery")
}
