package interp

import (
	"context"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strings"
	"sync"

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

	mu    sync.Mutex // held while a cell runs
	count int        // cells run so far
	id    int        // the running cell's id in yaegi line numbers (count, modulo maxCells)
	// lasting is what the session knows of its cells; reset makes a new
	// one. What a cell's steps make of it lives in a cell, for one cell.
	lasting
	mods *modules // imports from modules (imports.go)

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
		stmtLines  []int         // the first lines of the cell's top-level statements, in order
	}
}

// lasting is the state of a session that lasts from cell to cell: the
// interpreter and what the session knows of the cells run in it.
type lasting struct {
	i        *yaegi.Interpreter
	names    map[int]int       // cell id -> its number as the front end shows it (req.ExecutionCount)
	funcs    map[string]string // function name -> its func type
	generics map[string]bool   // generic functions of the cells
	// typeMarker is what yaegi's Eval returns for a type name.
	typeMarker uintptr
	types      map[string]string // type name, or "Type.Method" -> definition
	imports    map[string]string // import path -> name
	decls      map[string]string // every name the cells declared -> kind
	stringers  bool              // a cell defined a String or Error method
	sources    map[int]string    // cell number -> its code, quoted in errors
	alias      map[string]string // type name in cells -> its current version
	versions   map[string]int    // type name in cells -> versions made
	funcSpans  []funcSpan        // where the cells' functions are, for tracebacks
	// withdrawn: names declared first by a failed cell -> its number
	// (failed.go).
	withdrawn map[string]int
	// package variables shadowed by top-level := (shadow.go)
	shadowState
}

// funcSpan locates a function of a cell: yaegi names the function literal
// a function becomes "func"; tracebacks use the name written in the cell.
type funcSpan struct {
	name        string
	first, last int // yaegi lines
}

// NewSession returns a session with our packages and fmt, math, strings,
// os and time imported.
func NewSession(opts Options) (*Session, error) {
	s := &Session{opts: opts}
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

// typeMarkerFunc is the value of the session's first global variable,
// which yaegi gives for a type name (reset).
func typeMarkerFunc() {}

func (s *Session) reset() error {
	comm.Reset() // the front end's ends of the comms belong to the old session
	// A cell is a program run with no arguments: the process's own (the
	// worker's "worker") are not the program's.
	if len(os.Args) > 1 {
		os.Args = os.Args[:1]
	}
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
		// A panic that escapes a goroutine's recover (one raised before
		// the goroutine's deferred recover is in place) is the running
		// cell's error too, never a crash of the session.
		GoPanic: func(r any) { s.goExit(0, r) },
	}))
	if err := useCompiled(i); err != nil {
		return err
	}
	if err := i.Use(yaegi.Exports{"gohooks/internal/internal": {
		"GoStart":    reflect.ValueOf(s.goStart),
		"GoExit":     reflect.ValueOf(s.goExit),
		"Recover":    reflect.ValueOf(s.recoverCell),
		"Return":     reflect.ValueOf(cellReturnPanic),
		"ClosedLike": reflect.ValueOf(closedLike),
		"TypeMarker": reflect.ValueOf(typeMarkerFunc),
	}}); err != nil {
		return err
	}
	var src strings.Builder
	src.WriteString("package main\nimport (\n")
	imports := map[string]string{}
	for _, p := range preloaded() {
		fmt.Fprintf(&src, "\t%q\n", p[0])
		imports[p[0]] = p[1]
	}
	fmt.Fprintf(&src, "\t%s %q\n)\n", internalPkg, "gohooks/internal")
	fmt.Fprintf(&src, "func %s(cell int) {\n\t%s.GoExit(cell, recover())\n}\n", recoverFunc, internalPkg)
	// First: yaegi's value for a type name is the session's first global
	// variable (typeMarker), which must be a compiled function (the
	// function values of yaegi's own functions share one pointer).
	fmt.Fprintf(&src, "var _gohooksTypeMarker = %s.TypeMarker\n", internalPkg)
	src.WriteString(deferPrelude)
	fmt.Fprintf(&src, "var %s int\n", doneMarker)
	if _, err := i.Eval(src.String()); err != nil {
		return fmt.Errorf("interp: starting the session: %w", err)
	}
	var marker uintptr
	if m, err := i.Eval("int"); err == nil && m.IsValid() && m.Kind() == reflect.Func {
		marker = m.Pointer()
	}
	names := map[int]int{}
	if s.names != nil {
		names[s.id] = s.names[s.id] // the running cell (%reset)
	}
	s.lasting = lasting{
		i:           i,
		names:       names,
		funcs:       map[string]string{},
		generics:    map[string]bool{},
		typeMarker:  marker,
		types:       map[string]string{},
		imports:     imports,
		decls:       map[string]string{},
		sources:     map[int]string{},
		alias:       map[string]string{},
		versions:    map[string]int{},
		withdrawn:   map[string]int{},
		shadowState: newShadowState(),
	}
	return nil
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
	v, err := s.eval(ctx, "{}", renameIdents(renameIdents(expr, s.alias), s.shadows), 1, 1, true)
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
