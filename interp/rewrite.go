package interp

import (
	"fmt"
	"go/ast"
	"go/parser"
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
//   - `v, ok := <-ch` directly at the top level, and `a, b := g(x)` for a
//     generic function g, make yaegi panic ("nil type"): they are refused
//     with what to do instead (the cell does not write the types needed to
//     declare the variables);
//   - return and defer have no function to return from: refused.

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
	temp := &env.temp
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
	off := func(pos token.Pos) int { return fset.Position(pos).Offset - base }
	// Statements in a statement list can be preceded by others: there, the
	// map and key of a lookup are evaluated once, into variables, when
	// they involve a call.
	inList := map[ast.Node]bool{}
	ast.Inspect(root, func(n ast.Node) bool {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		for _, st := range list {
			inList[st] = true
		}
		return true
	})
	// yaegi skips a declaration of several variables with a blank one
	// (a, _ := x, y) in the body of a loop whose key is blank (it takes it
	// for the redeclaration of the loop variable): the blank gets a name.
	inLoop := map[ast.Node]bool{}
	ast.Inspect(root, func(n ast.Node) bool {
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		}
		if body != nil {
			for _, st := range body.List {
				inLoop[st] = true
			}
		}
		return true
	})
	var edits []stmtEdit
	var failure error
	// commaOK fixes `v, ok = x` for a lookup or an assertion x.
	commaOK := func(st ast.Node, lhs []ast.Expr, rhs ast.Expr) {
		if par, ok := rhs.(*ast.ParenExpr); ok {
			rhs = par.X
		}
		if id, ok := lhs[1].(*ast.Ident); ok && id.Name == "_" {
			if _, lookup := rhs.(*ast.IndexExpr); lookup {
				// v, _ := m[k] is v := m[k]
				edits = append(edits, stmtEdit{off(lhs[0].End()), off(lhs[1].End()), ""})
				return
			}
		}
		switch x := rhs.(type) {
		case *ast.IndexExpr:
			m, k := exprSource(x.X), exprSource(x.Index)
			if strings.Contains(m+k, "\n") {
				return
			}
			var pre string
			if inList[st] && containsCall(x.X) {
				*temp++
				pre += fmt.Sprintf("_gohooksM%d := %s; ", *temp, m)
				m = fmt.Sprintf("_gohooksM%d", *temp)
			}
			if inList[st] && containsCall(x.Index) {
				*temp++
				pre += fmt.Sprintf("_gohooksK%d := %s; ", *temp, k)
				k = fmt.Sprintf("_gohooksK%d", *temp)
			}
			// In parentheses: see parallel below.
			lookup := ", (func() bool { _, _gohooksOK := " + m + "[" + k + "]; return _gohooksOK }())"
			if pre == "" {
				at := off(rhs.End())
				edits = append(edits, stmtEdit{at, at, lookup})
				return
			}
			at := off(st.Pos())
			edits = append(edits, stmtEdit{at, at, pre}, stmtEdit{off(rhs.Pos()), off(rhs.End()), m + "[" + k + "]" + lookup})
		case *ast.TypeAssertExpr:
			if x.Type == nil {
				return
			}
			v, t := exprSource(x.X), exprSource(x.Type)
			if strings.Contains(v+t, "\n") {
				return
			}
			edits = append(edits, stmtEdit{off(rhs.Pos()), off(rhs.End()),
				"func() (" + t + ", bool) { _gohooksV, _gohooksOK := " + v + ".(" + t + "); return _gohooksV, _gohooksOK }()"})
		}
	}
	// parallel fixes `a, b = x, y`: yaegi stores a call, a composite
	// literal or a receive straight into its variable and then skips the
	// other values. In parentheses, each value is assigned in turn.
	parallel := func(rhs []ast.Expr) {
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
			edits = append(edits, stmtEdit{off(r.Pos()), off(r.Pos()), "("}, stmtEdit{off(r.End()), off(r.End()), ")"})
		}
	}
	done := map[*ast.ValueSpec]bool{}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if env.isFunc(n.X) && failure == nil {
				pos := fset.Position(n.X.Pos())
				failure = &cellError{declLine(pos.Line), pos.Column, "range over a function (an iterator) is not supported by the interpreter: call the function with a yield function instead, for example seq(func(v T) bool { ...; return true })"}
			}
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "min" || id.Name == "max") && !env.shadowed[id.Name] {
				edits = append(edits, minMaxArgs(n.Args, off, env.packages)...)
			}
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE && n.Tok != token.ASSIGN {
				break
			}
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				commaOK(n, n.Lhs, n.Rhs[0])
			} else if len(n.Rhs) > 1 {
				parallel(n.Rhs)
			}
			if n.Tok == token.DEFINE && len(n.Lhs) > 1 && inLoop[n] {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
						*temp++
						edits = append(edits, stmtEdit{off(id.Pos()), off(id.End()), fmt.Sprintf("_gohooksB%d", *temp)})
					}
				}
			}
		case *ast.DeclStmt:
			if gd, ok := n.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR && len(gd.Specs) == 1 {
				if vs := gd.Specs[0].(*ast.ValueSpec); len(vs.Names) == 2 && len(vs.Values) == 1 && vs.Type == nil {
					commaOK(n, []ast.Expr{vs.Names[0], vs.Names[1]}, vs.Values[0])
					done[vs] = true
				}
			}
		case *ast.ValueSpec:
			if done[n] {
				break
			}
			if len(n.Names) == 2 && len(n.Values) == 1 && n.Type == nil {
				commaOK(n, []ast.Expr{n.Names[0], n.Names[1]}, n.Values[0])
			} else if len(n.Values) > 1 {
				parallel(n.Values)
			}
		}
		return true
	})
	if failure != nil {
		return "", failure
	}
	// An edit inside another (a lookup in an assertion's operand) is
	// dropped: the outer one prints its operands from the original.
	return applyEdits(p.text, edits), nil
}

// rewriteEnv is what rewriteAssigns knows of the session and the cell.
type rewriteEnv struct {
	temp     int               // temporary variables made
	funcs    map[string]string // function name -> its func type
	shadowed map[string]bool   // min and max, when a cell defines them
	packages map[string]bool   // names of the imported packages
}

// isFunc reports whether x is, as written, a function value: a function
// literal, a function of the cells, or a call of one that returns a
// function.
func (env *rewriteEnv) isFunc(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		_, ok := env.funcs[x.Name]
		return ok
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok {
			if sig, ok := env.funcs[id.Name]; ok {
				if t, err := parser.ParseExpr(sig); err == nil {
					res := t.(*ast.FuncType).Results
					if res != nil && len(res.List) == 1 && len(res.List[0].Names) <= 1 {
						_, isFunc := res.List[0].Type.(*ast.FuncType)
						return isFunc
					}
				}
			}
		}
	}
	return false
}

// minMaxArgs makes a call of min or max work with yaegi, which infers the
// type parameter of our generic min and max from the first argument and
// rejects an untyped floating-point constant there: constants only, with
// a float among them, become float64 values; otherwise the first argument
// that is not a constant goes first (min and max do not depend on the
// order, and constants have no effects).
func minMaxArgs(args []ast.Expr, off func(token.Pos) int, packages map[string]bool) []stmtEdit {
	constantLike := func(e ast.Expr) bool { return constantLike(e, packages) }
	if len(args) < 2 || !constantLike(args[0]) {
		return nil
	}
	float := false
	for _, a := range args {
		ast.Inspect(a, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && (lit.Kind == token.FLOAT || lit.Kind == token.IMAG) {
				float = true
			}
			return true
		})
	}
	for j, a := range args {
		if !constantLike(a) {
			if j == 0 {
				return nil
			}
			src := func(e ast.Expr) string { return exprSource(e) }
			if strings.Contains(src(args[0])+src(a), "\n") {
				return nil
			}
			return []stmtEdit{{off(args[0].Pos()), off(args[0].End()), src(a)}, {off(a.Pos()), off(a.End()), src(args[0])}}
		}
	}
	if !float {
		return nil
	}
	var edits []stmtEdit
	for _, a := range args {
		edits = append(edits, stmtEdit{off(a.Pos()), off(a.Pos()), "float64("}, stmtEdit{off(a.End()), off(a.End()), ")"})
	}
	return edits
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
	return strings.Contains(text, "=") || strings.Contains(text, "range") || strings.Contains(text, "min(") || strings.Contains(text, "max(")
}

// assignCode applies rewriteAssigns to the pieces of code.
func (s *Session) assignCode(code string, pieces []piece) (string, error) {
	if !mayRewrite(code) {
		return code, nil
	}
	var edits []stmtEdit
	env := &rewriteEnv{funcs: map[string]string{}, shadowed: map[string]bool{}, packages: map[string]bool{}}
	for _, name := range s.imports {
		env.packages[name] = true
	}
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
	env.shadowed["min"], env.shadowed["max"] = env.funcs["min"] != "", env.funcs["max"] != ""
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

// stmtsRewrite is what rewriteStmts made of a statement piece.
type stmtsRewrite struct {
	text    string
	wrapped [][2]int // first and last cell lines of statements run in a function
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
func rewriteStmts(text string, line, col, cell int, generic map[string]bool) (stmtsRewrite, error) {
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
			if r := topLevelRecv(st, text, off, l*1000+c); r != "" {
				exits = []stmtEdit{{off(st.Pos()), off(st.End()), r}}
				break
			}
			if msg := topLevelDecl(st, generic); msg != "" {
				l, c := where(st.Pos())
				return out, &cellError{l, c, msg}
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
		if cell > 0 {
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

// topLevelDecl returns why a top-level declaration of several variables
// from one expression cannot run, or "".
func topLevelDecl(st ast.Stmt, generic map[string]bool) string {
	var names []string
	var rhs ast.Expr
	switch st := st.(type) {
	case *ast.AssignStmt:
		if st.Tok != token.DEFINE || len(st.Lhs) < 2 || len(st.Rhs) != 1 {
			return ""
		}
		for _, l := range st.Lhs {
			names = append(names, exprSource(l))
		}
		rhs = st.Rhs[0]
	case *ast.DeclStmt:
		gd, ok := st.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return ""
		}
		for _, spec := range gd.Specs {
			if vs := spec.(*ast.ValueSpec); len(vs.Names) > 1 && len(vs.Values) == 1 {
				for _, id := range vs.Names {
					names = append(names, id.Name)
				}
				rhs = vs.Values[0]
				break
			}
		}
		if rhs == nil {
			return ""
		}
	default:
		return ""
	}
	if par, ok := rhs.(*ast.ParenExpr); ok {
		rhs = par.X
	}
	list := strings.Join(names, ", ")
	switch x := rhs.(type) {
	case *ast.CallExpr:
		fun := x.Fun
		switch f := fun.(type) {
		case *ast.IndexExpr:
			fun = f.X
		case *ast.IndexListExpr:
			fun = f.X
		}
		if id, ok := fun.(*ast.Ident); ok && generic[id.Name] {
			return fmt.Sprintf("%s := %s(...) at the top level of a cell: the interpreter cannot declare variables from the results of a generic function there; declare them first (var ...; %s = %s(...)), or make the call inside a function", list, id.Name, list, id.Name)
		}
	}
	return ""
}

// topLevelRecv rewrites `v, ok := <-ch` (or var) at the top level, which
// yaegi cannot type there ("nil type"), and returns the new statement, or
// "". v is declared by a receive from a closed channel of ch's type,
// which gives its zero value, and the receive is an assignment:
//
//	_gohooksC := ch; _gohooksZ := _gohooksC; _gohooks.ClosedLike(&_gohooksZ);
//	_gohooksT := <-_gohooksZ; v := _gohooksT; var ok bool; v, ok = <-_gohooksC
//
// (yaegi gives `v := <-c` and `ok := false` variables that a later
// receive cannot set.)
func topLevelRecv(st ast.Stmt, text string, off func(token.Pos) int, id int) string {
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
	return fmt.Sprintf("%s := %s; %s := %s; %s.ClosedLike(&%s); %s := <-%s; %s := %s; var %s bool; %s, %s = <-%s",
		c, ch, z, c, internalPkg, z, t, z, v, t, okName, v, okName, c)
}
