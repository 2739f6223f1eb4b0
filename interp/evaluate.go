package interp

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/gohooks/gohooks/internal/interrupt"
)

// plan decides what the cell's pieces become: imports are made now;
// types, methods and functions are checked against the session's; the
// pieces are placed, in cell positions, in the sources that evaluate
// runs, in order.
func (s *Session) plan(ctx context.Context, c *cell) *Error {
	base := c.base
	c.types.header, c.decls.header, c.stmts.header = "package main", "package main", "{}"
	// Constants that a type of the cell uses (type A [K]int) are declared
	// before the types, with the cell's other constants, in order.
	c.consts.header = "{}"
	early := earlyConsts(c.pieces)
	// Package-level variables that the cell's methods use are declared
	// before the methods are compiled.
	hoist := methodVars(c.pieces)
	c.vars.header = "{}"
	seen := map[string]bool{} // names declared by the statements so far
	var last *piece
	for k := range c.pieces {
		p := &c.pieces[k]
		switch p.kind {
		case pieceImport:
			if e := s.addImports(ctx, p); e != nil {
				return e
			}
		case pieceType:
			keep, e := s.checkTypes(p)
			if e != nil {
				return e
			}
			if keep {
				c.types.place(base, p.line, p.col, p.text)
			}
		case pieceDecl:
			keep, e := s.checkDecl(p)
			if e != nil {
				return e
			}
			if keep {
				c.decls.place(base, p.line, p.col, p.text)
			}
		case pieceFunc:
			f, fset, err := parseDecl(*p)
			if err != nil {
				return s.cellErr("syntax error", err)
			}
			fd := f.Decls[0].(*ast.FuncDecl)
			sig := nodeText(fset, fd.Type)
			name := p.name
			if name == "init" {
				// Each init of the cell is a function of its own, called
				// after the cell's functions and package variables.
				name = fmt.Sprintf("_gohooksInit%d_%d", base, len(c.inits))
				c.inits = append(c.inits, name)
			}
			if s.funcs[name] != sig {
				c.funcVars = append(c.funcVars, "var "+name+" "+sig)
			}
			s.funcs[name] = sig
			s.decls[name] = "func"
			// "func name(" becomes "name = func(": same line.
			first := base*lineStride + p.line
			s.funcSpans = append(s.funcSpans, funcSpan{p.name, first, first + strings.Count(p.text, "\n")})
			i := len("func") + strings.Index(p.text[len("func"):], p.name)
			c.stmts.place(base, p.line, p.col, name+" = func"+p.text[i+len(p.name):])
			last = nil
			continue
		case pieceStmt:
			last = p
			continue
		}
		last = nil
	}
	// The cell's init functions run before its first statement that is
	// not a var or const (main's body), or at its end.
	initsAt := func(line, col int) {
		if len(c.inits) > 0 {
			c.stmts.place(base, line, col, strings.Join(c.inits, "(); ")+"()")
			c.inits = nil
		}
	}
	defer func() { initsAt(strings.Count(c.code, "\n")+1, 1) }()
	for k := range c.pieces {
		p := &c.pieces[k]
		if p.kind != pieceStmt {
			continue
		}
		if p.firstTok != token.VAR && p.firstTok != token.CONST {
			initsAt(p.line, p.col)
		}
		if early && p.firstTok == token.CONST {
			c.consts.place(base, p.line, p.col, p.text)
			continue
		}
		// yaegi's limits at the top level are worked around statement by
		// statement (toplevel.go); the cell's last expression is kept as
		// written.
		rewrite := func(text string) (string, *Error) {
			out, err := rewriteStmts(text, p.line, p.col, base, s.generics, seen)
			if err != nil {
				return "", s.cellErr("syntax error", err)
			}
			for _, w := range out.wrapped {
				s.funcSpans = append(s.funcSpans, funcSpan{"the cell", base*lineStride + w[0], base*lineStride + w[1]})
			}
			c.stmtLines = append(c.stmtLines, out.lines...)
			c.defers = c.defers || out.defers
			c.exits = c.exits || out.defers || out.returns
			return out.text, nil
		}
		if hoist[k] {
			text, e := rewrite(p.text)
			if e != nil {
				return e
			}
			c.vars.place(base, p.line, p.col, text)
			continue
		}
		text := p.text
		if p == last {
			// The cell's value: its last statement, if an expression
			// statement.
			list, fset, err := parseStmts(p.text, p.line, p.col)
			if err != nil {
				return s.cellErr("syntax error", err)
			}
			if es, ok := list[len(list)-1].(*ast.ExprStmt); ok {
				off := fset.Position(es.Pos()).Offset - len(stmtHeader) - (p.line - 1) - (p.col - 1)
				c.last = &lastExpr{x: es.X, text: p.text[off:]}
				c.last.line, c.last.col = lineCol(c.code, p.start+off)
				c.stmtLines = append(c.stmtLines, c.last.line)
				text = p.text[:off]
			}
		}
		if text != "" {
			text, e := rewrite(text)
			if e != nil {
				return e
			}
			c.stmts.place(base, p.line, p.col, text)
		}
	}
	return nil
}

// evaluate runs what plan placed: the cell's constants and types, its
// functions' variables, the variables its methods use, its methods and
// generic functions, then its statements.
func (s *Session) evaluate(ctx context.Context, c *cell) *Error {
	for _, src := range []*srcBuilder{&c.consts, &c.types} {
		if src.used {
			if _, e := s.eval(ctx, src.header, src.b.String(), 0, 0, false); e != nil {
				return e
			}
		}
	}
	if len(c.funcVars) > 0 {
		if _, e := s.eval(ctx, "{}; "+strings.Join(c.funcVars, "; "), "", 0, 0, false); e != nil {
			return e
		}
	}
	if c.vars.used {
		if _, e := s.eval(ctx, c.vars.header, c.vars.b.String(), 0, 0, false); e != nil {
			return e
		}
	}
	if c.stmts.used {
		c.before = map[string]bool{}
		for name := range s.globals() {
			c.before[name] = true
		}
	}
	if c.decls.used {
		if _, e := s.eval(ctx, c.decls.header, c.decls.b.String(), 0, 0, false); e != nil {
			return e
		}
	}
	if c.defers {
		if _, e := s.eval(ctx, "{}", "\n"+deferStack+" = nil", 0, 0, false); e != nil {
			return e
		}
	}
	if c.stmts.used {
		_, e := s.eval(ctx, c.stmts.header, c.stmts.b.String(), 0, 0, false)
		if e != nil && e.Name != "panic" && e.Name != "interrupted" && e.Value == "nil type" && len(c.stmts.parts) > 1 {
			// yaegi types the globals of one source together, and
			// cannot type some from others declared in the same source
			// (_, ok := c.Get(k) after c := NewLRU(2)): nothing ran, so
			// the statements run one at a time.
			for _, part := range c.stmts.parts {
				if _, e = s.eval(ctx, c.stmts.header, part, 0, 0, false); e != nil {
					return e
				}
			}
			return nil
		}
		return e
	}
	return nil
}

// endStatements runs the deferred calls of the cell's statements, which
// ended with err, last in first out, and returns the cell's error: a
// panic that no deferred call recovered, or the last panic of a deferred
// call. A top-level return is no error.
func (s *Session) endStatements(ctx context.Context, err *Error, defers bool) *Error {
	c := &s.cur
	c.Lock()
	c.panic = cellPanic{}
	if err != nil && err.Name == "panic" {
		c.panic = cellPanic{active: true, value: c.lastPanic, err: err}
	}
	c.Unlock()
	if err != nil && err.Name != "panic" {
		return err // a compile error or an interrupt: nothing ran, or the cell stops
	}
	if err != nil && strings.HasPrefix(err.Value, "os.Exit(") {
		// os.Exit ends the program without running deferred calls.
		c.Lock()
		c.panic = cellPanic{}
		c.Unlock()
		return err
	}
	for defers {
		_, e := s.eval(ctx, "{}", "\n_gohooksRunDefers()", 0, 0, false)
		if e == nil {
			break
		}
		if e.Name != "panic" {
			return e
		}
		c.Lock()
		if old := c.panic; old.active && old.err != nil && len(e.Traceback) > 0 {
			if _, ret := old.value.(cellReturn); !ret {
				// As Go prints it: the first panic, then the one of the
				// deferred call.
				e.Traceback = append([]string{old.err.Traceback[0], "\t" + e.Traceback[0]}, e.Traceback[1:]...)
			}
		}
		c.panic = cellPanic{active: true, value: c.lastPanic, err: e}
		c.Unlock()
	}
	c.Lock()
	p := c.panic
	c.panic = cellPanic{}
	c.Unlock()
	if _, ret := p.value.(cellReturn); !p.active || ret {
		return nil
	}
	return p.err
}

// methodVars returns the var and const pieces (by index) whose names a
// method or generic function of the cell uses, and whose values use no other
// name declared by the cell's statements or functions: they run before
// the methods are compiled, as Go initializes package variables before
// main, with the cell's constants (which depend on nothing that runs).
func methodVars(pieces []piece) map[int]bool {
	used := map[string]bool{}
	for _, p := range pieces {
		if p.kind == pieceDecl {
			toks, _ := scanCell(p.text)
			for _, t := range toks {
				if t.tok == token.IDENT {
					used[t.lit] = true
				}
			}
		}
	}
	if len(used) == 0 {
		return nil
	}
	// Names declared by the statements and functions of the cell.
	declared := map[int]map[string]bool{}
	all := map[string]bool{}
	for k, p := range pieces {
		switch p.kind {
		case pieceFunc:
			all[p.name] = true
		case pieceStmt:
			if list, _, err := parseStmts(p.text, p.line, p.col); err == nil {
				names := map[string]bool{}
				for _, st := range list {
					if _, isDecl := st.(*ast.DeclStmt); isDecl || p.firstTok != token.VAR {
						declaredIn(st, names)
					}
				}
				declared[k] = names
				if p.firstTok == token.CONST {
					continue // constants can go first (below)
				}
				for n := range names {
					all[n] = true
				}
			}
		}
	}
	hoist := map[int]bool{}
	for k, p := range pieces {
		if p.kind != pieceStmt || p.firstTok != token.VAR {
			continue
		}
		want := false
		for n := range declared[k] {
			want = want || used[n]
		}
		if !want {
			continue
		}
		toks, _ := scanCell(p.text)
		for _, t := range toks {
			if t.tok == token.IDENT && all[t.lit] && !declared[k][t.lit] {
				want = false
			}
		}
		if want {
			hoist[k] = true
		}
	}
	for k, p := range pieces {
		if p.kind == pieceStmt && p.firstTok == token.CONST {
			for n := range declared[k] {
				if used[n] {
					hoist[k] = true
				}
			}
		}
	}
	if len(hoist) > 0 {
		for k, p := range pieces {
			if p.kind == pieceStmt && p.firstTok == token.CONST {
				hoist[k] = true
			}
		}
	}
	return hoist
}

// earlyConsts reports whether a type declaration of the cell uses a
// constant declared by the cell.
func earlyConsts(pieces []piece) bool {
	names := map[string]bool{}
	for _, p := range pieces {
		if p.kind != pieceStmt || p.firstTok != token.CONST {
			continue
		}
		if list, _, err := parseStmts(p.text, p.line, p.col); err == nil {
			for _, st := range list {
				declaredIn(st, names)
			}
		}
	}
	if len(names) == 0 {
		return false
	}
	for _, p := range pieces {
		if p.kind != pieceType {
			continue
		}
		toks, _ := scanCell(p.text)
		for _, t := range toks {
			if t.tok == token.IDENT && names[t.lit] {
				return true
			}
		}
	}
	return false
}

// srcBuilder assembles pieces after a header line, each preceded by a line
// directive so that yaegi's positions say the cell and its line.
type srcBuilder struct {
	header string
	b      strings.Builder
	parts  []string // what place wrote, piece by piece
	used   bool
}

func (sb *srcBuilder) place(cell, line, col int, text string) {
	sb.used = true
	// The file name must stay yaegi's default: imports belong to a file.
	part := fmt.Sprintf("\n//line _.go:%d:%d\n", cell*lineStride+line, col) + text
	sb.b.WriteString(part)
	sb.parts = append(sb.parts, part)
}

// addImports runs the new imports of an import piece; imports already made
// (our packages and fmt, math, strings, os, time from the start) are dropped.
func (s *Session) addImports(ctx context.Context, p *piece) *Error {
	f, _, err := parseDecl(*p)
	if err != nil {
		return s.cellErr("syntax error", err)
	}
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		name := packageName(path)
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if have, ok := s.imports[path]; ok && have == name {
			continue
		}
		if e := s.prepareImport(ctx, path, p.line, p.col); e != nil {
			return e
		}
		src := "package main\nimport "
		if spec.Name != nil {
			src += spec.Name.Name + " "
		}
		if _, e := s.eval(ctx, src+spec.Path.Value, "", 0, 0, false); e != nil {
			l, c := p.line, p.col
			e.Traceback = []string{fmt.Sprintf("cannot import %s: %s", spec.Path.Value, e.Value), s.where(l, c)}
			return s.importDone(path, e)
		}
		s.importDone(path, nil)
		s.imports[path] = name
		s.decls[name] = "package"
	}
	return nil
}

// checkTypes decides what to do with a type piece: run it (new types), drop
// it (the same definitions again, as when a cell is run twice), or refuse
// it (a different definition of an existing type).
func (s *Session) checkTypes(p *piece) (bool, *Error) {
	f, fset, err := parseDecl(*p)
	if err != nil {
		return false, s.cellErr("syntax error", err)
	}
	same, fresh := 0, 0
	defs := map[string]string{}
	for _, d := range f.Decls {
		for _, spec := range d.(*ast.GenDecl).Specs {
			ts := spec.(*ast.TypeSpec)
			def := nodeText(fset, ts)
			name := ts.Name.Name
			if old, ok := s.types[name]; ok {
				if old != def {
					pos := fset.Position(ts.Pos())
					return false, s.refusal(declLine(pos.Line), pos.Column, fmt.Sprintf(
						"type %s is already defined in this session with a different definition, and a Go session cannot redefine a type (existing values and methods would keep the old one): give the new type another name (%s2), or run %%reset to start a fresh session (all variables are lost)", name, name))
				}
				same++
			} else {
				fresh++
			}
			defs[name] = def
		}
	}
	if fresh > 0 && same > 0 {
		return false, s.refusal(p.line, p.col, "this type declaration mixes new types with types already defined: declare the new types separately")
	}
	for k, v := range defs {
		s.types[k] = v
		s.decls[k] = "type"
	}
	return fresh > 0, nil
}

// checkDecl applies the same rule to methods; generic functions are run
// again when redefined.
func (s *Session) checkDecl(p *piece) (bool, *Error) {
	f, fset, err := parseDecl(*p)
	if err != nil {
		return false, s.cellErr("syntax error", err)
	}
	fd, ok := f.Decls[0].(*ast.FuncDecl)
	if !ok {
		return true, nil
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		s.decls[fd.Name.Name] = "func"
		s.generics[fd.Name.Name] = fd.Type.TypeParams != nil
		return true, nil
	}
	recv := fd.Recv.List[0].Type
	if st, ok := recv.(*ast.StarExpr); ok {
		recv = st.X
	}
	switch r := recv.(type) {
	case *ast.IndexExpr:
		recv = r.X
	case *ast.IndexListExpr:
		recv = r.X
	}
	key := exprSource(recv) + "." + fd.Name.Name
	fd.Doc = nil
	def := nodeText(fset, fd)
	if old, ok := s.types[key]; ok {
		if old == def {
			return false, nil
		}
		pos := fset.Position(fd.Pos())
		return false, s.refusal(declLine(pos.Line), pos.Column, fmt.Sprintf(
			"method %s is already defined in this session, and a Go session cannot redefine a method (values of the type would keep the old one): declare the type and all its methods again in one cell (the session then makes a new version of the type), or run %%reset to start a fresh session (all variables are lost)", key))
	}
	s.types[key] = def
	if fd.Name.Name == "String" || fd.Name.Name == "Error" {
		s.stringers = true
	}
	return true, nil
}

// eval runs header + body in yaegi. With own, body is an expression placed
// at line, col of a cell of its own (user expressions).
func (s *Session) eval(ctx context.Context, header, body string, line, col int, own bool) (reflect.Value, *Error) {
	if own {
		var b srcBuilder
		b.header = header
		b.place(0, line, col, body)
		header, body = b.header, b.b.String()
	}
	s.cur.Lock()
	s.cur.frames = nil
	s.cur.Unlock()
	if os.Getenv("GOHOOKS_DEBUG_SRC") != "" {
		fmt.Fprintf(os.Stderr, "--- eval:\n%s\n", strings.TrimLeft(header+body, "\n"))
	}
	v, err := s.evalCtx(ctx, header+body)
	if err == nil {
		return v, nil
	}
	return reflect.Value{}, s.toError(ctx, err)
}

// evalCtx runs src, and on cancellation waits for the interpreter to stop:
// yaegi returns at once, but compiled code may still be running, and the
// next cell must not start beside it.
func (s *Session) evalCtx(ctx context.Context, src string) (reflect.Value, error) {
	if err := ctx.Err(); err != nil {
		return reflect.Value{}, err
	}
	v, err := s.evalWithContext(ctx, src)
	if ctx.Err() != nil && (err == nil || errors.Is(err, ctx.Err())) {
		// yaegi has stopped the interpreter before it returned: only now
		// does compiled code see the interrupt, so that no statement runs
		// after an interrupted wait (interrupt.Sleep returns early).
		interrupt.Request()
		for evalRunning() {
			time.Sleep(5 * time.Millisecond)
		}
		return reflect.Value{}, ctx.Err()
	}
	return v, err
}

// evalWithContext is yaegi's EvalWithContext, with a panic of its
// compiler turned into an error (see peek).
func (s *Session) evalWithContext(ctx context.Context, src string) (v reflect.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = reflect.Value{}, fmt.Errorf("%v", r)
		}
	}()
	return s.i.EvalWithContext(ctx, src)
}

// peek evaluates src for the session's own use (completion, a result's
// kind, error details). A panic of yaegi's compiler, which a cell's
// mistake can cause, is an error: it must not cost the session.
func (s *Session) peek(src string) (v reflect.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = reflect.Value{}, fmt.Errorf("%v", r)
		}
	}()
	return s.i.Eval(src)
}

// evalRunning reports whether yaegi's evaluation goroutine still exists.
func evalRunning() bool {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			// The root of yaegi's goroutine: present from before it starts
			// to its end.
			return strings.Contains(string(buf[:n]), "yaegi/interp.(*Interpreter).EvalWithContext.func1(")
		}
		buf = make([]byte, 2*len(buf))
	}
}
