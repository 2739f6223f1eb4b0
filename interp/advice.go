package interp

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"regexp"
	"strings"
)

// Before a cell runs, the uses of the session's variables that Go rejects
// and yaegi gets wrong (with an internal message, a nil pointer
// dereference, or no error at all) are reported in Go's words, at their
// line, with what to write instead. These are the habits of PyTorch:
//   - calling a value that is not a function: model(x) for a module
//     ("call model.Forward(x)");
//   - a field or method that a compiled type does not export: t.shape
//     ("use t.Shape()");
//   - indexing a value that cannot be indexed: model[2] ("use
//     model.Child(\"2\")").
//
// Only names whose types are known are checked: variables of earlier
// cells (by their values), and parameters and vars declared with a type.

// habits returns the first such mistake of code, or nil; mine holds the
// names that code declares (topLevelNames).
func (s *Session) habits(code string, mine map[string]int) *Error {
	pieces, err := splitCell(code)
	if err != nil {
		return nil
	}
	made := s.madeByCalls(pieces)
	for _, p := range pieces {
		if p.kind == pieceImport || p.kind == pieceSkip {
			continue
		}
		fset := token.NewFileSet()
		var src string
		if p.kind == pieceStmt {
			src = stmtHeader + padded(0, p.line, p.col, p.text) + "\n}"
		} else {
			src = "package p\n" + padded(0, p.line, p.col, p.text)
		}
		f, err := parser.ParseFile(fset, "", src, 0)
		if err != nil {
			continue
		}
		free := map[*ast.Ident]bool{}
		ofCell := map[*ast.Ident]reflect.Type{} // declared by the cell, of a known type
		for _, id := range f.Unresolved {
			if _, ok := mine[id.Name]; !ok {
				free[id] = true
			} else if t, ok := made[id.Name]; ok {
				ofCell[id] = t
			}
		}
		// known says whether the value of id can be known: a variable
		// of the session, or a parameter or var with its type written.
		known := func(id *ast.Ident) bool {
			if free[id] || ofCell[id] != nil {
				return true
			}
			if id.Obj == nil {
				return false
			}
			switch d := id.Obj.Decl.(type) {
			case *ast.Field:
				return d.Type != nil
			case *ast.ValueSpec:
				return d.Type != nil
			}
			return false
		}
		value := func(id *ast.Ident) (reflect.Value, bool) {
			if free[id] {
				return s.variable(id.Name)
			}
			if t := ofCell[id]; t != nil {
				return reflect.Zero(t), true
			}
			var typ ast.Expr
			switch d := id.Obj.Decl.(type) {
			case *ast.Field:
				typ = d.Type
			case *ast.ValueSpec:
				typ = d.Type
			}
			if _, variadic := typ.(*ast.Ellipsis); variadic {
				return reflect.Value{}, false
			}
			t := src[fset.Position(typ.Pos()).Offset:fset.Position(typ.End()).Offset]
			v, err := s.peek("*new(" + t + ")")
			return v, err == nil && v.IsValid()
		}
		var found *Error
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			var msg string
			var at token.Pos
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && known(id) {
					if v, ok := value(id); ok {
						msg, at = callAdvice(id, v, n, src, fset), n.Pos()
					}
				}
			case *ast.SelectorExpr:
				if id, ok := n.X.(*ast.Ident); ok && known(id) && !token.IsExported(n.Sel.Name) {
					if v, ok := value(id); ok {
						msg, at = selectorAdvice(id, v, n.Sel.Name), n.Sel.Pos()
					}
				}
			case *ast.IndexExpr:
				if id, ok := n.X.(*ast.Ident); ok && known(id) {
					if v, ok := value(id); ok {
						msg, at = indexAdvice(id, v, n.Index, src, fset), n.Pos()
					}
				}
			}
			if msg != "" {
				pos := fset.Position(at)
				found = &Error{Name: "compile error", Value: msg, Traceback: []string{"compile error: " + msg, s.where(declLine(pos.Line), pos.Column)}}
			}
			return found == nil
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// madeByCalls returns the types of the variables that the cell declares
// at its top level from a call with one result of a compiled package's
// function (model := nnlib.Sequential(...), x := tensorlib.Ones(2, 3)) or
// of a function of the cells: their types are known before the cell runs.
func (s *Session) madeByCalls(pieces []piece) map[string]reflect.Type {
	made := map[string]reflect.Type{}
	packages := map[string]bool{}
	for _, name := range s.imports {
		packages[name] = true
	}
	results := map[string]string{} // function of the cell -> its one result type
	for _, p := range pieces {
		if p.kind != pieceFunc {
			continue
		}
		if f, fset, err := parseDecl(p); err == nil {
			if r := f.Decls[0].(*ast.FuncDecl).Type.Results; r != nil && len(r.List) == 1 && len(r.List[0].Names) <= 1 {
				results[p.name] = nodeText(fset, r.List[0].Type)
			}
		}
	}
	for _, p := range pieces {
		if p.kind != pieceStmt {
			continue
		}
		list, _, err := parseStmts(p.text, p.line, p.col)
		if err != nil {
			continue
		}
		for _, st := range list {
			as, ok := st.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				continue
			}
			id, ok := as.Lhs[0].(*ast.Ident)
			call, isCall := as.Rhs[0].(*ast.CallExpr)
			if !ok || !isCall {
				continue
			}
			if fn, ok := call.Fun.(*ast.Ident); ok {
				// A function of the cell, or of the session.
				if r, mine := results[fn.Name]; mine {
					if v, err := s.peek("*new(" + r + ")"); err == nil && v.IsValid() {
						made[id.Name] = v.Type()
					}
					continue
				}
				if _, theirs := s.funcs[fn.Name]; !theirs {
					continue
				}
			} else if sel, ok := call.Fun.(*ast.SelectorExpr); !ok {
				continue
			} else if pkg, ok := sel.X.(*ast.Ident); !ok || !packages[pkg.Name] {
				continue
			}
			f, err := s.peek(exprSource(call.Fun))
			if err == nil && f.IsValid() && f.Kind() == reflect.Func && f.Type().NumOut() == 1 {
				made[id.Name] = f.Type().Out(0)
			}
		}
	}
	return made
}

// variable returns the value of the session's variable name, if it is
// one (not a function, a type or a package).
func (s *Session) variable(name string) (reflect.Value, bool) {
	if _, isFunc := s.funcs[name]; isFunc || s.decls[name] == "type" || s.decls[name] == "package" || isWithdrawn(s.withdrawn, name) {
		return reflect.Value{}, false
	}
	if _, isType := s.types[name]; isType {
		return reflect.Value{}, false
	}
	for _, pkg := range s.imports {
		if pkg == name {
			return reflect.Value{}, false
		}
	}
	v, ok := s.globals()[name]
	if !ok || !v.IsValid() {
		return reflect.Value{}, false
	}
	return v, true
}

func callAdvice(id *ast.Ident, v reflect.Value, call *ast.CallExpr, src string, fset *token.FileSet) string {
	if v.Kind() == reflect.Func || v.Kind() == reflect.Interface && !v.IsNil() && v.Elem().Kind() == reflect.Func {
		return ""
	}
	msg := fmt.Sprintf("invalid operation: cannot call non-function %s (variable of type %s)", id.Name, v.Type())
	if _, ok := v.Type().MethodByName("Forward"); ok {
		args := ""
		if len(call.Args) > 0 {
			from, to := fset.Position(call.Args[0].Pos()).Offset, fset.Position(call.Args[len(call.Args)-1].End()).Offset
			args = src[from:to]
		}
		msg += fmt.Sprintf(": call %s.Forward(%s)", id.Name, args)
	}
	return msg
}

// selectorAdvice reports x.name where name is not exported by the
// compiled type of x.
func selectorAdvice(id *ast.Ident, v reflect.Value, name string) string {
	t := v.Type()
	base := t
	if base.Kind() == reflect.Pointer {
		base = base.Elem()
	}
	if base.Name() == "" || base.PkgPath() == "" || base.PkgPath() == "main" {
		return "" // a type of the cells: its own fields are fine
	}
	sel := id.Name + "." + name
	for i := 0; i < t.NumMethod(); i++ {
		if m := t.Method(i).Name; strings.EqualFold(m, name) {
			return fmt.Sprintf("%s undefined (type %s has no field or method %s, but does have method %s): use %s.%s()", sel, t, name, m, id.Name, m)
		}
	}
	if base.Kind() == reflect.Struct {
		for i := 0; i < base.NumField(); i++ {
			f := base.Field(i)
			if f.IsExported() && strings.EqualFold(f.Name, name) {
				return fmt.Sprintf("%s undefined (type %s has no field or method %s, but does have field %s): use %s.%s", sel, t, name, f.Name, id.Name, f.Name)
			}
		}
		if _, ok := base.FieldByName(name); ok {
			return fmt.Sprintf("%s undefined (cannot refer to unexported field %s of type %s)", sel, name, t)
		}
	}
	return fmt.Sprintf("%s undefined (type %s has no field or method %s)", sel, t, name)
}

// indexAdvice reports x[i] where x cannot be indexed.
func indexAdvice(id *ast.Ident, v reflect.Value, index ast.Expr, src string, fset *token.FileSet) string {
	switch v.Kind() {
	case reflect.Slice, reflect.Array, reflect.String, reflect.Map, reflect.Func, reflect.Interface:
		return ""
	case reflect.Pointer:
		if v.Type().Elem().Kind() == reflect.Array {
			return ""
		}
	}
	msg := fmt.Sprintf("invalid operation: cannot index %s (variable of type %s)", id.Name, v.Type())
	i := src[fset.Position(index.Pos()).Offset:fset.Position(index.End()).Offset]
	if lit, ok := index.(*ast.BasicLit); ok && lit.Kind == token.INT {
		i = `"` + lit.Value + `"`
	} else if !(ok && lit.Kind == token.STRING) {
		i = "fmt.Sprint(" + i + ")"
	}
	var ways []string
	for _, m := range []string{"Child", "GetSubmodule"} {
		if _, ok := v.Type().MethodByName(m); ok {
			ways = append(ways, fmt.Sprintf("%s.%s(%s)", id.Name, m, i))
		}
	}
	if len(ways) > 0 {
		msg += ": use " + strings.Join(ways, " or ")
	}
	return msg
}

// goWords rewrites yaegi's and reflect's internal messages into what a Go
// programmer reads from the Go compiler or runtime. It reports whether
// the message was a compile error.
func goWords(msg string) (string, bool) {
	compile := false
	if m, ok := strings.CutPrefix(msg, "CFG post-order panic: "); ok {
		msg, compile = m, true
	}
	if m := errPos.FindStringSubmatch(msg); m != nil && compile {
		msg = m[4]
	}
	for _, w := range internalWords {
		if m := w.re.FindStringSubmatch(msg); m != nil {
			out := w.re.ReplaceAllString(m[0], w.to)
			return out, compile || w.compile
		}
	}
	return msg, compile
}

var internalWords = []struct {
	re      *regexp.Regexp
	to      string
	compile bool
}{
	{regexp.MustCompile(`^incomplete type (\w+)$`), "undefined: $1", true},
	// A module called as in PyTorch whose type the check before the cell
	// could not know (declared in the same cell): the advice of callAdvice.
	{regexp.MustCompile(`^reflect: NumIn of non-func type (\*nnlib\.Module)$`), "invalid operation: cannot call non-function (value of type $1): a module runs with its Forward method, m.Forward(x)", true},
	{regexp.MustCompile(`^reflect: NumIn of non-func type (.*)$`), "invalid operation: cannot call non-function (value of type $1)", true},
	{regexp.MustCompile(`^reflect(\.Value\.Interface)?: cannot return value obtained from unexported field or method$`), "cannot refer to an unexported field or method of a compiled type: use its exported methods", false},
	{regexp.MustCompile(`^(constant|variable) definition loop$`), "invalid declaration: it uses an undefined name, or itself", true},
}

// inGoWords applies goWords to a cell's error.
func inGoWords(e *Error) {
	msg, compile := goWords(e.Value)
	if msg == e.Value {
		return
	}
	old := e.Value
	e.Value = msg
	if compile && e.Name == "panic" {
		e.Name = "compile error"
	}
	for i, l := range e.Traceback {
		if i == 0 {
			e.Traceback[0] = e.Name + ": " + msg
			continue
		}
		e.Traceback[i] = strings.Replace(l, old, msg, 1)
	}
}
