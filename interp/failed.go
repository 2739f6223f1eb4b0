package interp

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
)

// A cell that fails declares nothing that it did not reach. yaegi
// declares a cell's global variables when it compiles the cell, before
// any statement runs, so after a failure the names the cell meant to
// declare exist, as zero values. The session cannot take them back from
// yaegi; it hides them instead: the variables and functions that a
// failed cell declared in statements that did not run (all of them after
// a compile error; those at and after the failing statement after a
// panic) are "withdrawn" until a later cell declares them again. A cell
// that uses a withdrawn name fails with Go's "undefined: v", and %who
// and completion do not list it.

// doneMarker is the global that records the last top-level statement
// that ran (rewriteStmts).
const doneMarker = "_gohooksDone"

// topLevelNames returns the variables, constants, functions and types
// that the top level of code declares, each with the line of its
// declaration.
func topLevelNames(code string) map[string]int {
	names := map[string]int{}
	pieces, err := splitCell(code)
	if err != nil {
		return names
	}
	for _, p := range pieces {
		switch p.kind {
		case pieceFunc:
			if _, seen := names[p.name]; !seen {
				names[p.name] = p.line
			}
		case pieceType:
			f, fset, err := parseDecl(p)
			if err != nil {
				continue
			}
			for _, d := range f.Decls {
				for _, spec := range d.(*ast.GenDecl).Specs {
					ts := spec.(*ast.TypeSpec)
					if _, seen := names[ts.Name.Name]; !seen {
						names[ts.Name.Name] = declLine(fset.Position(ts.Pos()).Line)
					}
				}
			}
		case pieceStmt:
			list, fset, err := parseStmts(p.text, p.line, p.col)
			if err != nil {
				continue
			}
			for _, st := range list {
				line := declLine(fset.Position(st.Pos()).Line)
				for name := range topLevelNamesOf(st, line) {
					if _, seen := names[name]; !seen {
						names[name] = line
					}
				}
			}
		}
	}
	return names
}

// topLevelNamesOf returns the names that the top-level statement st
// declares, each with line.
func topLevelNamesOf(st ast.Stmt, line int) map[string]int {
	names := map[string]int{}
	add := func(id *ast.Ident) {
		if id.Name != "_" {
			names[id.Name] = line
		}
	}
	switch st := st.(type) {
	case *ast.AssignStmt:
		if st.Tok == token.DEFINE {
			for _, l := range st.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					add(id)
				}
			}
		}
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok && gd.Tok != token.TYPE {
			for _, spec := range gd.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					add(id)
				}
			}
		}
	}
	return names
}

// withdraw hides the names that the failed cell code declared, unless a
// name held a value before the cell and still holds it (a redeclaration
// that yaegi did not reach). prior is priorNames' snapshot.
func (s *Session) withdraw(declared map[string]int, prior priorState) {
	now := s.globals()
	// The statements up to this line ran: their names hold their values.
	ran := 0
	if v, ok := now[doneMarker]; ok && v.IsValid() && v.CanInt() && int(v.Int())/lineStride == s.id {
		ran = int(v.Int()) % lineStride
	}
	for name, line := range declared {
		if line <= ran && !isWithdrawn(s.withdrawn, name) {
			continue
		}
		if !isWithdrawn(s.withdrawn, name) && prior.names[name] && sameValue(prior.values[name], now[name]) {
			continue
		}
		s.withdrawn[name] = s.names[s.id]
		if s.decls[name] == "func" {
			delete(s.decls, name)
		}
	}
}

// sameValue reports whether the variable now holds old, of the same type.
func sameValue(old any, now reflect.Value) bool {
	if !now.IsValid() || !now.CanInterface() {
		return old == nil
	}
	v := now.Interface()
	if reflect.TypeOf(old) != reflect.TypeOf(v) {
		return false
	}
	defer func() { recover() }() // uncomparable values: not the same
	return old == v || reflect.DeepEqual(old, v)
}

// redeclared makes the names that the cell code declared visible again,
// after it ran.
func (s *Session) redeclared(declared map[string]int) {
	if len(s.withdrawn) == 0 {
		return
	}
	for name := range declared {
		delete(s.withdrawn, name)
	}
}

// useOfWithdrawn returns the error for the first use, in code, of a name
// that a failed cell declared, or nil.
func (s *Session) useOfWithdrawn(code string, declared map[string]int) *Error {
	if len(s.withdrawn) == 0 {
		return nil
	}
	pieces, err := splitCell(code)
	if err != nil {
		return nil // reported when the cell runs
	}
	type use struct {
		line, col int
		name      string
	}
	var uses []use
	for _, p := range pieces {
		for _, id := range freeIdents(p) {
			if _, mine := declared[id.name]; isWithdrawn(s.withdrawn, id.name) && !mine {
				uses = append(uses, use{id.line, id.col, id.name})
			}
		}
	}
	if len(uses) == 0 {
		return nil
	}
	sort.Slice(uses, func(a, b int) bool {
		return uses[a].line < uses[b].line || uses[a].line == uses[b].line && uses[a].col < uses[b].col
	})
	u := uses[0]
	msg := "undefined: " + u.name
	return &Error{Name: "compile error", Value: msg, Traceback: []string{
		"compile error: " + msg,
		s.where(u.line, u.col),
		fmt.Sprintf("  (%s was declared by a cell that failed%s: run that cell again once it is fixed)", u.name, cellNumber(s.withdrawn[u.name])),
	}}
}

type freeIdent struct {
	name      string
	line, col int
}

// freeIdents returns the identifiers of a piece that name nothing
// declared in the piece: the session's names, packages and builtins.
func freeIdents(p piece) []freeIdent {
	fset := token.NewFileSet()
	var src string
	if p.kind == pieceStmt {
		src = stmtHeader + padded(0, p.line, p.col, p.text) + "\n}"
	} else {
		src = "package p\n" + padded(0, p.line, p.col, p.text)
	}
	f, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		return nil
	}
	var out []freeIdent
	for _, id := range f.Unresolved {
		pos := fset.Position(id.Pos())
		out = append(out, freeIdent{id.Name, declLine(pos.Line), pos.Column})
	}
	return out
}

// priorState is what the session knew before a cell.
type priorState struct {
	names  map[string]bool // global names and declarations
	values map[string]any  // values of the globals that the cell declares again
}

// priorNames returns the global names and declarations before the cell
// code, and the values of those that code declares again.
func (s *Session) priorNames(again map[string]int) priorState {
	p := priorState{names: map[string]bool{}, values: map[string]any{}}
	if len(again) == 0 {
		return p // nothing to withdraw, whatever happens
	}
	for name, v := range s.globals() {
		p.names[name] = true
		if _, ok := again[name]; ok && v.IsValid() && v.CanInterface() {
			p.values[name] = v.Interface()
		}
	}
	for name := range s.decls {
		p.names[name] = true
	}
	return p
}

func isWithdrawn(w map[string]int, name string) bool {
	_, ok := w[name]
	return ok
}

// cellNumber names a cell by its number as shown, if known.
func cellNumber(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(" (cell %d)", n)
}
