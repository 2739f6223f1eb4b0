package interp

import (
	"strings"
	"testing"
)

// FuzzSplitCell checks that the splitter and the go rewriter never panic,
// keep line numbers, and cut a cell into ordered, non-overlapping pieces
// that cover every non-blank statement.
func FuzzSplitCell(f *testing.F) {
	for _, seed := range []string{
		"x := 1\nx + 1",
		"type T struct{ A int }\nfunc (t T) M() int { return t.A }\nT{1}.M()",
		"import \"fmt\"\nfunc f() {\n\tgo fmt.Println(1)\n}\ngo func() {\n\tpanic(1)\n}()",
		"go f(a, b...); go g()\nfor i := range 3 { go func() {}() }",
		"defer f()",
		"x := `raw\nstring`; y := (1 +\n2)",
		"func (",
		"}}}",
		"var (\n\ta = 1\n\tb = 2\n)\nconst c = 3",
		"for i := 0; i < 3; i++ {\n\tx, y := f()\n\tv, ok := m[k(\n\t\t1)]\n}",
		"if n, ok := e.(int); ok {\n\ta, b = b, g(a)\n}\nmin(2.5, x)",
		"v, _ := m[k]\nvar p, q = 1, []int{2}\nfor range s {\n\t_, z := 1, 2\n}",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, code string) {
		toks, err := scanCell(code)
		if err != nil {
			return
		}
		rewritten := rewriteGo(code, toks)
		if strings.Count(rewritten, "\n") != strings.Count(code, "\n") {
			t.Fatalf("rewriteGo changed the line count of %q: %q", code, rewritten)
		}
		pieces, err := splitCell(rewritten)
		if err != nil {
			return
		}
		// The rewrites change columns only, never lines, and do not panic.
		env := &rewriteEnv{funcs: map[string]string{}, shadowed: map[string]bool{}, packages: map[string]bool{"fmt": true}}
		for _, p := range pieces {
			if p.kind != pieceStmt && p.kind != pieceFunc && p.kind != pieceDecl {
				continue
			}
			if out, err := rewriteAssigns(p, env); err == nil && strings.Count(out, "\n") != strings.Count(p.text, "\n") {
				t.Fatalf("rewriteAssigns changed the line count of %q: %q", p.text, out)
			}
			if p.kind == pieceStmt {
				if out, err := rewriteStmts(p.text, p.line, p.col, 1, nil, map[string]bool{}); err == nil && strings.Count(out.text, "\n") != strings.Count(p.text, "\n") {
					t.Fatalf("rewriteStmts changed the line count of %q: %q", p.text, out.text)
				}
			}
		}
		last := 0
		for _, p := range pieces {
			if p.start < last || p.end < p.start || p.end > len(rewritten) {
				t.Fatalf("pieces of %q out of order: %+v", rewritten, pieces)
			}
			if l, c := lineCol(rewritten, p.start); l != p.line || c != p.col {
				t.Fatalf("piece position %d:%d, want %d:%d", p.line, p.col, l, c)
			}
			last = p.end
		}
	})
}
