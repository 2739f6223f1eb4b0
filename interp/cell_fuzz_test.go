package interp

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/internal/corpus"
)

// FuzzSplitCell feeds cells to the splitter and the rewriters: the seeds
// are the cells that people make of the corpus's programs (imports, the
// other declarations, main's body) and a few hand-written shapes, so that
// every go test runs them all. The splitter and the rewriters (go
// statements, shadowed package variables, assignments, top-level
// statements) must never panic, must keep line numbers, must cut a cell
// into ordered pieces that cover every token, and a piece that parses
// must still parse after its rewrites.
func FuzzSplitCell(f *testing.F) {
	for _, seed := range []string{
		"x := 1\nx + 1",
		"type T struct{ A int }\nfunc (t T) M() int { return t.A }\nT{1}.M()",
		"import \"fmt\"\nfunc f() {\n\tgo fmt.Println(1)\n}\ngo func() {\n\tpanic(1)\n}()",
		"go f(a, b...); go g()\nfor i := range 3 { go func() {}() }",
		"defer f()\ndefer func() {\n\tif r := recover(); r != nil {\n\t\tfmt.Println(r)\n\t}\n}()\nfor i := range 3 {\n\tdefer fmt.Println(i)\n}\nif x {\n\treturn\n}",
		"x := `raw\nstring`; y := (1 +\n2)",
		"func (",
		"}}}",
		"A:",
		"var (\n\ta = 1\n\tb = 2\n)\nconst c = 3",
		"for i := 0; i < 3; i++ {\n\tx, y := f()\n\tv, ok := m[k(\n\t\t1)]\n}",
		"if n, ok := e.(int); ok {\n\ta, b = b, g(a)\n}\nmin(2.5, x)",
		"v, _ := m[k]\nvar p, q = 1, []int{2}\nfor range s {\n\t_, z := 1, 2\n}",
		"_, ok := m[\"k\"]\nv, ok := <-ch\nvar w, ok2 = <-ch\na, b = x, <-ch\n_, isInt := e.(int)",
		"go s.run(x)\ngo newS().Show(1)\ngo func(i int) {}(i)\ngo close(ch)\ngo report(\n\ty, // why\n\ty*2,\n)\ngo fmt.Println(\"http://x\", N)",
		"var x = 1\nfunc show() int { return x }\nfmt.Println(x)\nx := 2\nx, y := x+1, P{x: 3}\n{\n\tx := 4\n\t_ = x\n}",
		"var c = NewCache[string, int](2)\nvar p, q int = pair(1, 2)\nh, rows := records[0], records[1:]",
	} {
		f.Add(seed)
	}
	programs, _ := filepath.Glob(filepath.Join("..", "internal", "corpus", "testdata", "*", "main.go"))
	if len(programs) < 80 {
		f.Fatalf("%d programs in the corpus, want at least 80", len(programs))
	}
	for _, p := range programs {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		cells, err := corpus.Split(string(src))
		if err != nil {
			f.Fatalf("%s: %v", p, err)
		}
		for _, c := range cells {
			f.Add(c)
		}
	}
	f.Fuzz(func(t *testing.T, code string) {
		toks, err := scanCell(code)
		if err != nil {
			return
		}
		rewritten := rewriteGo(code, toks, nil)
		if strings.Count(rewritten, "\n") != strings.Count(code, "\n") {
			t.Fatalf("rewriteGo changed the line count of %q: %q", code, rewritten)
		}
		pieces, err := splitCell(rewritten)
		if err != nil {
			return
		}
		if orig, err := splitCell(code); err == nil && allParse(orig) && len(orig) != len(pieces) {
			t.Fatalf("rewriteGo changed the pieces of %q: %d, then %d", code, len(orig), len(pieces))
		}
		// Every token is in a piece, in order.
		all, _ := scanCell(rewritten)
		k := 0
		for _, tk := range all {
			for k < len(pieces) && tk.pos >= pieces[k].end {
				k++
			}
			if tk.tok.String() == ";" {
				continue
			}
			if k == len(pieces) || tk.pos < pieces[k].start {
				t.Fatalf("token %q at %d of %q is in no piece: %+v", tk.lit, tk.pos, rewritten, pieces)
			}
		}
		// Shadowing package variables (every name is one, used by a
		// function) renames identifiers only.
		st := newShadowState()
		for _, tk := range all {
			if tk.tok == token.IDENT {
				st.pkgVars[tk.lit], st.funcUses[tk.lit] = true, true
			}
		}
		if shadowed := st.shadowCell(rewritten, pieces); shadowed != rewritten {
			if strings.Count(shadowed, "\n") != strings.Count(rewritten, "\n") {
				t.Fatalf("shadowCell changed the line count of %q: %q", rewritten, shadowed)
			}
			if after, err := splitCell(shadowed); err != nil || len(after) != len(pieces) {
				t.Fatalf("shadowCell changed the pieces of %q: %q (%v)", rewritten, shadowed, err)
			}
		}
		// The rewrites change columns only, never lines, and keep what
		// parses parsing.
		env := &rewriteEnv{funcs: map[string]string{}}
		seen := map[string]bool{}
		for _, p := range pieces {
			if p.kind != pieceStmt && p.kind != pieceFunc && p.kind != pieceDecl {
				continue
			}
			parses := func(text string) bool {
				q := p
				q.text = text
				if p.kind == pieceStmt {
					_, _, err := parseStmts(text, p.line, p.col)
					return err == nil
				}
				_, _, err := parseDecl(q)
				return err == nil
			}
			ok := parses(p.text)
			out, err := rewriteAssigns(p, env)
			if err == nil {
				if strings.Count(out, "\n") != strings.Count(p.text, "\n") {
					t.Fatalf("rewriteAssigns changed the line count of %q: %q", p.text, out)
				}
				if ok && !parses(out) {
					t.Fatalf("rewriteAssigns made %q, which parses, into %q, which does not", p.text, out)
				}
			}
			if p.kind == pieceStmt {
				out, err := rewriteStmts(p.text, p.line, p.col, 1, nil, seen)
				if err == nil {
					if strings.Count(out.text, "\n") != strings.Count(p.text, "\n") {
						t.Fatalf("rewriteStmts changed the line count of %q: %q", p.text, out.text)
					}
					if ok && !parses(out.text) {
						t.Fatalf("rewriteStmts made %q, which parses, into %q, which does not", p.text, out.text)
					}
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

// allParse reports whether every piece parses.
func allParse(pieces []piece) bool {
	for _, p := range pieces {
		var err error
		switch p.kind {
		case pieceStmt:
			_, _, err = parseStmts(p.text, p.line, p.col)
		case pieceSkip:
		default:
			_, _, err = parseDecl(p)
		}
		if err != nil {
			return false
		}
	}
	return true
}
