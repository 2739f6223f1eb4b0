package interp

import "testing"

// Patch 0090: the instances of generic methods are cached by receiver type
// as well as by method name and type arguments.
func TestGenericMethodsOfTwoTypes(t *testing.T) {
	const decl = "type Stack[T any] struct{ items []T }\n" +
		"func (s *Stack[T]) Len() int { return len(s.items) }\n" +
		"func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }\n" +
		"type Set[T comparable] map[T]struct{}\n" +
		"func (s Set[T]) Len() int { return len(s) }\n" +
		"func (s Set[T]) Push(v T) { s[v] = struct{}{} }\n"
	runYaegiRows(t, []yaegiRow{
		{"same method name and type argument", decl + "var st Stack[string]\nst.Push(\"a\")\nst.Push(\"b\")\ns := Set[string]{}\ns.Push(\"a\")\nfmt.Println(st.Len(), s.Len())", cellOut{stdout: "2 1\n"}},
		{"set first", decl + "s := Set[int]{}\ns.Push(1)\nvar st Stack[int]\nfmt.Println(s.Len(), st.Len())", cellOut{stdout: "1 0\n"}},
		{"other type arguments", decl + "var st Stack[int]\nst.Push(1)\ns := Set[string]{}\nfmt.Println(st.Len(), s.Len())", cellOut{stdout: "1 0\n"}},
	})
}
