package interp

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gohooks/gohooks/comm"
	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/internal/interrupt"
	"github.com/gohooks/gohooks/interp/exports"
	yaegi "github.com/traefik/yaegi/interp"
)

// Names the session defines for its own use; cells should not use them.
const (
	recoverFunc = "_gohooksRecover"
	internalPkg = "_gohooks"
	goStartCall = internalPkg + ".GoStart()"
)

// Options configure a Session.
type Options struct {
	// Stdout and Stderr receive what cells print through os.Stdout,
	// os.Stderr and fmt.Print. When nil, the text goes to the Sink of the
	// running cell as stream output. The worker sets them to its
	// redirected file descriptors 1 and 2, so that compiled code's writes
	// are captured too.
	Stdout, Stderr io.Writer
}

// Session is a Go session run in this process by yaegi: it executes cells
// by the rules of the package documentation. Its methods may be called from
// several goroutines; cells run one at a time.
type Session struct {
	opts   Options
	stderr io.Writer

	mu       sync.Mutex // held while a cell runs
	i        *yaegi.Interpreter
	count    int               // cells run so far
	id       int               // the running cell's id in yaegi line numbers (count, modulo maxCells)
	names    map[int]int       // cell id -> its number as the front end shows it (req.ExecutionCount)
	funcs    map[string]string // function name -> its func type
	generics map[string]bool   // generic functions of the cells
	// typeMarker is what yaegi's Eval returns for a type name.
	typeMarker uintptr
	types      map[string]string // type name, or "Type.Method" -> definition
	imports    map[string]string // import path -> name
	decls      map[string]string // every name the cells declared -> kind
	before     map[string]bool   // global names before the running cell's statements
	stringers  bool              // a cell defined a String or Error method
	sources    map[int]string    // cell number -> its code, quoted in errors
	alias      map[string]string // type name in cells -> its current version
	versions   map[string]int    // type name in cells -> versions made
	funcSpans  []funcSpan        // where the cells' functions are, for tracebacks
	// declared holds the names the failed cell declares (explain).
	declared map[string]bool
	// withdrawn: names declared first by a failed cell -> its number
	// (failed.go).
	withdrawn map[string]int
	mods      *modules // imports from modules (imports.go)

	cur struct { // the running cell, guarded by curMu
		sync.Mutex
		sink       Sink
		allowStdin bool
		running    bool
		goPanic    *Error
		frames     []string
		pending    []byte        // stdin read but not yet consumed
		number     int           // s.count of the running cell, 0 between cells
		live       int           // goroutines the running cell started, still running
		liveDone   chan struct{} // closed when live drops to 0, if waited for
		lastPanic  any           // the value of the last panic of an evaluation
		panic      cellPanic     // while the top-level deferred calls run
	}
}

// goroutineGrace is how long a cell's end waits for the goroutines it
// started: one that panics after signalling the cell (a deferred
// wg.Done or close runs before the panic is recovered) is still reported
// as the cell's error. A goroutine that keeps running costs its cell this
// much once.
const goroutineGrace = 50 * time.Millisecond

// funcSpan locates a function of a cell: yaegi names the function literal
// a function becomes "func"; tracebacks use the name written in the cell.
type funcSpan struct {
	name        string
	first, last int // yaegi lines
}

// NewSession returns a session with our packages and fmt, math, strings,
// os and time imported.
func NewSession(opts Options) (*Session, error) {
	s := &Session{opts: opts, names: map[int]int{}}
	if err := s.reset(); err != nil {
		return nil, err
	}
	return s, nil
}

// preloaded lists the imports of every session (path, name).
func preloaded() [][2]string {
	l := [][2]string{{"fmt", "fmt"}, {"math", "math"}, {"strings", "strings"}, {"os", "os"}, {"time", "time"}}
	for _, p := range exports.Packages {
		l = append(l, [2]string{p, p[strings.LastIndex(p, "/")+1:]})
	}
	return l
}

// minMax gives cells the min and max builtins of Go 1.21, which yaegi
// lacks, as generic functions over the ordered basic types.
const minMax = `
type _gohooksOrdered interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64 | ~string
}
func min[T _gohooksOrdered](x T, y ...T) T {
	for _, v := range y {
		if v < x {
			x = v
		}
	}
	return x
}
func max[T _gohooksOrdered](x T, y ...T) T {
	for _, v := range y {
		if v > x {
			x = v
		}
	}
	return x
}
`

// closedLike sets the channel variable *p to a new, closed channel of
// its type: a receive from it gives the zero value of the element type
// (rewrite.go's topLevelRecv).
func closedLike(p any) {
	v := reflect.ValueOf(p).Elem()
	t := v.Type()
	c := reflect.MakeChan(reflect.ChanOf(reflect.BothDir, t.Elem()), 0)
	c.Close()
	v.Set(c.Convert(t))
}

// clearValue is the clear builtin of Go 1.21, which yaegi lacks: it
// deletes the entries of a map and zeroes the elements of a slice.
func clearValue(x any) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Map, reflect.Slice:
		v.Clear()
	default:
		panic(fmt.Sprintf("invalid argument: clear(%T): argument must be a map or a slice", x))
	}
}

func (s *Session) reset() error {
	comm.Reset() // the front end's ends of the comms belong to the old session
	out, errw := s.opts.Stdout, s.opts.Stderr
	if out == nil {
		out = &sinkWriter{s, "stdout"}
	}
	if errw == nil {
		errw = &sinkWriter{s, "stderr"}
	}
	s.stderr = errw
	i := yaegi.New(s.interpreterOptions(yaegi.Options{
		Stdout: out,
		Stderr: &frameFilter{s: s, w: errw},
		Stdin:  &stdinReader{s},
	}))
	if err := useCompiled(i); err != nil {
		return err
	}
	if err := i.Use(yaegi.Exports{"gohooks/internal/internal": {
		"GoStart":    reflect.ValueOf(s.goStart),
		"GoExit":     reflect.ValueOf(s.goExit),
		"Clear":      reflect.ValueOf(clearValue),
		"Recover":    reflect.ValueOf(s.recoverCell),
		"Return":     reflect.ValueOf(cellReturnPanic),
		"ClosedLike": reflect.ValueOf(closedLike),
	}}); err != nil {
		return err
	}
	var src strings.Builder
	src.WriteString("package main\nimport (\n")
	s.imports = map[string]string{}
	for _, p := range preloaded() {
		fmt.Fprintf(&src, "\t%q\n", p[0])
		s.imports[p[0]] = p[1]
	}
	fmt.Fprintf(&src, "\t%s %q\n)\n", internalPkg, "gohooks/internal")
	fmt.Fprintf(&src, "func %s(cell int) {\n\t%s.GoExit(cell, recover())\n}\n", recoverFunc, internalPkg)
	src.WriteString(minMax)
	// First: yaegi's value for a type name is the session's first global
	// variable (typeMarker), which must be a function.
	fmt.Fprintf(&src, "var clear = %s.Clear\n", internalPkg)
	src.WriteString(deferPrelude)
	fmt.Fprintf(&src, "var %s int\n", doneMarker)
	if _, err := i.Eval(src.String()); err != nil {
		return fmt.Errorf("interp: starting the session: %w", err)
	}
	s.i = i
	s.typeMarker = 0
	if m, err := i.Eval("int"); err == nil && m.IsValid() && m.Kind() == reflect.Func {
		s.typeMarker = m.Pointer()
	}
	s.funcs = map[string]string{}
	s.generics = map[string]bool{}
	s.types = map[string]string{}
	s.decls = map[string]string{}
	s.stringers = false
	s.sources = map[int]string{}
	s.alias = map[string]string{}
	s.versions = map[string]int{}
	s.funcSpans = nil
	s.withdrawn = map[string]int{}
	return nil
}

// sinkWriter sends writes to the running cell's Sink, and to the process's
// stdout or stderr when no cell runs.
type sinkWriter struct {
	s    *Session
	name string
}

func (w *sinkWriter) Write(p []byte) (int, error) {
	w.s.cur.Lock()
	sink := w.s.cur.sink
	w.s.cur.Unlock()
	if sink != nil {
		sink.Stream(w.name, string(p))
		return len(p), nil
	}
	// Between cells (a goroutine of an earlier cell): the process's own.
	if w.name == "stderr" {
		return os.Stderr.Write(p)
	}
	return os.Stdout.Write(p)
}

// frameFilter keeps yaegi's "L:C: panic: f(...)" lines, which it prints for
// every interpreted frame a panic passes through, out of the user's stderr
// and records them as the traceback of the running cell.
type frameFilter struct {
	s *Session
	w io.Writer
}

var frameLine = regexp.MustCompile(`^(_\.go:)?(\d+):(\d+): panic: (.*)\(\.\.\.\)\n$`)

func (f *frameFilter) Write(p []byte) (int, error) {
	if m := frameLine.FindSubmatch(p); m != nil {
		f.s.cur.Lock()
		if len(f.s.cur.frames) < 50 {
			f.s.cur.frames = append(f.s.cur.frames, string(p[:len(p)-1]))
		}
		f.s.cur.Unlock()
		return len(p), nil
	}
	return f.w.Write(p)
}

// stdinReader gives cells the front end's input, one line per request.
type stdinReader struct{ s *Session }

func (r *stdinReader) Read(p []byte) (int, error) {
	c := &r.s.cur
	c.Lock()
	if len(c.pending) == 0 {
		sink, allow := c.sink, c.allowStdin
		c.Unlock()
		if sink == nil || !allow {
			return 0, errors.New("reading os.Stdin: this front end does not accept input")
		}
		line, err := sink.Input("", false)
		if err != nil {
			return 0, fmt.Errorf("reading os.Stdin: %w", err)
		}
		c.Lock()
		c.pending = append(c.pending, line+"\n"...)
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	c.Unlock()
	return n, nil
}

// goStart is called (from interpreted code) as a goroutine starts; it
// returns the number of the cell running then, 0 for none.
func (s *Session) goStart() int {
	c := &s.cur
	c.Lock()
	defer c.Unlock()
	if !c.running {
		return 0
	}
	c.live++
	return c.number
}

// goExit is called (from interpreted code) as a goroutine that started
// while cell ran ends, with what it recovered from a panic, if anything.
// A panic becomes the error of the running cell, whichever it is, and a
// message on stderr when no cell runs.
func (s *Session) goExit(cell int, r any) {
	c := &s.cur
	c.Lock()
	if cell != 0 && c.running && c.number == cell {
		c.live--
		if c.live == 0 && c.liveDone != nil {
			close(c.liveDone)
			c.liveDone = nil
		}
	}
	if r == nil {
		c.Unlock()
		return
	}
	msg, at := s.panicPosition(panicMessage(r))
	if c.running {
		if c.goPanic == nil {
			c.goPanic = &Error{Name: "panic", Value: msg, Traceback: append(append([]string{"panic in a goroutine: " + msg}, at...), s.traceback(c.frames)...)}
		}
		c.Unlock()
		return
	}
	// Unlocked first: s.stderr takes the same lock to find the sink.
	c.Unlock()
	fmt.Fprintf(s.stderr, "panic in a goroutine started by an earlier cell: %s\n", msg)
}

// waitForGoroutines waits up to goroutineGrace for the goroutines the
// running cell started to end.
func (s *Session) waitForGoroutines() {
	c := &s.cur
	c.Lock()
	if c.live == 0 {
		c.Unlock()
		return
	}
	if c.liveDone == nil {
		c.liveDone = make(chan struct{})
	}
	done := c.liveDone
	c.Unlock()
	select {
	case <-done:
	case <-time.After(goroutineGrace):
	}
}

// Execute runs one cell. Cancelling ctx interrupts it.
func (s *Session) Execute(ctx context.Context, req ExecuteRequest, sink Sink) ExecuteReply {
	s.mu.Lock()
	defer s.mu.Unlock()
	interrupt.Clear()
	c := &s.cur
	c.Lock()
	s.count++
	c.sink, c.allowStdin, c.running, c.goPanic, c.pending = sink, req.AllowStdin, true, nil, nil
	c.number, c.live, c.liveDone = s.count, 0, nil
	c.Unlock()
	defer func() {
		c.Lock()
		c.sink, c.running, c.number, c.liveDone = nil, false, 0, nil
		c.Unlock()
	}()
	// Cell ids are reused after maxCells cells: a line number must stay
	// below 2^30 for Go's parser.
	s.id = (s.count-1)%maxCells + 1
	if s.count > maxCells {
		s.forget(s.id)
	}
	s.names[s.id] = req.ExecutionCount
	var reply ExecuteReply
	res, err := s.runCell(ctx, req.Code, sink)
	s.waitForGoroutines()
	c.Lock()
	if err == nil && c.goPanic != nil {
		err = c.goPanic
	}
	c.Unlock()
	if err != nil {
		reply.Err = err
	} else if res != nil && !req.Silent {
		reply.Result = res
	}
	if len(req.UserExpressions) > 0 {
		reply.UserExpressions = map[string]any{}
		for name, expr := range req.UserExpressions {
			reply.UserExpressions[name] = s.userExpression(ctx, expr)
		}
	}
	return reply
}

func (s *Session) userExpression(ctx context.Context, expr string) map[string]any {
	v, err := s.eval(ctx, "{}", renameIdents(expr, s.alias), 1, 1, true)
	if err != nil {
		return map[string]any{"status": "error", "ename": err.Name, "evalue": err.Value, "traceback": err.Traceback}
	}
	b := display.Text("")
	if v.IsValid() && v.CanInterface() {
		b = display.BundleOf(v.Interface())
	}
	return map[string]any{"status": "ok", "data": b.Data, "metadata": map[string]any{}}
}

// runCell runs code: magics first, then the cell rules.
func (s *Session) runCell(ctx context.Context, code string, sink Sink) (*display.Bundle, *Error) {
	trimmed := strings.TrimSpace(code)
	if strings.HasPrefix(trimmed, "%") {
		return s.magic(ctx, code, sink)
	}
	return s.run(ctx, code)
}

func (s *Session) runCode(ctx context.Context, code string) (*display.Bundle, *Error) {
	s.sources[s.id] = code
	s.before = nil
	toks, err := scanCell(code)
	if err != nil {
		return nil, s.cellErr("syntax error", err)
	}
	code = renameIdents(rewriteGo(code, toks), s.alias)
	pieces, err := splitCell(code)
	if err != nil {
		return nil, s.cellErr("syntax error", err)
	}
	fixed, err := s.assignCode(code, pieces)
	if err != nil {
		return nil, s.cellErr("syntax error", err)
	}
	if fixed != code {
		code = fixed
		if pieces, err = splitCell(code); err != nil {
			return nil, s.cellErr("syntax error", err)
		}
	}
	renames, e := s.versionTypes(pieces)
	if e != nil {
		return nil, e
	}
	if len(renames) > 0 {
		code = renameIdents(code, renames)
		if pieces, err = splitCell(code); err != nil {
			return nil, s.cellErr("syntax error", err)
		}
		for internal, to := range renames {
			s.alias[s.userName(internal)] = to
		}
	}
	base := s.id
	var (
		types, decls, stmts srcBuilder
		funcVars            []string
	)
	types.header, decls.header, stmts.header = "package main", "package main", "{}"
	// Constants that a type of the cell uses (type A [K]int) are declared
	// before the types, with the cell's other constants, in order.
	var consts srcBuilder
	consts.header = "{}"
	early := earlyConsts(pieces)
	// Package-level variables that the cell's methods use are declared
	// before the methods are compiled.
	hoist := methodVars(pieces)
	var vars srcBuilder
	vars.header = "{}"
	var last *piece
	for k := range pieces {
		p := &pieces[k]
		switch p.kind {
		case pieceImport:
			if e := s.addImports(ctx, p); e != nil {
				return nil, e
			}
		case pieceType:
			keep, e := s.checkTypes(p)
			if e != nil {
				return nil, e
			}
			if keep {
				types.place(base, p.line, p.col, p.text)
			}
		case pieceDecl:
			keep, e := s.checkDecl(p)
			if e != nil {
				return nil, e
			}
			if keep {
				decls.place(base, p.line, p.col, p.text)
			}
		case pieceFunc:
			f, fset, err := parseDecl(*p)
			if err != nil {
				return nil, s.cellErr("syntax error", err)
			}
			fd := f.Decls[0].(*ast.FuncDecl)
			sig := nodeText(fset, fd.Type)
			if s.funcs[p.name] != sig {
				funcVars = append(funcVars, "var "+p.name+" "+sig)
			}
			s.funcs[p.name] = sig
			s.decls[p.name] = "func"
			// "func name(" becomes "name = func(": same line.
			first := base*lineStride + p.line
			s.funcSpans = append(s.funcSpans, funcSpan{p.name, first, first + strings.Count(p.text, "\n")})
			i := len("func") + strings.Index(p.text[len("func"):], p.name)
			stmts.place(base, p.line, p.col, p.name+" = func"+p.text[i+len(p.name):])
			last = nil
			continue
		case pieceStmt:
			last = p
			continue
		}
		last = nil
	}
	// The cell's value: its last statement, if an expression statement.
	var lastExpr ast.Expr
	var lastText string
	var defers, exits bool // the statements defer calls; they defer or return
	var lastLine, lastCol int
	for k := range pieces {
		p := &pieces[k]
		if p.kind != pieceStmt {
			continue
		}
		if early && p.firstTok == token.CONST {
			consts.place(base, p.line, p.col, p.text)
			continue
		}
		// yaegi's limits at the top level are worked around statement by
		// statement (rewrite.go); the cell's last expression is kept as
		// written.
		rewrite := func(text string) (string, *Error) {
			out, err := rewriteStmts(text, p.line, p.col, base, s.generics)
			if err != nil {
				return "", s.cellErr("syntax error", err)
			}
			for _, w := range out.wrapped {
				s.funcSpans = append(s.funcSpans, funcSpan{"the cell", base*lineStride + w[0], base*lineStride + w[1]})
			}
			defers = defers || out.defers
			exits = exits || out.defers || out.returns
			return out.text, nil
		}
		if hoist[k] {
			text, e := rewrite(p.text)
			if e != nil {
				return nil, e
			}
			vars.place(base, p.line, p.col, text)
			continue
		}
		text := p.text
		var lastOff int
		if p == last {
			list, fset, err := parseStmts(p.text, p.line, p.col)
			if err != nil {
				return nil, s.cellErr("syntax error", err)
			}
			if es, ok := list[len(list)-1].(*ast.ExprStmt); ok {
				lastOff = fset.Position(es.Pos()).Offset - len(stmtHeader) - (p.line - 1) - (p.col - 1)
				lastExpr = es.X
				lastText = p.text[lastOff:]
				lastLine, lastCol = lineCol(code, p.start+lastOff)
				text = p.text[:lastOff]
			}
		}
		if text != "" {
			text, e := rewrite(text)
			if e != nil {
				return nil, e
			}
			stmts.place(base, p.line, p.col, text)
		}
	}
	for _, src := range []*srcBuilder{&consts, &types} {
		if src.used {
			if _, e := s.eval(ctx, src.header, src.b.String(), 0, 0, false); e != nil {
				return nil, e
			}
		}
	}
	if len(funcVars) > 0 {
		if _, e := s.eval(ctx, "{}; "+strings.Join(funcVars, "; "), "", 0, 0, false); e != nil {
			return nil, e
		}
	}
	if vars.used {
		if _, e := s.eval(ctx, vars.header, vars.b.String(), 0, 0, false); e != nil {
			return nil, e
		}
	}
	s.before = nil
	if stmts.used {
		s.before = map[string]bool{}
		for name := range s.globals() {
			s.before[name] = true
		}
	}
	if decls.used {
		if _, e := s.eval(ctx, decls.header, decls.b.String(), 0, 0, false); e != nil {
			return nil, e
		}
	}
	if defers {
		if _, e := s.eval(ctx, "{}", "\n"+deferStack+" = nil", 0, 0, false); e != nil {
			return nil, e
		}
	}
	var res *display.Bundle
	e = nil
	if stmts.used {
		_, e = s.eval(ctx, stmts.header, stmts.b.String(), 0, 0, false)
	}
	if e == nil && lastExpr != nil {
		res, e = s.result(ctx, base, lastExpr, lastText, lastLine, lastCol)
	}
	if exits {
		e = s.endStatements(ctx, e, defers)
	}
	if e != nil {
		return nil, e
	}
	return res, nil
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
	for defers {
		_, e := s.eval(ctx, "{}", "\n_gohooksRunDefers()", 0, 0, false)
		if e == nil {
			break
		}
		if e.Name != "panic" {
			return e
		}
		c.Lock()
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

// methodVars returns the var pieces (by index) whose variables a method
// or generic function of the cell uses, and whose values use no other
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

// result evaluates the cell's last expression statement and decides what
// it shows: a call with no result or several shows nothing.
func (s *Session) result(ctx context.Context, base int, x ast.Expr, text string, line, col int) (*display.Bundle, *Error) {
	show := true
	if call, ok := x.(*ast.CallExpr); ok {
		if lit, ok := call.Fun.(*ast.FuncLit); ok {
			res := lit.Type.Results
			show = res != nil && (len(res.List) == 1 && len(res.List[0].Names) <= 1)
		}
	}
	// pure: evaluating x again runs no code (String below).
	pure := !containsCall(x)
	if call, ok := x.(*ast.CallExpr); ok && !containsCall(call.Fun) {
		// yaegi evaluates a type (a conversion's) to a func value of its
		// own, typeMarker: that is not a function.
		if f, err := s.peek(exprSource(call.Fun)); err == nil && f.IsValid() && f.Kind() == reflect.Func {
			if f.Pointer() != s.typeMarker {
				show = f.Type().NumOut() == 1
			} else if len(call.Args) == 1 && !containsCall(call.Args[0]) {
				pure = true // a conversion: Celsius(21.5)
			}
		}
	}
	if call, ok := x.(*ast.CallExpr); ok && containsCall(call.Fun) {
		if _, lit := call.Fun.(*ast.FuncLit); !lit {
			// yaegi's value for a call through a call, as in
			// t.Sum().Backward(), is not the call's result when the method
			// returns nothing. The receiver (or the function) is evaluated
			// first into a variable, which tells how many results the call
			// has, and the call is made through it. (A method value of a
			// compiled type cannot be stored: yaegi gives it the wrong type.)
			part := call.Fun
			if sel, ok := part.(*ast.SelectorExpr); ok && containsCall(sel.X) {
				part = sel.X
			}
			tmp := fmt.Sprintf("_gohooksR%d", base)
			from, to := int(part.Pos()-x.Pos()), int(part.End()-x.Pos())
			var b srcBuilder
			b.header = "{}"
			b.place(base, line, col, tmp+" := "+text[from:to])
			if _, e := s.eval(ctx, b.header, b.b.String(), 0, 0, false); e != nil {
				return nil, e
			}
			defer s.peek(tmp + " = nil") // the receiver is not kept alive
			text = text[:from] + strings.Repeat("\n", strings.Count(text[from:to], "\n")) + tmp + text[to:]
			fun := tmp
			if part != call.Fun {
				fun = tmp + "." + call.Fun.(*ast.SelectorExpr).Sel.Name
			}
			if f, err := s.peek(fun); err == nil && f.IsValid() && f.Kind() == reflect.Func {
				show = f.Type().NumOut() == 1
			}
		}
	}
	var b srcBuilder
	b.header = "{}"
	b.place(base, line, col, text)
	v, e := s.eval(ctx, b.header, b.b.String(), 0, 0, false)
	if e != nil || !show || !v.IsValid() || !v.CanInterface() {
		return nil, e
	}
	val := v.Interface()
	if isNilValue(val) {
		return nil, nil
	}
	bundle := display.BundleOf(val)
	if s.stringers && pure {
		// A type defined in a cell has its String and Error methods only
		// inside the interpreter: let the interpreter's fmt print it.
		if str, err := s.peek("fmt.Sprint(" + exprSource(x) + ")"); err == nil && str.Kind() == reflect.String {
			bundle = bundle.WithText(str.String())
		}
	}
	return &bundle, nil
}

func exprSource(e ast.Expr) string {
	return nodeText(token.NewFileSet(), e)
}

func isNilValue(v any) bool {
	if v == nil {
		return true
	}
	switch r := reflect.ValueOf(v); r.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return r.IsNil()
	}
	return false
}

// lineStride encodes a cell position in one line number: cell 3, line 4 is
// line 3*lineStride+4. Cells have ids 1 to maxCells, so that line numbers
// stay below 2^30, the limit of Go's parser.
const (
	lineStride = 100000
	maxCells   = 10000
)

// forget drops what the session knows of the cell whose id is reused.
func (s *Session) forget(id int) {
	delete(s.sources, id)
	delete(s.names, id)
	spans := s.funcSpans[:0]
	for _, f := range s.funcSpans {
		if f.first/lineStride != id {
			spans = append(spans, f)
		}
	}
	s.funcSpans = spans
}

// srcBuilder assembles pieces after a header line, each preceded by a line
// directive so that yaegi's positions say the cell and its line.
type srcBuilder struct {
	header    string
	b         strings.Builder
	line, col int // position after what was written (0: nothing yet)
	used      bool
}

func (sb *srcBuilder) place(cell, line, col int, text string) {
	sb.used = true
	// The file name must stay yaegi's default: imports belong to a file.
	fmt.Fprintf(&sb.b, "\n//line _.go:%d:%d\n", cell*lineStride+line, col)
	sb.b.WriteString(text)
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

func (s *Session) refusal(line, col int, msg string) *Error {
	return &Error{Name: "cannot redefine", Value: msg, Traceback: []string{msg, s.where(line, col)}}
}

func (s *Session) where(line, col int) string {
	w := fmt.Sprintf("  at cell %d, line %d, column %d", s.names[s.id], line, col)
	if q := s.quote(s.id*lineStride + line); q != nil {
		w += "\n" + q[0]
	}
	return w
}

// cellErr reports an error found while splitting or parsing the cell.
func (s *Session) cellErr(name string, err error) *Error {
	var ce *cellError
	if errors.As(err, &ce) {
		return &Error{Name: name, Value: ce.msg, Traceback: []string{name + ": " + ce.msg, s.where(ce.line, ce.col)}}
	}
	msg := err.Error()
	if m := errPos.FindStringSubmatch(firstLine(msg)); m != nil {
		l, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		return &Error{Name: name, Value: m[4], Traceback: []string{name + ": " + m[4], s.where(l, c)}}
	}
	return &Error{Name: name, Value: msg, Traceback: []string{name + ": " + msg}}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

var errPos = regexp.MustCompile(`^([^:\s]*\.go:)?(\d+):(\d+): (.*)$`)

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
	stop := context.AfterFunc(ctx, interrupt.Request)
	defer stop()
	v, err := s.evalWithContext(ctx, src)
	if ctx.Err() != nil && (err == nil || errors.Is(err, ctx.Err())) {
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

// toError turns a yaegi error into the cell's Error, in cell positions.
func (s *Session) toError(ctx context.Context, err error) *Error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return &Error{Name: "interrupted", Value: "the cell was interrupted", Traceback: []string{"interrupted: the cell was interrupted"}}
	}
	var p yaegi.Panic
	if errors.As(err, &p) {
		msg := panicMessage(p.Value)
		if p.Value == interrupt.ErrInterrupted {
			return &Error{Name: "interrupted", Value: "the cell was interrupted", Traceback: []string{"interrupted: the cell was interrupted"}}
		}
		s.cur.Lock()
		frames := s.cur.frames
		s.cur.lastPanic = p.Value
		s.cur.Unlock()
		msg, at := s.panicPosition(msg)
		return &Error{Name: "panic", Value: msg, Traceback: append(append([]string{"panic: " + msg}, at...), s.traceback(frames)...)}
	}
	var list interface{ Unwrap() []error }
	msg := err.Error()
	if errors.As(err, &list) && len(list.Unwrap()) > 0 {
		msg = list.Unwrap()[0].Error()
	}
	msg = firstLine(msg)
	if m := errPos.FindStringSubmatch(msg); m != nil {
		l, _ := strconv.Atoi(m[2])
		tb := []string{"compile error: " + m[4]}
		if where := s.position(m[1], l); where != "" {
			tb = append(tb, "  at "+where)
			tb = append(tb, s.quote(l)...)
		}
		return &Error{Name: "compile error", Value: m[4], Traceback: tb}
	}
	return &Error{Name: "error", Value: msg, Traceback: []string{msg}}
}

// panicPosition takes the position off a panic message that yaegi made
// ("700002:6: interface conversion: ..."), and returns it as traceback
// lines in cell terms.
func (s *Session) panicPosition(msg string) (string, []string) {
	m := errPos.FindStringSubmatch(msg)
	if m == nil {
		return msg, nil
	}
	l, _ := strconv.Atoi(m[2])
	where := s.position(m[1], l)
	if where == "" {
		return m[4], nil
	}
	return m[4], append([]string{"  at " + where}, s.quote(l)...)
}

// traceback turns yaegi's frame lines into "in f, cell 3, line 4" lines.
func (s *Session) traceback(frames []string) []string {
	var tb []string
	for _, f := range frames {
		m := frameLine.FindStringSubmatch(f + "\n")
		l, _ := strconv.Atoi(m[2])
		fn := strings.TrimPrefix(strings.TrimPrefix(m[4], "main."), "main")
		if fn == "" {
			fn = "the cell"
		}
		if strings.HasPrefix(fn, "func") {
			// innermost function of the cell around the line
			for k := len(s.funcSpans) - 1; k >= 0; k-- {
				if f := s.funcSpans[k]; l >= f.first && l <= f.last {
					fn = f.name + strings.TrimPrefix(fn, "func")
					break
				}
			}
		}
		if where := s.position(m[1], l); where != "" {
			if fn == "the cell" {
				// a statement run in a function (rewrite.go)
				tb = append(tb, "  in "+where)
			} else {
				tb = append(tb, fmt.Sprintf("  in %s, %s", fn, where))
			}
			tb = append(tb, s.quote(l)...)
		} else if l == 1 {
			// yaegi places a panic of top-level code at its wrapper.
			top := fmt.Sprintf("  in cell %d", s.names[s.id])
			if len(tb) < 2 || !strings.HasPrefix(tb[len(tb)-2], top+",") {
				tb = append(tb, top)
			}
		}
	}
	return tb
}

// quote returns the source line at a yaegi line, indented, if known.
func (s *Session) quote(line int) []string {
	code, ok := s.sources[line/lineStride]
	if !ok {
		return nil
	}
	lines := strings.Split(code, "\n")
	if l := line % lineStride; l >= 1 && l <= len(lines) {
		if text := strings.TrimSpace(lines[l-1]); text != "" {
			return []string{"    " + text}
		}
	}
	return nil
}

// position names a yaegi line in cell terms: "cell 3, line 4". Cell 0
// holds user expressions and the session's own code.
func (s *Session) position(_ string, line int) string {
	if line < lineStride {
		return ""
	}
	return fmt.Sprintf("cell %d, line %d", s.names[line/lineStride], line%lineStride)
}

// panicMessage renders a panic value as Go prints it, with reflect's
// internal messages (how yaegi's runtime failures surface) rewritten into
// the runtime errors a Go programmer knows.
func panicMessage(r any) string {
	var msg string
	switch v := r.(type) {
	case error:
		msg = v.Error()
	case string:
		msg = v
	default:
		msg = fmt.Sprintf("%v", v)
	}
	switch {
	case strings.HasPrefix(msg, "reflect: call of reflect.Value.") && strings.HasSuffix(msg, "on zero Value"),
		msg == "reflect: Method on nil interface value",
		strings.Contains(msg, "nil pointer dereference"):
		return "runtime error: invalid memory address or nil pointer dereference"
	case msg == "reflect: slice index out of range", msg == "reflect: array index out of range",
		msg == "reflect: string index out of range":
		return "runtime error: index out of range"
	case strings.HasPrefix(msg, "reflect: slice index out of range"),
		strings.HasPrefix(msg, "reflect.Value.Slice") && strings.HasSuffix(msg, "index out of bounds"):
		return "runtime error: slice bounds out of range"
	}
	return msg
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Restart replaces the session's interpreter with a fresh one: every
// variable, function and type is lost, as with %reset.
func (s *Session) Restart() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reset()
}

// Close ends the session.
func (s *Session) Close() error { return s.mods.close() }

var _ = parser.ParseExpr
