package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
)

// explain improves two of yaegi's messages from the cell's source and the
// session's state after the failure:
//   - "index out of range" (reflect's message has no values): an index
//     expression of the cell whose index is out of its operand's range
//     gives Go's message, "index out of range [5] with length 3";
//   - "constant definition loop", which yaegi reports for an undefined name
//     in a top-level :=, and "undefined type", which names no type, become
//     "undefined: name".
func (s *Session) explain(c *cell, e *Error) {
	code := c.src
	var fix func(stmt ast.Node) string
	switch e.Value {
	case "runtime error: index out of range":
		fix = s.indexOutOfRange
	case "runtime error: slice bounds out of range":
		fix = s.sliceOutOfRange
	case "constant definition loop", "variable definition loop", "undefined type":
		fix = func(stmt ast.Node) string { return s.undefinedName(c, stmt) }
	default:
		return
	}
	toks, err := scanCell(code)
	if err != nil {
		return
	}
	pieces, err := splitCell(rewriteGo(code, toks, nil))
	if err != nil {
		return
	}
	var stmts []ast.Stmt
	for _, p := range pieces {
		if p.kind != pieceStmt {
			continue
		}
		list, _, err := parseStmts(p.text, p.line, p.col)
		if err == nil {
			stmts = append(stmts, list...)
		}
	}
	if c.before == nil {
		// No statement ran: the globals are those from before the cell.
		c.before = map[string]bool{}
		for name := range s.globals() {
			c.before[name] = true
		}
	}
	c.declared = map[string]bool{}
	for _, st := range stmts {
		declaredIn(st, c.declared)
	}
	for _, st := range stmts {
		{
			if msg := fix(st); msg != "" {
				old := e.Value
				e.Value = msg
				for i, l := range e.Traceback {
					e.Traceback[i] = strings.Replace(l, old, msg, 1)
				}
				return
			}
		}
	}
}

func (s *Session) indexOutOfRange(stmt ast.Node) string {
	var msg string
	ast.Inspect(stmt, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok || msg != "" || containsCall(ix.X) || containsCall(ix.Index) {
			return msg == ""
		}
		if _, lit := ix.X.(*ast.CompositeLit); lit {
			return true
		}
		l, err1 := s.peek("len(" + exprSource(ix.X) + ")")
		i, err2 := s.peek(exprSource(ix.Index))
		if err1 != nil || err2 != nil || !isInt(l) || !isInt(i) {
			return true
		}
		if n, k := l.Int(), i.Int(); k < 0 || k >= n {
			msg = fmt.Sprintf("runtime error: index out of range [%d] with length %d", k, n)
		}
		return msg == ""
	})
	return msg
}

// sliceOutOfRange gives Go's message for a slice expression of the cell
// whose bounds are out of its operand's range: "slice bounds out of range
// [:5] with capacity 3", or "[4:2]" when the low bound passes the high one.
func (s *Session) sliceOutOfRange(stmt ast.Node) string {
	var msg string
	ast.Inspect(stmt, func(n ast.Node) bool {
		se, ok := n.(*ast.SliceExpr)
		if !ok || msg != "" || se.Slice3 || containsCall(se) {
			return msg == ""
		}
		x := exprSource(se.X)
		v, err := s.peek(x)
		if err != nil || !v.IsValid() {
			return true
		}
		limit, what := 0, "length"
		switch v.Kind() {
		case reflect.Slice:
			limit, what = v.Cap(), "capacity"
		case reflect.String, reflect.Array:
			limit = v.Len()
		case reflect.Pointer:
			if v.Elem().Kind() != reflect.Array {
				return true
			}
			limit = v.Elem().Len()
		default:
			return true
		}
		bound := func(e ast.Expr, def int) (int, bool) {
			if e == nil {
				return def, true
			}
			b, err := s.peek(exprSource(e))
			if err != nil || !isInt(b) {
				return 0, false
			}
			return int(b.Int()), true
		}
		length := limit
		if v.Kind() == reflect.Slice || v.Kind() == reflect.String {
			length = v.Len()
		}
		lo, ok1 := bound(se.Low, 0)
		hi, ok2 := bound(se.High, length)
		if !ok1 || !ok2 {
			return true
		}
		switch {
		case hi < 0 || hi > limit:
			msg = fmt.Sprintf("runtime error: slice bounds out of range [:%d] with %s %d", hi, what, limit)
		case lo < 0 || lo > hi:
			msg = fmt.Sprintf("runtime error: slice bounds out of range [%d:%d]", lo, hi)
		}
		return msg == ""
	})
	return msg
}

func isInt(v reflect.Value) bool {
	if !v.IsValid() {
		return false
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return true
	}
	return false
}

// undefinedName finds a name used by stmt, and not declared by it, that
// the session does not know.
func (s *Session) undefinedName(c *cell, stmt ast.Node) string {
	var msg string
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if msg != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			// x.Field: only x is a name of the session.
			if id, ok := n.X.(*ast.Ident); ok {
				msg = s.checkName(c, id.Name)
				return false
			}
			ast.Inspect(n.X, visit)
			return false
		case *ast.KeyValueExpr:
			// a struct literal's keys are field names.
			ast.Inspect(n.Value, visit)
			return false
		case *ast.Ident:
			msg = s.checkName(c, n.Name)
		}
		return true
	}
	ast.Inspect(stmt, visit)
	return msg
}

// declaredIn adds the names stmt declares to declared.
func declaredIn(stmt ast.Node, declared map[string]bool) {
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						declared[id.Name] = true
					}
				}
			}
		case *ast.Field:
			for _, id := range n.Names {
				declared[id.Name] = true
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				declared[id.Name] = true
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok {
					declared[id.Name] = true
				}
			}
		}
		return true
	})
}

func (s *Session) checkName(c *cell, name string) string {
	if c.declared[name] || name == "_" || types.Universe.Lookup(name) != nil {
		return ""
	}
	if _, ok := s.decls[name]; ok {
		return ""
	}
	if _, ok := s.types[name]; ok {
		return ""
	}
	for _, n := range s.imports {
		if n == name {
			return ""
		}
	}
	// After the failed cell, yaegi may answer for the name as a half-made
	// global: only the names known before the cell count.
	if c.before == nil || c.before[name] {
		return ""
	}
	return "undefined: " + name
}

// globals returns the session's global variables. yaegi's Globals panics
// after a cell that failed to compile (its frame is smaller than its
// scope) until something runs: run an empty statement and try again.
func (s *Session) globals() (g map[string]reflect.Value) {
	for try := 0; try < 2; try++ {
		func() {
			defer func() {
				if recover() != nil {
					g = nil
				}
			}()
			g = s.i.Globals()
		}()
		if g != nil {
			return g
		}
		s.peek("{}")
	}
	return map[string]reflect.Value{}
}
