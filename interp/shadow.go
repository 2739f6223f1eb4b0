package interp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// The top level of a cell is main's body; a `var` there, and every
// function, is package-level. In Go, `x := v` in main's body declares a
// new variable that shadows a package variable x: functions keep the
// package's x. yaegi runs both at its top level, where the := would
// replace the package variable. So a top-level `x := v` (or `x, y := ...`)
// of a name that a cell declared with a top-level `var` and that a
// function of the cells uses declares _gohooksL_x instead, and the
// top-level statements from there on, in this cell and later ones, use
// it for x; functions keep the package's x. A later top-level `var x`
// declares the package variable again and ends the shadowing. Any other
// `:=` of an existing name replaces it, as when a cell runs again.

// shadowPrefix starts the internal name of a variable that shadows a
// package variable.
const shadowPrefix = "_gohooksL_"

// shadowState is what the session knows of package variables and their
// shadows (part of lasting).
type shadowState struct {
	pkgVars  map[string]bool   // declared by a top-level var, last
	funcUses map[string]bool   // free names of the cells' functions and methods
	shadows  map[string]string // user name -> the variable that shadows it
}

func newShadowState() shadowState {
	return shadowState{pkgVars: map[string]bool{}, funcUses: map[string]bool{}, shadows: map[string]string{}}
}

// shadowCell renames, in the statement pieces of code, the uses of the
// names that a shadowing variable stands for, and makes the cell's own
// shadows. It returns code unchanged when it has nothing to do.
func (st *shadowState) shadowCell(code string, pieces []piece) string {
	for _, p := range pieces {
		if p.kind == pieceFunc || p.kind == pieceDecl {
			for _, id := range freeIdents(p) {
				st.funcUses[id.name] = true
			}
		}
	}
	var edits []stmtEdit
	for _, p := range pieces {
		if p.kind != pieceStmt {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "", stmtHeader+padded(0, p.line, p.col, p.text)+"\n}", 0)
		if err != nil {
			continue
		}
		base := len(stmtHeader) + (p.line - 1) + (p.col - 1)
		rename := func(id *ast.Ident, to string) {
			at := p.start + fset.Position(id.Pos()).Offset - base
			edits = append(edits, stmtEdit{at, at + len(id.Name), to})
		}
		// Free uses name the shadow in effect before this statement.
		for _, id := range f.Unresolved {
			if to, ok := st.shadows[id.Name]; ok {
				rename(id, to)
			}
		}
		for _, s := range f.Decls[0].(*ast.FuncDecl).Body.List {
			switch s := s.(type) {
			case *ast.AssignStmt:
				if s.Tok != token.DEFINE {
					continue
				}
				for _, l := range s.Lhs {
					id, ok := l.(*ast.Ident)
					if !ok || id.Name == "_" {
						continue
					}
					if st.shadows[id.Name] == "" && !(st.pkgVars[id.Name] && st.funcUses[id.Name]) {
						st.pkgVars[id.Name] = false
						continue
					}
					st.shadows[id.Name] = shadowPrefix + id.Name
					rename(id, st.shadows[id.Name])
				}
			case *ast.DeclStmt:
				if gd, ok := s.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					for _, spec := range gd.Specs {
						for _, id := range spec.(*ast.ValueSpec).Names {
							st.pkgVars[id.Name] = true
							delete(st.shadows, id.Name)
						}
					}
				}
			}
		}
	}
	return applyEdits(code, edits)
}

// unshadowed gives the names of shadowing variables in an error as the
// cell wrote them.
func unshadowed(e *Error) {
	e.Value = strings.ReplaceAll(e.Value, shadowPrefix, "")
	for i, l := range e.Traceback {
		e.Traceback[i] = strings.ReplaceAll(l, shadowPrefix, "")
	}
}
