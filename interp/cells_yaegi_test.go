package interp

import "testing"

// TestGenericInstancesAtTheTopLevel runs calls of generic functions, with
// their type arguments written or inferred, where yaegi types global
// variables (patch 0070: "not a generic type", "definition loop", "nil
// reflect type" or a nil pointer dereference before; a var of a new
// instance is rewritten, toplevel.go's genericVar, as yaegi gave it its
// zero value), and a generic type with
// two type parameters that refers to itself (patch 0071: the stack
// overflowed while making the type).
func TestGenericInstancesAtTheTopLevel(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"declarations", "type Box[T any] struct{ v T }\nfunc NewBox[T any](v T) *Box[T] { return &Box[T]{v} }\nfunc Pair[K comparable, V any](k K, v V) map[K]V { return map[K]V{k: v} }\ntype node[K comparable, V any] struct {\n\tkey K\n\tval V\n\tnext *node[K, V]\n}", cellOut{}},
		{"one type argument", "b := NewBox[int](3)\nb.v + 1", cellOut{result: "4"}},
		{"two type arguments", "p := Pair[string, int](\"a\", 1)\np", cellOut{result: "map[a:1]"}},
		{"in a var", "var q = Pair[string, float64](\"b\", 2.5)\nq[\"b\"]", cellOut{result: "2.5"}},
		{"type arguments inferred", "func Sum[T int | float64](xs ...T) T {\n\tvar t T\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\nsi := Sum(1, 2, 3)\nsf := Sum([]float64{1, 2.5}...)\nfmt.Println(si, sf)", cellOut{stdout: "6 3.5\n"}},
		{"inferred from a function literal", "func Map[T, U any](xs []T, f func(T) U) []U {\n\tvar out []U\n\tfor _, x := range xs {\n\t\tout = append(out, f(x))\n\t}\n\treturn out\n}\nms := Map([]int{1, 2}, func(i int) string { return fmt.Sprint(i * 10) })\nfmt.Printf(\"%q\\n\", ms)", cellOut{stdout: "[\"10\" \"20\"]\n"}},
		{"a var of a new instance, with and without its type", "var vi = Pair(1, \"a\")\nvar vt map[bool]int = Pair(true, 2)\nfmt.Println(vi, vt)", cellOut{stdout: "map[1:a] map[true:2]\n"}},
		{"the same instance again, inside a function", "func mk() map[string]int { return Pair[string, int](\"c\", 3) }\nfmt.Println(mk(), p)", cellOut{stdout: "map[c:3] map[a:1]\n"}},
		{"a self-referencing type with two parameters", "func first() string {\n\tn := node[string, int]{key: \"k\", val: 1}\n\treturn n.key\n}\nfirst()", cellOut{result: "k"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}

// TestIndexOfACompiledValueAtTheTopLevel indexes, where yaegi types global
// variables, values of compiled types: a []string from strings.Split, a
// [][]string from encoding/csv, a string, a pointer to an array (patch
// 0072: "definition loop" before, which the session showed as "invalid
// declaration").
func TestIndexOfACompiledValueAtTheTopLevel(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"a slice of an earlier cell", "parts := strings.Split(\"a,b,c\", \",\")", cellOut{}},
		{"its element", "first := parts[0]\nfirst", cellOut{result: "a"}},
		{"in the same cell, with a slice expression", "import \"encoding/csv\"\nrecords, err := csv.NewReader(strings.NewReader(\"h1,h2\\n1,2\\n\")).ReadAll()\nheader, rows := records[0], records[1:]\nfmt.Println(header, rows, err)", cellOut{stdout: "[h1 h2] [[1 2]] <nil>\n"}},
		{"a map's value", "env := map[string][]string{\"k\": {\"v\"}}\nkv := env[\"k\"]\nkv", cellOut{result: "[v]"}},
		{"a byte of a string", "word := strings.ToUpper(\"go\")\nb := word[1]\nb", cellOut{result: "79"}},
		{"an element through a pointer to an array", "arr := [2]int{3, 4}\npa := &arr\nv := pa[1]\nv", cellOut{result: "4"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}

// TestCannotInferAtTheTopLevel checks the compile error of a generic call
// whose type arguments cannot be inferred at the top level (patch 0074:
// "nil reflect type" or a nil pointer dereference before).
func TestCannotInferAtTheTopLevel(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "func Zero[T any]() T {\n\tvar z T\n\treturn z\n}\nfunc two[T any]() (T, T) {\n\tvar z T\n\treturn z, z\n}", cellOut{})
	check(t, s, "fmt.Println()\nz := Zero()", cellOut{err: "compile error: in call to Zero, cannot infer T", where: "line 2"})
	// Several results: yaegi's own message, at the declaration.
	check(t, s, "a, b := two()", cellOut{err: "compile error: undefined type for T"})
	check(t, s, "z := Zero[int]()\na, b := two[string]()\nfmt.Println(z, a+b+\".\")", cellOut{stdout: "0 .\n"})
}
