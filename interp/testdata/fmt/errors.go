package main

import "fmt"

type VErr struct{ code int }

func (e VErr) Error() string { return fmt.Sprint("code ", e.code) }

func main() {
	var verr error = VErr{4}
	fmt.Println(verr, VErr{5})
	var e2 error
	e2 = VErr{6}
	fmt.Println(e2)
	fmt.Printf("%v %s %+v\n", e2, []error{verr, e2}, struct{ Err error }{e2})
}
