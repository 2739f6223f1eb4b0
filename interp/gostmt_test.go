package interp

import "testing"

// TestGoStatementsEvaluateAtOnce runs go statements of every shape: the
// function value and the arguments are evaluated at the go statement, as
// in Go, and only the call runs in the new goroutine (gostmt.go).
func TestGoStatementsEvaluateAtOnce(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"setup", "done := make(chan bool)", cellOut{}},
		{"types and functions", "type S struct{ n int }\nfunc (s *S) Add(x int) { s.n += x; done <- true }\nfunc (s S) Show(x int) { fmt.Println(\"show\", s.n, x); done <- true }\nfunc report(xs ...int) { fmt.Println(xs); done <- true }\nfunc fl(x float64) { fmt.Println(x); done <- true }", cellOut{}},
		{"arguments of a function", "x := 1\ngo report(x, x+1)\nx = 10\n<-done", cellOut{stdout: "[1 2]\n", result: "true"}},
		{"a channel handed on, as in the prime sieve", "func relay(in <-chan int, out chan<- int) { for v := range in { out <- v * 10 } ; close(out) }\nch := make(chan int, 1)\nout := make(chan int, 1)\ngo relay(ch, out)\nch2 := ch\nch = nil\nch2 <- 4\nclose(ch2)\nfor v := range out { fmt.Println(v) }", cellOut{stdout: "40\n"}},
		{"a variadic call", "xs := []int{3, 4}\ngo report(xs...)\nxs = nil\n<-done", cellOut{stdout: "[3 4]\n", result: "true"}},
		{"a pointer method of a variable", "var v S\ngo v.Add(x)\nx = 0\n<-done\nv.n", cellOut{result: "10", stdout: ""}},
		{"a value method", "go v.Show(2)\n<-done", cellOut{stdout: "show 10 2\n", result: "true"}},
		{"a method of a call's result: the call is made at the go statement", "made := 0\nnewS := func() *S { made++; return &S{n: 7 + made} }\ngo newS().Show(3)\nmade = 5\n<-done\nmade", cellOut{stdout: "show 8 3\n", result: "5"}},
		{"a function variable changed after the go statement", "f := func(i int) { fmt.Println(\"f\", i); done <- true }\ngo f(1)\nf = nil\n<-done", cellOut{stdout: "f 1\n", result: "true"}},
		{"an untyped constant keeps its type", "const half = 0.5\nconst (\n\tone, two = 1, 2\n)\ngo fl(one)\n<-done\ngo fl(half * two)\n<-done", cellOut{stdout: "1\n1\n", result: "true"}},
		{"a function literal's arguments", "for i := range 3 {\n\tgo func(i int) { done <- i < 3 }(i)\n}\nr1, r2, r3 := <-done, <-done, <-done\nr1 && r2 && r3", cellOut{result: "true"}},
		{"a builtin", "c := make(chan int)\ngo close(c)\n_, ok := <-c\nok", cellOut{result: "false"}},
		{"a package's function with a string that looks like a comment", "go fmt.Println(\"http://example.com\", x)\ntime.Sleep(50 * time.Millisecond)", cellOut{stdout: "http://example.com 0\n"}},
		{"arguments on several lines", "y := 5\ngo report(\n\ty,\n\ty*2,\n)\ny = 0\n<-done", cellOut{stdout: "[5 10]\n", result: "true"}},
		{"inside a function", "func spawn(n int) {\n\tgo report(n)\n\tn = -1\n}\nspawn(8)\n<-done", cellOut{stdout: "[8]\n", result: "true"}},
		{"a panic in the goroutine is the cell's error, at its line", "func boom(s string) { panic(s) }\ngo boom(\"in go\")\ntime.Sleep(50 * time.Millisecond)", cellOut{err: "panic: in go"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}
