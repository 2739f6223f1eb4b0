package interp

import "testing"

// TestTopLevelAssignForms runs, in one session, every form of short
// variable declaration and assignment that Go accepts, at the top level
// of a cell, where yaegi declares global variables (rewrite.go).
func TestTopLevelAssignForms(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"setup", "m := map[string]int{\"k\": 1}\nch := make(chan int, 8)\nvar e any = 3\nfunc f() (int, error) { return 4, nil }\nxs := []int{1, 2, 3}", cellOut{}},
		{"_, ok := m[k]", "_, ok := m[\"k\"]\n_, missing := m[\"z\"]\nfmt.Println(ok, missing)", cellOut{stdout: "true false\n"}},
		{"v, ok := m[k]", "v, found := m[\"z\"]\nfmt.Println(v, found)", cellOut{stdout: "0 false\n"}},
		{"_, ok = m[k]", "_, ok = m[\"z\"]\nok", cellOut{result: "false"}},
		{"v, ok := <-ch", "ch <- 5\nr, rok := <-ch\nfmt.Println(r, rok)", cellOut{stdout: "5 true\n"}},
		{"v, ok = <-ch on a closed channel", "c2 := make(chan string, 1)\nc2 <- \"last\"\nclose(c2)\nsv, sok := <-c2\ntv, tok := <-c2\nfmt.Printf(\"%q %v %q %v\\n\", sv, sok, tv, tok)", cellOut{stdout: "\"last\" true \"\" false\n"}},
		{"var v, ok = <-ch", "ch <- 6\nvar vv, vok = <-ch\nfmt.Println(vv, vok)", cellOut{stdout: "6 true\n"}},
		{"_, ok := <-ch and v, _ := <-ch", "ch <- 7\nch <- 8\n_, got := <-ch\nw, _ := <-ch\nfmt.Println(got, w)", cellOut{stdout: "true 8\n"}},
		{"a receive from a receive-only channel of a cell type", "type Msg struct{ Text string }\nmc := make(chan Msg, 1)\nvar ro <-chan Msg = mc\nmc <- Msg{\"hi\"}\nmsg, mok := <-ro\nfmt.Println(msg.Text, mok)", cellOut{stdout: "hi true\n"}},
		{"a, b = x, <-ch", "ch <- 9\na, b := 0, 0\na, b = 1, <-ch\nfmt.Println(a, b)", cellOut{stdout: "1 9\n"}},
		{"a, b := <-ch, x", "ch <- 10\nc, d := <-ch, 2\nfmt.Println(c, d)", cellOut{stdout: "10 2\n"}},
		{"v, ok := x.(T)", "n, isInt := e.(int)\nstr, isStr := e.(string)\nfmt.Printf(\"%d %v %q %v\\n\", n, isInt, str, isStr)", cellOut{stdout: "3 true \"\" false\n"}},
		{"_, ok := x.(T)", "_, isF := e.(float64)\nisF", cellOut{result: "false"}},
		{"_ = x", "_ = xs\n_ = f", cellOut{}},
		{"x, _ := f()", "x, _ := f()\nx", cellOut{result: "4"}},
		{"_, err := f()", "_, err := f()\nerr == nil", cellOut{result: "true"}},
		{"redeclaration with one new variable", "x, y := 1, 2\nx, z := 3, 4\nfmt.Println(x, y, z)", cellOut{stdout: "3 2 4\n"}},
		{"op-assign", "x += 5\nx <<= 1\nx %= 7\nx", cellOut{result: "2"}},
		{"increment and decrement", "x++\nx++\nx--\nx", cellOut{result: "3"}},
		{"swap of elements", "i, j := 0, 2\nxs[i], xs[j] = xs[j], xs[i]\nxs", cellOut{result: "[3 2 1]"}},
		{"swap of variables", "s1, s2 := \"a\", \"b\"\ns1, s2 = s2, s1\ns1 + s2", cellOut{result: "ba"}},
		{"var with several names and a type", "var u, w int = 1, 2\nvar _ = xs\nu + w", cellOut{result: "3"}},
		{"var from a call of several results", "var p, q = f()\nfmt.Println(p, q)", cellOut{stdout: "4 <nil>\n"}},
		{"assignment to a map entry and a field", "type Pt struct{ X, Y int }\npt := Pt{}\npt.X, m[\"n\"] = 7, 8\nfmt.Println(pt.X, m[\"n\"])", cellOut{stdout: "7 8\n"}},
		{"assignment through a pointer", "pp := &pt\npp.Y = 9\n*pp = Pt{pp.X, pp.Y + 1}\npt", cellOut{result: "{7 10}"}},
		{"parallel assignment from calls", "lo, hi := 0, 0\nlo, hi = len(xs), cap(xs)\nfmt.Println(lo, hi)", cellOut{stdout: "3 3\n"}},
		{"ok declared again by a receive in the same cell", "c3 := make(chan int, 1)\nc3 <- 1\nclose(c3)\n_, ok3 := m[\"k\"]\nr3, ok3 := <-c3\ns3, ok3 := <-c3\nfmt.Println(ok3, r3, s3)", cellOut{stdout: "false 1 0\n"}},
		{"several results of a method of a value made in the same cell", "type Box struct{ m map[string]int }\nfunc NewBox() *Box { return &Box{map[string]int{\"a\": 1}} }\nfunc (b *Box) Get(k string) (int, bool) {\n\tv, ok := b.m[k]\n\treturn v, ok\n}\nbox := NewBox()\n_, okZ := box.Get(\"z\")\nva, okA := box.Get(\"a\")\nfmt.Println(okZ, va, okA)", cellOut{stdout: "false 1 true\n"}},
		{"two receives", "ch <- 11\nch <- 12\nr1, r2 := <-ch, <-ch\nfmt.Println(r1, r2)", cellOut{stdout: "11 12\n"}},
		{"a swap of sums in a loop", "fa, fb := 0, 1\nfor range 5 {\n\tfa, fb = fb, fa+fb\n}\nfmt.Println(fa, fb)", cellOut{stdout: "5 8\n"}},
		{"comma-ok into an element, a field and through a pointer", "el := []int{0}\nvar got bool\nel[0], got = m[\"k\"]\nvar cell struct{ V int }\ncell.V, got = m[\"none\"]\nip := new(int)\n*ip, got = m[\"k\"]\nfmt.Println(el, cell.V, *ip, got)", cellOut{stdout: "[1] 0 1 true\n"}},
		{"three results with blanks", "func three() (int, string, error) { return 1, \"one\", nil }\nt1, t2, t3 := three()\n_, t4, _ := three()\nfmt.Println(t1, t2, t3, t4)", cellOut{stdout: "1 one <nil> one\n"}},
		{"err declared again with a new variable", "import \"strconv\"\nnum, err := strconv.Atoi(\"12\")\nbad, err := strconv.Atoi(\"x\")\nfmt.Println(num, bad, err != nil)", cellOut{stdout: "12 0 true\n"}},
		{"++, -- and op-assign of map entries, fields and elements", "counts := map[string]int{\"a\": 1}\ncounts[\"a\"]++\ncounts[\"b\"] += 5\ncounts[\"a\"]--\ntype Acc struct{ N int }\nacc := &Acc{}\nacc.N++\nacc.N *= 10\narr := [2]int{1, 2}\narr[1] <<= 3\nfmt.Println(counts, acc.N, arr)", cellOut{stdout: "map[a:1 b:5] 10 [1 16]\n"}},
		{"the variables persist", "fmt.Println(r, rok, n, isInt, x, y, z)", cellOut{stdout: "5 true 3 true 3 2 4\n"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}
