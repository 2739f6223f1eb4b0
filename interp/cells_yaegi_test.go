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
