package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// A Go session cannot redefine a type or a method: yaegi would keep the old
// one for existing values. When a cell declares a type again with a
// different definition, or changes a method of it, and declares the type
// itself, the session renames the type for this cell and the ones after
// (T becomes T_v2 inside the interpreter), so that the new definition
// takes effect. Values made before keep the old type and methods. A type
// whose earlier methods this cell would drop cannot be renamed: the cell is
// refused with a message that says what to do.

// renameIdents replaces the identifiers of code named in alias, except
// after a dot (a field or method of something else). Only columns change.
func renameIdents(code string, alias map[string]string) string {
	if len(alias) == 0 {
		return code
	}
	toks, err := scanCell(code)
	if err != nil {
		return code
	}
	var b strings.Builder
	last := 0
	for i, t := range toks {
		to, ok := alias[t.lit]
		if t.tok != token.IDENT || !ok || (i > 0 && toks[i-1].tok == token.PERIOD) {
			continue
		}
		b.WriteString(code[last:t.pos])
		b.WriteString(to)
		last = t.pos + len(t.lit)
	}
	b.WriteString(code[last:])
	return b.String()
}

// versionTypes decides which types of the cell need a new version. It
// returns the renames to apply (user name -> new internal name), or an
// Error when a change cannot be made.
func (s *Session) versionTypes(pieces []piece) (map[string]string, *Error) {
	declared := map[string]string{} // type -> definition in this cell
	methods := map[string]map[string]string{}
	for _, p := range pieces {
		switch p.kind {
		case pieceType:
			f, fset, err := parseDecl(p)
			if err != nil {
				return nil, nil // reported when the cell runs
			}
			for _, d := range f.Decls {
				for _, spec := range d.(*ast.GenDecl).Specs {
					ts := spec.(*ast.TypeSpec)
					declared[ts.Name.Name] = nodeText(fset, ts)
				}
			}
		case pieceDecl:
			f, fset, err := parseDecl(p)
			if err != nil {
				return nil, nil
			}
			fd, ok := f.Decls[0].(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
				continue
			}
			recv := recvName(fd.Recv.List[0].Type)
			fd.Doc = nil
			if methods[recv] == nil {
				methods[recv] = map[string]string{}
			}
			methods[recv][fd.Name.Name] = nodeText(fset, fd)
		}
	}
	renames := map[string]string{}
	for name, def := range declared {
		old, exists := s.types[name]
		if !exists {
			continue
		}
		changed := old != def
		for m, mdef := range methods[name] {
			if prev, ok := s.types[name+"."+m]; ok && prev != mdef {
				changed = true
			}
		}
		if !changed {
			continue
		}
		var lost []string
		for key := range s.types {
			if m, ok := strings.CutPrefix(key, name+"."); ok {
				if _, again := methods[name][m]; !again {
					lost = append(lost, m)
				}
			}
		}
		if len(lost) > 0 {
			msg := fmt.Sprintf("type %s changes here, but its methods %s were defined in other cells and would be lost: define the type and all its methods in one cell, or run %%reset to start a fresh session (all variables are lost)", s.userName(name), strings.Join(lost, ", "))
			return nil, &Error{Name: "cannot redefine", Value: msg, Traceback: []string{msg}}
		}
		user := s.userName(name)
		s.versions[user]++
		renames[name] = fmt.Sprintf("%s_v%d", user, s.versions[user]+1)
	}
	return renames, nil
}

// userName is the name a cell wrote for the internal type name.
func (s *Session) userName(internal string) string {
	for user, in := range s.alias {
		if in == internal {
			return user
		}
	}
	return internal
}

func recvName(e ast.Expr) string {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	switch r := e.(type) {
	case *ast.IndexExpr:
		e = r.X
	case *ast.IndexListExpr:
		e = r.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
