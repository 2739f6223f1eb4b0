package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// stmtsRewrite is what rewriteStmts made of a statement piece.
type stmtsRewrite struct {
	text    string
	wrapped [][2]int // first and last cell lines of statements run in a function
	lines   []int    // the first cell line of each statement
	defers  bool     // the piece defers a call at the top level (defer.go)
	returns bool     // the piece returns at the top level
}

// rewriteStmts rewrites a statement piece (placed at line, col of the
// cell) for the top level of yaegi's main package (see above and
// defer.go); generic names the cells' generic functions.
//
// After each statement, `_gohooksDone = N` records that the statement ran
// (N is its line in yaegi's numbering, cell*lineStride + line; cell 0
// for none): a cell that panics keeps the variables of the statements
// that ran (failed.go).
func rewriteStmts(text string, line, col, cell int, generic, seen map[string]bool) (stmtsRewrite, error) {
	out := stmtsRewrite{text: text}
	list, fset, err := parseStmts(text, line, col)
	if err != nil {
		return out, nil // reported by yaegi, in cell positions
	}
	base := len(stmtHeader) + (line - 1) + (col - 1)
	off := func(p token.Pos) int { return fset.Position(p).Offset - base }
	where := func(p token.Pos) (int, int) {
		pos := fset.Position(p)
		return declLine(pos.Line), pos.Column
	}
	var edits []stmtEdit
	for _, st := range list {
		if l, _ := where(st.Pos()); true {
			out.lines = append(out.lines, l)
		}
		exits, defers, returns, bad := topLevelExits(st, text, off)
		if bad != nil {
			l, c := where(bad.Pos())
			return out, &cellError{l, c, "too many return values: the top level of a cell is the body of main, which returns nothing"}
		}
		out.defers = out.defers || defers
		out.returns = out.returns || returns
		switch st := st.(type) {
		case *ast.AssignStmt, *ast.DeclStmt:
			l, c := where(st.Pos())
			if r := topLevelRecv(st, text, off, l*1000+c, seen); r != "" {
				exits = []stmtEdit{{off(st.Pos()), off(st.End()), r}}
				break
			}
			if e := genericVar(st, off, generic); e != nil {
				exits = []stmtEdit{*e}
			}
		case *ast.BlockStmt, *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt,
			*ast.TypeSwitchStmt, *ast.SelectStmt, *ast.LabeledStmt:
			if outsideFunc(st, needsFunc) != nil {
				// The statement's own edits are made first: the
				// function literal goes around the result.
				inner := applyEdits(text[off(st.Pos()):off(st.End())], shift(exits, -off(st.Pos())))
				exits = []stmtEdit{{off(st.Pos()), off(st.End()), "func() { " + inner + " }()"}}
				first, _ := where(st.Pos())
				last, _ := where(st.End())
				out.wrapped = append(out.wrapped, [2]int{first, last})
			}
		}
		edits = append(edits, exits...)
		if seen != nil {
			for name := range topLevelNamesOf(st, 0) {
				seen[name] = true
			}
		}
		if cell > 0 && off(st.End()) <= len(text) { // (an implicit empty statement ends past the text)
			l, _ := where(st.Pos())
			edits = append(edits, stmtEdit{off(st.End()), off(st.End()), fmt.Sprintf("; %s = %d", doneMarker, cell*lineStride+l)})
		}
	}
	out.text = applyEdits(text, edits)
	return out, nil
}

// shift moves edits by d bytes.
func shift(edits []stmtEdit, d int) []stmtEdit {
	out := make([]stmtEdit, len(edits))
	for i, e := range edits {
		out[i] = stmtEdit{e.start + d, e.end + d, e.text}
	}
	return out
}

// outsideFunc returns the first node of st, outside function literals,
// for which match is true.
func outsideFunc(st ast.Node, match func(ast.Node) bool) ast.Node {
	var found ast.Node
	ast.Inspect(st, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if n != nil && match(n) {
			found = n
		}
		return found == nil
	})
	return found
}

// needsFunc reports whether n is a form that yaegi handles only inside a
// function: a declaration (:=, var, const, type, a type switch's binding)
// in a block at the top level. There, yaegi takes a name that a global
// variable has for that variable (a block's `x := 1` overwrites the
// cell's global x), and a declaration of several variables from one
// expression leaves them undefined.
func needsFunc(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		return n.Tok == token.DEFINE
	case *ast.DeclStmt:
		return true
	case *ast.TypeSwitchStmt:
		_, binding := n.Assign.(*ast.AssignStmt)
		return binding
	}
	return false
}

// genericVar returns the edit that turns a top-level `var x = g(...)` or
// `var x T = g(...)`, for a generic function g, into `x := g(...)` or `var
// x T; x = g(...)`: yaegi initializes such a global variable (a var, not
// a :=) to its zero value when the call makes a new instance of g. nil
// when st is not of that form.
func genericVar(st ast.Stmt, off func(token.Pos) int, generic map[string]bool) *stmtEdit {
	ds, ok := st.(*ast.DeclStmt)
	if !ok {
		return nil
	}
	gd, ok := ds.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || gd.Lparen.IsValid() || len(gd.Specs) != 1 {
		return nil
	}
	vs := gd.Specs[0].(*ast.ValueSpec)
	if len(vs.Values) == 0 {
		return nil
	}
	calls := false
	for _, v := range vs.Values {
		calls = calls || outsideFunc(v, func(n ast.Node) bool { return isGenericCall(n, generic) }) != nil
	}
	if !calls {
		return nil
	}
	names := make([]string, len(vs.Names))
	for i, id := range vs.Names {
		names[i] = id.Name
	}
	list := strings.Join(names, ", ")
	if vs.Type == nil {
		return &stmtEdit{off(gd.Pos()), off(vs.Values[0].Pos()), list + " := "}
	}
	return &stmtEdit{off(vs.Type.End()), off(vs.Values[0].Pos()), "; " + list + " = "}
}

// isGenericCall reports whether n calls a generic function of the cells,
// written g(...), g[T](...) or g[T, U](...).
func isGenericCall(n ast.Node, generic map[string]bool) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	fun := call.Fun
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	id, ok := fun.(*ast.Ident)
	return ok && generic[id.Name]
}

// topLevelRecv rewrites `v, ok := <-ch` (or var) at the top level, which
// yaegi cannot type there ("nil type"), and returns the new statement, or
// "". v is declared by a receive from a closed channel of ch's type,
// which gives its zero value, and the receive is an assignment (names
// that an earlier statement of the cell declared, seen, are not declared
// again):
//
//	_gohooksC := ch; _gohooksZ := _gohooksC; _gohooks.ClosedLike(&_gohooksZ);
//	_gohooksT := <-_gohooksZ; v := _gohooksT; var ok bool; v, ok = <-_gohooksC
//
// (yaegi gives `v := <-c` and `ok := false` variables that a later
// receive cannot set.)
func topLevelRecv(st ast.Stmt, text string, off func(token.Pos) int, id int, seen map[string]bool) string {
	var lhs []*ast.Ident
	var rhs ast.Expr
	switch st := st.(type) {
	case *ast.AssignStmt:
		if st.Tok != token.DEFINE || len(st.Lhs) != 2 || len(st.Rhs) != 1 {
			return ""
		}
		for _, l := range st.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				return ""
			}
			lhs = append(lhs, id)
		}
		rhs = st.Rhs[0]
	case *ast.DeclStmt:
		gd, ok := st.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return ""
		}
		vs := gd.Specs[0].(*ast.ValueSpec)
		if len(vs.Names) != 2 || len(vs.Values) != 1 || vs.Type != nil {
			return ""
		}
		lhs, rhs = vs.Names, vs.Values[0]
	default:
		return ""
	}
	for {
		par, ok := rhs.(*ast.ParenExpr)
		if !ok {
			break
		}
		rhs = par.X
	}
	recv, ok := rhs.(*ast.UnaryExpr)
	if !ok || recv.Op != token.ARROW {
		return ""
	}
	ch := text[off(recv.X.Pos()):off(recv.X.End())]
	v, okName := lhs[0].Name, lhs[1].Name
	n := id
	if okName == "_" {
		return v + " := <-" + ch
	}
	if v == "_" {
		v = fmt.Sprintf("_gohooksV%d", n)
	}
	c, z, t := fmt.Sprintf("_gohooksC%d", n), fmt.Sprintf("_gohooksZ%d", n), fmt.Sprintf("_gohooksT%d", n)
	out := fmt.Sprintf("%s := %s; ", c, ch)
	// A name declared by an earlier statement of the cell is assigned: a
	// second declaration in the same source is an error in yaegi.
	if !seen[v] {
		out += fmt.Sprintf("%s := %s; %s.ClosedLike(&%s); %s := <-%s; %s := %s; ", z, c, internalPkg, z, t, z, v, t)
	}
	if !seen[okName] {
		out += fmt.Sprintf("var %s bool; ", okName)
	}
	return out + fmt.Sprintf("%s, %s = <-%s", v, okName, c)
}
