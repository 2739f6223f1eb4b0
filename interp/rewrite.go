package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"sort"
	"strings"
)

// yaegi mishandles a few forms of Go; the session rewrites them in a cell's
// source before yaegi sees it, so that they work as a Go programmer
// expects. Only columns change, never lines, so that errors keep the
// cell's line numbers.
//
// Everywhere (rewriteAssigns):
//   - `v, ok := m[k]` and `v, ok := x.(T)` leave v unchanged when the key
//     is missing or the assertion fails, where Go sets the zero value: in
//     a loop, v keeps the previous iteration's value. The lookup becomes
//     `v, ok := m[k], func() bool { _, ok := m[k]; return ok }()` (m and k
//     are evaluated twice), the assertion a call of a function literal
//     whose own v starts at zero. The same holds for = and var.
//
// At the top level of a cell (rewriteStmts), where the statements run in
// yaegi's main package rather than in a function:
//   - a declaration inside a block, loop, if, switch or select takes the
//     global variable of the same name, if there is one, for the
//     variable it declares (`for i := 0; ...` in a cell after `i := "s"`
//     makes the global i an int; a mismatch of types panics), a
//     declaration of several variables from one multi-valued expression
//     (`x, y := f()`, `var a, b = f()`, `case v, ok := <-ch`) leaves them
//     undefined ("undefined: x"), and a type switch with a binding
//     (`switch v := x.(type)`) fails: a statement that declares anything
//     runs inside a function literal called at once (`func() { for ...
//     }()`), which changes nothing else since its variables are local to
//     it anyway;
//   - `v, ok := <-ch` directly at the top level makes yaegi panic ("nil
//     type"): it becomes a receive into declared variables (toplevel.go);
//   - `var x = g(...)` for a generic function g gives x its zero value
//     when the call makes a new instance of g: it becomes `x := g(...)`
//     (toplevel.go);
//   - return and defer have no function to return from: they become the
//     session's (defer.go).

// stmtEdit replaces text[start:end] with text.
type stmtEdit struct {
	start, end int
	text       string
}

func applyEdits(text string, edits []stmtEdit) string {
	if len(edits) == 0 {
		return text
	}
	sort.SliceStable(edits, func(a, b int) bool { return edits[a].start < edits[b].start })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.start < last {
			continue // nested in an edit already made
		}
		b.WriteString(text[last:e.start])
		b.WriteString(e.text)
		// Keep the lines of what follows: a replacement printed on one
		// line gets the newlines of what it replaced.
		if n := strings.Count(text[e.start:e.end], "\n") - strings.Count(e.text, "\n"); n > 0 {
			b.WriteString(strings.Repeat("\n", n))
		}
		last = e.end
	}
	b.WriteString(text[last:])
	return b.String()
}

// rewriteAssigns rewrites the assignments of a piece of a cell that yaegi
// gets wrong (see above). A piece that does not parse is returned as it
// is: yaegi reports the error.
func rewriteAssigns(p piece, env *rewriteEnv) (string, error) {
	if !mayRewrite(p.text) {
		return p.text, nil
	}
	var root ast.Node
	var fset *token.FileSet
	var base int
	if p.kind == pieceStmt {
		list, fs, err := parseStmts(p.text, p.line, p.col)
		if err != nil {
			return p.text, nil
		}
		root, fset, base = &ast.BlockStmt{List: list}, fs, len(stmtHeader)
	} else {
		f, fs, err := parseDecl(p)
		if err != nil {
			return p.text, nil
		}
		root, fset, base = f, fs, len("package p\n")
	}
	base += (p.line - 1) + (p.col - 1)
	a := &assigns{env: env, fset: fset, base: base, inList: stmtsIn(root, listBodies), inLoop: stmtsIn(root, loopBodies)}
	done := map[*ast.ValueSpec]bool{}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			a.assign(n)
		case *ast.DeclStmt:
			if gd, ok := n.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR && len(gd.Specs) == 1 {
				if vs := gd.Specs[0].(*ast.ValueSpec); len(vs.Names) == 2 && len(vs.Values) == 1 && vs.Type == nil {
					a.commaOK(n, []ast.Expr{vs.Names[0], vs.Names[1]}, vs.Values[0])
					done[vs] = true
				}
			}
		case *ast.ValueSpec:
			if done[n] {
				break
			}
			if len(n.Names) == 2 && len(n.Values) == 1 && n.Type == nil {
				a.commaOK(n, []ast.Expr{n.Names[0], n.Names[1]}, n.Values[0])
			} else if len(n.Values) > 1 {
				a.parallel(n.Values)
			}
		}
		return true
	})
	// An edit inside another (a lookup in an assertion's operand) is
	// dropped: the outer one prints its operands from the original.
	return applyEdits(p.text, a.edits), nil
}

// assigns is rewriteAssigns at work on one piece.
type assigns struct {
	env    *rewriteEnv
	fset   *token.FileSet
	base   int               // offset of the piece in fset's source
	inList map[ast.Node]bool // statements of a statement list
	inLoop map[ast.Node]bool // statements of a loop's body
	edits  []stmtEdit
}

// off converts a position into an offset in the piece.
func (a *assigns) off(pos token.Pos) int { return a.fset.Position(pos).Offset - a.base }

// listBodies and loopBodies give the statement lists of n that stmtsIn
// collects.
func listBodies(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

func loopBodies(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.ForStmt:
		return n.Body.List
	case *ast.RangeStmt:
		return n.Body.List
	}
	return nil
}

// stmtsIn returns the statements of the lists that bodies gives for the
// nodes of root.
func stmtsIn(root ast.Node, bodies func(ast.Node) []ast.Stmt) map[ast.Node]bool {
	in := map[ast.Node]bool{}
	ast.Inspect(root, func(n ast.Node) bool {
		for _, st := range bodies(n) {
			in[st] = true
		}
		return true
	})
	return in
}

// assign fixes the forms of = and := that yaegi gets wrong.
func (a *assigns) assign(n *ast.AssignStmt) {
	if n.Tok != token.DEFINE && n.Tok != token.ASSIGN {
		return
	}
	if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
		a.commaOK(n, n.Lhs, n.Rhs[0])
	} else if len(n.Rhs) > 1 {
		a.parallel(n.Rhs)
	}
	// yaegi skips a declaration of several variables with a blank one
	// (a, _ := x, y) in the body of a loop whose key is blank (it takes it
	// for the redeclaration of the loop variable): the blank gets a name.
	if n.Tok == token.DEFINE && len(n.Lhs) > 1 && a.inLoop[n] {
		for _, l := range n.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
				a.env.temp++
				a.edits = append(a.edits, stmtEdit{a.off(id.Pos()), a.off(id.End()), fmt.Sprintf("_gohooksB%d", a.env.temp)})
			}
		}
	}
}

// commaOK fixes `v, ok = x` for a lookup or an assertion x.
func (a *assigns) commaOK(st ast.Node, lhs []ast.Expr, rhs ast.Expr) {
	if par, ok := rhs.(*ast.ParenExpr); ok {
		rhs = par.X
	}
	if id, ok := lhs[1].(*ast.Ident); ok && id.Name == "_" {
		if _, lookup := rhs.(*ast.IndexExpr); lookup {
			// v, _ := m[k] is v := m[k]
			a.edits = append(a.edits, stmtEdit{a.off(lhs[0].End()), a.off(lhs[1].End()), ""})
			return
		}
	}
	switch x := rhs.(type) {
	case *ast.IndexExpr:
		m, k := exprSource(x.X), exprSource(x.Index)
		if strings.Contains(m+k, "\n") {
			return
		}
		// Statements in a statement list can be preceded by others:
		// there, the map and key of a lookup are evaluated once, into
		// variables, when they involve a call.
		var pre string
		if a.inList[st] && containsCall(x.X) {
			a.env.temp++
			pre += fmt.Sprintf("_gohooksM%d := %s; ", a.env.temp, m)
			m = fmt.Sprintf("_gohooksM%d", a.env.temp)
		}
		if a.inList[st] && containsCall(x.Index) {
			a.env.temp++
			pre += fmt.Sprintf("_gohooksK%d := %s; ", a.env.temp, k)
			k = fmt.Sprintf("_gohooksK%d", a.env.temp)
		}
		// In parentheses: see parallel.
		lookup := ", (func() bool { _, _gohooksOK := " + m + "[" + k + "]; return _gohooksOK }())"
		if pre == "" {
			at := a.off(rhs.End())
			a.edits = append(a.edits, stmtEdit{at, at, lookup})
			return
		}
		at := a.off(st.Pos())
		a.edits = append(a.edits, stmtEdit{at, at, pre}, stmtEdit{a.off(rhs.Pos()), a.off(rhs.End()), m + "[" + k + "]" + lookup})
	case *ast.TypeAssertExpr:
		if x.Type == nil {
			return
		}
		v, t := exprSource(x.X), exprSource(x.Type)
		if strings.Contains(v+t, "\n") {
			return
		}
		a.edits = append(a.edits, stmtEdit{a.off(rhs.Pos()), a.off(rhs.End()),
			"func() (" + t + ", bool) { _gohooksV, _gohooksOK := " + v + ".(" + t + "); return _gohooksV, _gohooksOK }()"})
	}
}

// parallel fixes `a, b = x, y`: yaegi stores a call, a composite literal
// or a receive straight into its variable and then skips the other
// values. In parentheses, each value is assigned in turn.
func (a *assigns) parallel(rhs []ast.Expr) {
	for _, r := range rhs {
		switch x := r.(type) {
		case *ast.CallExpr, *ast.CompositeLit:
		case *ast.UnaryExpr:
			if x.Op != token.ARROW {
				continue
			}
		default:
			continue
		}
		a.edits = append(a.edits, stmtEdit{a.off(r.Pos()), a.off(r.Pos()), "("}, stmtEdit{a.off(r.End()), a.off(r.End()), ")"})
	}
}

// rewriteEnv is what rewriteAssigns knows of the session and the cell.
type rewriteEnv struct {
	temp  int               // temporary variables made
	funcs map[string]string // function name -> its func type
}

// constantLike reports whether e is made of literals (and selectors of
// packages, such as math.Pi), without calls or variables.
func constantLike(e ast.Expr, packages map[string]bool) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident, *ast.CallExpr, *ast.IndexExpr, *ast.CompositeLit, *ast.FuncLit, *ast.StarExpr:
			ok = false
		case *ast.SelectorExpr:
			if id, isID := n.X.(*ast.Ident); !isID || !packages[id.Name] {
				ok = false
			}
			return false
		}
		return ok
	})
	return ok
}

// mayRewrite reports whether rewriteAssigns may change text.
func mayRewrite(text string) bool {
	return strings.Contains(text, "=") || strings.Contains(text, "range")
}

// assignCode applies rewriteAssigns to the pieces of code.
func (s *Session) assignCode(code string, pieces []piece) (string, error) {
	if !mayRewrite(code) {
		return code, nil
	}
	var edits []stmtEdit
	env := &rewriteEnv{funcs: map[string]string{}}
	for name, sig := range s.funcs {
		env.funcs[name] = sig
	}
	for _, p := range pieces {
		if p.kind != pieceFunc {
			continue
		}
		if f, fset, err := parseDecl(p); err == nil {
			env.funcs[p.name] = nodeText(fset, f.Decls[0].(*ast.FuncDecl).Type)
		}
	}
	for _, p := range pieces {
		if p.kind == pieceStmt || p.kind == pieceFunc || p.kind == pieceDecl {
			t, err := rewriteAssigns(p, env)
			if err != nil {
				return "", err
			}
			if t != p.text {
				edits = append(edits, stmtEdit{p.start, p.end, t})
			}
		}
	}
	return applyEdits(code, edits), nil
}

// goNames returns what rewriteGo needs to know of the session's names,
// or nil when the cell (toks) has no go statement.
func (s *Session) goNames(toks []tok) *goNames {
	for _, t := range toks {
		if t.tok == token.GO {
			packages := map[string]bool{}
			for _, name := range s.imports {
				packages[name] = true
			}
			sources := make([]string, 0, len(s.sources))
			for _, src := range s.sources {
				sources = append(sources, src)
			}
			return goNamesOf(sources, packages)
		}
	}
	return nil
}

// rewrite parses and splits the cell and rewrites its source: go
// statements, the current versions of its types, and the assignments
// that yaegi gets wrong.
func (s *Session) rewrite(c *cell) *Error {
	toks, err := scanCell(c.src)
	if err != nil {
		return s.cellErr("syntax error", err)
	}
	c.code = renameIdents(rewriteGo(c.src, toks, s.goNames(toks)), s.alias)
	if c.pieces, err = splitCell(c.code); err != nil {
		return s.cellErr("syntax error", err)
	}
	if shadowed := s.shadowCell(c.code, c.pieces); shadowed != c.code {
		c.code = shadowed
		if c.pieces, err = splitCell(c.code); err != nil {
			return s.cellErr("syntax error", err)
		}
	}
	fixed, err := s.assignCode(c.code, c.pieces)
	if err != nil {
		return s.cellErr("syntax error", err)
	}
	if fixed != c.code {
		c.code = fixed
		if c.pieces, err = splitCell(c.code); err != nil {
			return s.cellErr("syntax error", err)
		}
	}
	renames, e := s.versionTypes(c.pieces)
	if e != nil {
		return e
	}
	if len(renames) > 0 {
		c.code = renameIdents(c.code, renames)
		if c.pieces, err = splitCell(c.code); err != nil {
			return s.cellErr("syntax error", err)
		}
		for internal, to := range renames {
			s.alias[s.userName(internal)] = to
		}
	}
	return nil
}
