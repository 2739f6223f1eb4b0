package interp

import "testing"

// TestTopLevelForms runs, in one session, the statement forms that yaegi
// mishandles at the top level of a cell (rewrite.go): each works as in a
// Go function, or is refused with a message that says what to do.
func TestTopLevelForms(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"setup", "func f() (int, int) { return 1, 2 }\nm := map[string]int{\"a\": 1, \"b\": 2}\nvar e any = 3\nch := make(chan int, 5)", cellOut{}},
		{"x, y := f() in a for body", "for i := 0; i < 2; i++ {\n\tx, y := f()\n\tfmt.Println(x, y, i)\n}", cellOut{stdout: "1 2 0\n1 2 1\n"}},
		{"in a range body", "for range 2 {\n\tx, y := f()\n\tfmt.Print(x+y, \" \")\n}", cellOut{stdout: "3 3 "}},
		{"in an if body", "if len(m) > 0 {\n\tx, y := f()\n\tfmt.Println(x - y)\n}", cellOut{stdout: "-1\n"}},
		{"in a block", "{\n\tx, y := f()\n\tfmt.Println(x * y)\n}", cellOut{stdout: "2\n"}},
		{"in a switch case", "switch {\ncase len(m) == 2:\n\tx, y := f()\n\tfmt.Println(\"case\", x, y)\n}", cellOut{stdout: "case 1 2\n"}},
		{"var a, b = f() in a loop", "for range 1 {\n\tvar a, b = f()\n\tfmt.Println(a, b)\n}", cellOut{stdout: "1 2\n"}},
		{"map lookup in a loop", "for _, k := range []string{\"a\", \"z\"} {\n\tv, ok := m[k]\n\tfmt.Println(k, v, ok)\n}", cellOut{stdout: "a 1 true\nz 0 false\n"}},
		{"type assertion in a loop", "for _, x := range []any{1, \"s\"} {\n\tn, ok := x.(int)\n\tfmt.Println(n, ok)\n}", cellOut{stdout: "1 true\n0 false\n"}},
		{"receive in a block", "ch <- 7\n{\n\tr, ok := <-ch\n\tfmt.Println(r, ok)\n}", cellOut{stdout: "7 true\n"}},
		{"receive in a select case", "ch <- 8\nselect {\ncase r, ok := <-ch:\n\tfmt.Println(\"got\", r, ok)\n}", cellOut{stdout: "got 8 true\n"}},
		{"a missed lookup gives the zero value in a function's loop", "func values(keys ...string) []int {\n\tvar out []int\n\tfor _, k := range keys {\n\t\tv, _ := m[k]\n\t\tout = append(out, v)\n\t}\n\treturn out\n}\nvalues(\"a\", \"z\", \"b\", \"y\")", cellOut{result: "[1 0 2 0]"}},
		{"a failed assertion gives the zero value in a method's loop", "type Conv struct{}\nfunc (Conv) Ints(xs ...any) []int {\n\tvar out []int\n\tfor _, x := range xs {\n\t\tn, ok := x.(int)\n\t\t_ = ok\n\t\tout = append(out, n)\n\t}\n\treturn out\n}\nConv{}.Ints(4, \"s\", 5, 2.5)", cellOut{result: "[4 0 5 0]"}},
		{"a value of the type", "c1 := Conv{}", cellOut{}},
		{"the same cell again keeps the type's version", "type Conv struct{}\nfunc (Conv) Ints(xs ...any) []int {\n\tvar out []int\n\tfor _, x := range xs {\n\t\tn, ok := x.(int)\n\t\t_ = ok\n\t\tout = append(out, n)\n\t}\n\treturn out\n}\nc1 = Conv{}\nlen(c1.Ints(1, 2))", cellOut{result: "2"}},
		{"assignment from a missed lookup", "av := 9\nvar aok bool\nav, aok = m[\"zz\"]\nfmt.Println(av, aok)", cellOut{stdout: "0 false\n"}},
		{"assignment from a failed assertion", "as := \"old\"\nas, aok = e.(string)\nfmt.Printf(\"%q %v\\n\", as, aok)", cellOut{stdout: "\"\" false\n"}},
		{"parallel assignment with a call", "lo, hi := 9, 9\nxs := []int{1, 2, 3}\nlo, hi = 0, len(xs)\nfmt.Println(lo, hi)", cellOut{stdout: "0 3\n"}},
		{"parallel assignment with a call in a function", "func bounds(xs []int) (int, int) {\n\tlo, hi := -1, -1\n\tlo, hi = len(xs)-1, 0\n\treturn lo, hi\n}\nfmt.Println(bounds(xs))", cellOut{stdout: "2 0\n"}},
		{"parallel assignment of two calls reads the old values", "sw1, sw2 := 1, 2\nid := func(x int) int { return x }\nsw1, sw2 = id(sw2), id(sw1)\nfmt.Println(sw1, sw2)", cellOut{stdout: "2 1\n"}},
		{"parallel declaration with a composite literal", "func lits() {\n\tn, ys := 1, []int{2}\n\tvar p, q = 3, []int{4}\n\tfmt.Println(n, ys, p, q)\n}\nlits()", cellOut{stdout: "1 [2] 3 [4]\n"}},
		{"parallel declaration with a receive", "ch <- 3\nu1, u2 := 1, <-ch\nfmt.Println(u1, u2)", cellOut{stdout: "1 3\n"}},
		{"parallel assignment with a receive", "ch <- 3\nu1, u2 = 5, <-ch\nfmt.Println(u1, u2)", cellOut{stdout: "5 3\n"}},
		{"a blank in a declaration in a loop", "for _, k := range []string{\"a\"} {\n\ta, _ := k+\"b\", true\n\t_, z := 1, k+\"c\"\n\tfmt.Println(a, z)\n}", cellOut{stdout: "ab ac\n"}},
		{"globals for the shadowing rows", "q := 10\nstr := \"s\"", cellOut{}},
		{"a := in a loop body does not touch the global of that name", "for i := range 2 {\n\tq := i * 100\n\t_ = q\n}\nq", cellOut{result: "10"}},
		{"nor in an if body, a switch case or a block", "if true {\n\tq := 7\n\t_ = q\n}\nswitch {\ncase true:\n\tq := 8\n\t_ = q\n}\n{\n\tstr := 3\n\t_ = str\n}\nfmt.Println(q, str)", cellOut{stdout: "10 s\n"}},
		{"nor var in a loop", "for _, v := range []int{1} {\n\tvar q = v\n\t_ = q\n}\nq", cellOut{result: "10"}},
		{"nor a for clause's variable", "for str := 0; str < 2; str++ {\n}\nstr", cellOut{result: "s"}},
		{"map lookup in an if header", "if v, ok := m[\"b\"]; ok {\n\tfmt.Println(\"found\", v)\n}", cellOut{stdout: "found 2\n"}},
		{"type switch with a binding", "switch v := e.(type) {\ncase int:\n\tfmt.Println(\"int\", v+1)\n}", cellOut{stdout: "int 4\n"}},
		{"a closure in a loop", "for range 1 {\n\tg := func() (int, int) { return f() }\n\tx, y := g()\n\tfmt.Println(x, y)\n}", cellOut{stdout: "1 2\n"}},
		{"globals assigned in a rewritten loop", "total := 0\nfor _, k := range []string{\"a\", \"b\", \"c\"} {\n\tif v, ok := m[k]; ok {\n\t\ttotal += v\n\t}\n}\ntotal", cellOut{result: "3"}},
		{"a rewritten loop as the last statement shows nothing", "for range 1 {\n\t_, _ = f()\n\tq, r := f()\n\t_, _ = q, r\n}", cellOut{}},
		{"top-level map lookup", "v, ok := m[\"a\"]\nw, ok := m[\"zz\"]\nfmt.Println(v, w, ok)", cellOut{stdout: "1 0 false\n"}},
		{"variables of a top-level lookup persist", "v + w", cellOut{result: "1"}},
		{"top-level lookup with a call in the key is evaluated once", "calls := 0\nkey := func() string { calls++; return \"b\" }\nkv, kok := m[key()]\nfmt.Println(kv, kok, calls)", cellOut{stdout: "2 true 1\n"}},
		{"in a function, the same", "func look(k string) (int, bool) {\n\tcalls = 0\n\tv, ok := m[key()+k]\n\treturn v, ok && calls == 1\n}\nfmt.Println(look(\"\"))\nfmt.Println(look(\"x\"))", cellOut{stdout: "2 true\n0 false\n"}},
		{"in an if header, the key is evaluated twice", "calls = 0\nif v, ok := m[key()]; ok {\n\tfmt.Println(v, calls)\n}", cellOut{stdout: "2 2\n"}},
		{"top-level lookup written on two lines", "lv, lok := m[\n\t\"a\"]\nbad := lv + lok", cellOut{err: "compile error: invalid operation: mismatched types int and bool", where: "line 3"}},
		{"top-level var from a lookup", "var mv, mok = m[\"b\"]\nfmt.Println(mv, mok)", cellOut{stdout: "2 true\n"}},
		{"top-level type assertion", "n, isInt := e.(int)\nstr, isStr := e.(string)\nfmt.Println(n, isInt, str == \"\", isStr)", cellOut{stdout: "3 true true false\n"}},
		{"top-level var from a type assertion", "var n2, ok2 = e.(int)\nn2 + 1", cellOut{result: "4"}},
		{"top-level x, y := f() still works", "p, q := f()\np + q", cellOut{result: "3"}},
		{"top-level receive with ok", "ch <- 1\nr, rok := <-ch\nfmt.Println(r, rok)", cellOut{stdout: "1 true\n"}},
		{"declaring first, a receive works", "var r int\nvar rok bool\nch <- 5\nr, rok = <-ch\nfmt.Println(r, rok)", cellOut{stdout: "5 true\n"}},
		{"a generic function", "func pair[T any](a, b T) (T, T) { return a, b }", cellOut{}},
		{"generic function with two results", "g1, g2 := pair(1, 2)\ng1 + g2", cellOut{result: "3"}},
		{"with its type argument written, in a var", "var v1, v2 = pair[string](\"a\", \"b\")\nv1 + v2", cellOut{result: "ab"}},
		{"in a var with its type", "var f1, f2 float64 = pair(2.5, 1)\nf1 + f2", cellOut{result: "3.5"}},
		{"generic function assigned to declared variables", "var g3, g4 int\ng3, g4 = pair(3, 4)\ng3 + g4", cellOut{result: "7"}},
		{"generic function in a block", "{\n\ta, b := pair(\"x\", \"y\")\n\tfmt.Println(a + b)\n}", cellOut{stdout: "xy\n"}},
		{"return with a value refused", "fmt.Println(1)\nif len(m) > 0 {\n\treturn 1\n}", cellOut{err: "syntax error: too many return values: the top level of a cell is the body of main, which returns nothing", where: "line 3"}},
		{"defer in a loop runs at the end of the cell", "for i := range 2 {\n\tdefer fmt.Println(i)\n}\nfmt.Println(\"end\")", cellOut{stdout: "end\n1\n0\n"}},
		{"return and defer in a function literal are fine", "func() {\n\tdefer fmt.Println(\"deferred\")\n\treturn\n}()", cellOut{stdout: "deferred\n"}},
		{"for clause as the last statement", "for i := 0; i < 2; i++ {\n\tfmt.Print(i)\n}", cellOut{stdout: "01"}},
		{"if header with a composite literal", "if xs := []int{1, 2}; len(xs) > 1 {\n\tfmt.Println(xs)\n}", cellOut{stdout: "[1 2]\n"}},
		{"labeled loop with a for clause", "outer:\nfor i := 0; i < 3; i++ {\n\tfor j := 0; j < 3; j++ {\n\t\tif j == 1 {\n\t\t\tcontinue outer\n\t\t}\n\t\tfmt.Print(i, j, \" \")\n\t}\n}", cellOut{stdout: "0 0 1 0 2 0 "}},
		{"panic in a rewritten statement names the line", "for range 1 {\n\tx, y := f()\n\tpanic(fmt.Sprint(x, y))\n}", cellOut{err: "panic: 1 2", where: ", line 1\n    for range 1 {"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}
