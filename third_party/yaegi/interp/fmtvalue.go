package interp

// Printing the program's values with fmt and log.
//
// reflect knows the types of the interpreted program only by their
// structure: to reflect, `type point struct{ x, y int }` is
// `struct { x int; y int }` with no methods, and `type celsius float64` is
// float64. fmt, given such values, prints the structure for %T and %#v and
// never calls the String, Error, Format or GoString methods of the values
// inside them (struct fields, elements, map keys and values, values held by
// interfaces). The interpreter knows the type of each argument where it
// calls a print function of fmt or log (printFuncs), so there it hands fmt
// every argument whose type involves the program's types as a fmtValue: a
// fmt.Formatter that prints the value as fmt prints the compiled program,
// with the program's type names and methods, at any depth. A %T or %p that
// takes such an argument is rewritten to print the type's name or the
// pointer. Arguments of compiled types reach fmt as before, with no cost.
//
// The printer (fmtPrinter) follows fmt's print.go rule for rule; its
// comments name the function of fmt each part mirrors.

import (
	"cmp"
	"fmt"
	"log"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printFunc describes a print function: where its format and its values
// start among the call's arguments.
type printFunc struct {
	format   int  // index of the format string, or -1
	args     int  // index of the first value to print
	wrapErrs bool // %w wraps an error (fmt.Errorf)
}

var (
	printFuncs     map[uintptr]printFunc // by function pointer
	printFuncNames = map[string]printFunc{
		"Print": {format: -1, args: 0}, "Println": {format: -1, args: 0}, "Printf": {format: 0, args: 1},
		"Sprint": {format: -1, args: 0}, "Sprintln": {format: -1, args: 0}, "Sprintf": {format: 0, args: 1},
		"Fprint": {format: -1, args: 1}, "Fprintln": {format: -1, args: 1}, "Fprintf": {format: 1, args: 2},
		"Append": {format: -1, args: 1}, "Appendln": {format: -1, args: 1}, "Appendf": {format: 1, args: 2},
		"Errorf": {format: 0, args: 1, wrapErrs: true},
		"Fatal":  {format: -1, args: 0}, "Fatalln": {format: -1, args: 0}, "Fatalf": {format: 0, args: 1},
		"Panic": {format: -1, args: 0}, "Panicln": {format: -1, args: 0}, "Panicf": {format: 0, args: 1},
	}
)

func init() {
	printFuncs = map[uintptr]printFunc{}
	for name, fn := range map[string]any{
		"Print": fmt.Print, "Println": fmt.Println, "Printf": fmt.Printf,
		"Sprint": fmt.Sprint, "Sprintln": fmt.Sprintln, "Sprintf": fmt.Sprintf,
		"Fprint": fmt.Fprint, "Fprintln": fmt.Fprintln, "Fprintf": fmt.Fprintf,
		"Append": fmt.Append, "Appendln": fmt.Appendln, "Appendf": fmt.Appendf,
		"Errorf": fmt.Errorf,
	} {
		printFuncs[reflect.ValueOf(fn).Pointer()] = printFuncNames[name]
	}
	for name, fn := range map[string]any{
		"Print": log.Print, "Println": log.Println, "Printf": log.Printf,
		"Fatal": log.Fatal, "Fatalln": log.Fatalln, "Fatalf": log.Fatalf,
		"Panic": log.Panic, "Panicln": log.Panicln, "Panicf": log.Panicf,
	} {
		printFuncs[reflect.ValueOf(fn).Pointer()] = printFuncNames[name]
	}
}

// printFuncOf returns the description of the print function that n, a call
// of a compiled function, calls.
func printFuncOf(n *node) (printFunc, bool) {
	c0 := n.child[0]
	if c0.rval.IsValid() && c0.rval.Kind() == reflect.Func {
		if pf, ok := printFuncs[c0.rval.Pointer()]; ok {
			return pf, true
		}
	}
	if c0.kind != selectorExpr || len(c0.child) < 2 {
		return printFunc{}, false
	}
	pf, ok := printFuncNames[c0.child[1].ident]
	if !ok {
		return printFunc{}, false
	}
	recv := c0.child[0].typ
	switch {
	case recv == nil:
		return printFunc{}, false
	case recv.cat == binPkgT:
		// A function of fmt or log replaced by a wrapper (restricted log.Fatal).
		if p := recv.path; p == "fmt" || p == "log" {
			return pf, true
		}
	case recv.cat == valueT && recv.rtype != nil:
		// A method of *log.Logger, or of the wrapper that restricted log uses.
		rt := recv.rtype
		if rt.Kind() == reflect.Pointer {
			rt = rt.Elem()
		}
		if (rt.PkgPath() == "log" && rt.Name() == "Logger") || rt.String() == "stdlib.logLogger" {
			return pf, true
		}
	}
	return printFunc{}, false
}

// fmtNoVerb is the verb of a directive that prints nothing: a %T or %p of
// a fmtValue becomes the text it prints followed by this directive, which
// takes the same argument, so that the arguments keep their numbers.
const fmtNoVerb = '\uF8FF'

// fmtPrintArgs changes the arguments of the call n of the print function
// pf, that values gives as the call passes them to a compiled function:
// each argument whose type involves the program's types goes as a
// fmtValue, and a format prints %T and %p of those with the program's type.
func fmtPrintArgs(n *node, pf printFunc, values []func(*frame) reflect.Value) {
	child := n.child[1:]
	if n.action == aCallSlice {
		fmtPrintSpread(n, pf, values)
		return
	}
	type arg struct {
		typ   *itype
		value func(*frame) reflect.Value
		err   func(*frame) reflect.Value // the value as an error, for %w
	}
	args := map[int]arg{}
	switch {
	case len(child) == len(values):
		for i := pf.args; i < len(child); i++ {
			c := child[i]
			if c.typ == nil || !fmtInvolvesProgram(c.typ, 0) {
				continue
			}
			a := arg{typ: c.typ, value: genValue(c)}
			if pf.wrapErrs && !fmtIsInterface(c.typ) {
				if m, _ := fmtLookupMethod(c.typ, reflect.Value{}, "Error", 0); m != nil && m.node != nil {
					a.err = genInterfaceWrapper(c, errorType)
				}
			}
			args[i] = a
		}
	case len(child) == 1 && isRegularCall(child[0]) && len(child[0].child[0].typ.ret) == len(values):
		// fmt.Println(f()): the results of f are the arguments.
		c := child[0]
		for i, t := range c.child[0].typ.ret {
			if i < pf.args || !fmtInvolvesProgram(t, 0) {
				continue
			}
			ind := c.findex + i
			args[i] = arg{typ: t, value: func(f *frame) reflect.Value { return f.data[ind] }}
		}
	}
	if len(args) == 0 {
		return
	}
	deferred := n.anc != nil && (n.anc.kind == deferStmt || n.anc.kind == goStmt)
	wrap := func(f *frame, i int) *fmtValue {
		a, ok := args[i]
		if !ok {
			return nil
		}
		return fmtWrap(a.typ, a.value(f), f, deferred)
	}
	var format func(*frame) (reflect.Value, []fmtDirective)
	if pf.format >= 0 {
		value := values[pf.format]
		format = func(f *frame) (reflect.Value, []fmtDirective) {
			v := value(f)
			if v.Kind() != reflect.String {
				return v, nil
			}
			return v, parseFormat(v.String())
		}
	}
	for i := range args {
		i, value := i, values[i]
		values[i] = func(f *frame) reflect.Value {
			w := wrap(f, i)
			if w == nil {
				return value(f)
			}
			if pf.format >= 0 && pf.wrapErrs {
				// The error of a %w stays as it is, for errors.Is and As.
				_, dirs := format(f)
				for _, d := range dirs {
					if d.verb == 'w' && d.arg == i-pf.args {
						if a := args[i]; a.err != nil {
							return a.err(f)
						}
						return value(f)
					}
				}
			}
			return reflect.ValueOf(w)
		}
	}
	if format == nil {
		return
	}
	values[pf.format] = func(f *frame) reflect.Value {
		v, dirs := format(f)
		var b strings.Builder
		last := 0
		s := v.String()
		for _, d := range dirs {
			if d.verb != 'T' && d.verb != 'p' || d.arg < 0 {
				continue
			}
			w := wrap(f, pf.args+d.arg)
			if w == nil {
				continue
			}
			spec := s[d.start:d.end]
			var text string
			if d.verb == 'T' {
				text = fmt.Sprintf(d.plain(spec, 's'), fmtTypeString(w.typ))
			} else {
				text = fmt.Sprintf(d.plain(spec, 'p'), w.value.Interface())
			}
			b.WriteString(s[last:d.start])
			b.WriteString(strings.ReplaceAll(text, "%", "%%"))
			b.WriteString(spec[:len(spec)-len(string(d.verb))])
			b.WriteRune(fmtNoVerb)
			last = d.end
		}
		if last == 0 {
			return v
		}
		b.WriteString(s[last:])
		return reflect.ValueOf(b.String()).Convert(v.Type())
	}
}

// fmtWrap returns v, a value of type typ, as the fmtValue that prints it,
// or nil when fmt prints it right as it is: its type does not involve the
// program's, or it is a compiled value in an interface.
func fmtWrap(typ *itype, v reflect.Value, f *frame, deferred bool) *fmtValue {
	if fmtIsInterface(typ) && !fmtHoldsProgram(typ, v) {
		return nil // the common case of a compiled value in an interface
	}
	t, v := fmtConcrete(typ, v)
	if t == nil || !fmtInvolvesProgram(t, 0) {
		return nil
	}
	if deferred {
		v = deferredArg(v)
	}
	return &fmtValue{typ: t, value: v, frame: f}
}

// fmtPrintSpread is fmtPrintArgs for a call that spreads a slice into the
// print function's values, fmt.Println(s...): a copy of the slice is
// passed, in which each element that holds a value of the program is a
// fmtValue.
func fmtPrintSpread(n *node, pf printFunc, values []func(*frame) reflect.Value) {
	child := n.child[1:]
	last := len(child) - 1
	if last < pf.args || last != len(values)-1 {
		return
	}
	c := child[last]
	if c.typ == nil || c.typ.val == nil || !fmtInvolvesProgram(c.typ.val, 0) {
		return
	}
	et, value := c.typ.val, values[last]
	deferred := n.anc != nil && (n.anc.kind == deferStmt || n.anc.kind == goStmt)
	values[last] = func(f *frame) reflect.Value {
		s := value(f)
		if s.Kind() != reflect.Slice || s.Type().Elem().Kind() != reflect.Interface {
			return s
		}
		out := reflect.MakeSlice(s.Type(), s.Len(), s.Len())
		for i := 0; i < s.Len(); i++ {
			v := s.Index(i)
			if w := fmtWrap(et, v, f, deferred); w != nil {
				v = reflect.ValueOf(w)
			}
			out.Index(i).Set(v)
		}
		return out
	}
}

// fmtDirective is a directive of a format: s[start:end] is its text, from
// % to the verb, and arg the number of the argument it prints (-1 for
// none).
type fmtDirective struct {
	start, end int
	verb       rune
	arg        int
}

// plain returns the directive spec, the text of d, with another verb and
// without argument indexes and * (the width and precision that arguments
// give are not kept).
func (d fmtDirective) plain(spec string, verb rune) string {
	b := []byte{}
	body := spec[:len(spec)-len(string(d.verb))]
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '[':
			if j := strings.IndexByte(body[i:], ']'); j >= 0 {
				i += j
			}
		case '*':
		default:
			b = append(b, c)
		}
	}
	return string(utf8.AppendRune(b, verb))
}

// parseFormat returns the directives of a format of fmt and the argument
// each prints, numbered as fmt's doPrintf numbers them.
func parseFormat(s string) []fmtDirective {
	var dirs []fmtDirective
	argNum := 0
	argNumber := func(i int) (int, bool) {
		if i >= len(s) || s[i] != '[' {
			return i, false
		}
		for j := i + 1; j < len(s); j++ {
			if s[j] == ']' {
				n, err := strconv.Atoi(s[i+1 : j])
				if err != nil || n < 1 {
					return j + 1, false
				}
				argNum = n - 1
				return j + 1, true
			}
		}
		return i, false
	}
	for i := 0; i < len(s); {
		if s[i] != '%' {
			i++
			continue
		}
		start := i
		i++
		for i < len(s) && strings.IndexByte("#0+- ", s[i]) >= 0 {
			i++
		}
		var after bool
		i, after = argNumber(i)
		if i < len(s) && s[i] == '*' {
			i++
			argNum++
			after = false
		} else {
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		}
		if i < len(s) && s[i] == '.' {
			i++
			i, after = argNumber(i)
			if i < len(s) && s[i] == '*' {
				i++
				argNum++
				after = false
			} else {
				for i < len(s) && s[i] >= '0' && s[i] <= '9' {
					i++
				}
			}
		}
		if !after {
			i, _ = argNumber(i)
		}
		if i >= len(s) {
			break
		}
		verb, size := utf8.DecodeRuneInString(s[i:])
		i += size
		d := fmtDirective{start: start, end: i, verb: verb, arg: -1}
		if verb != '%' {
			d.arg = argNum
			argNum++
		}
		dirs = append(dirs, d)
	}
	return dirs
}

// fmtInvolvesProgram reports whether fmt would print a value of type t
// differently from what reflect tells it: t is, or contains, a defined type
// of the program or an interface (which may hold one). A type refers to
// itself only through a defined type, where the walk stops.
func fmtInvolvesProgram(t *itype, depth int) bool {
	if t == nil || depth > 64 {
		return false
	}
	switch t.cat {
	case valueT:
		return t.rtype != nil && t.rtype.Kind() == reflect.Interface
	case interfaceT, errorT, linkedT:
		return true
	case nilT, builtinT, binPkgT, srcPkgT, genericT:
		return false
	}
	if t.name != "" && t.path != "" || len(t.method) > 0 {
		return true
	}
	switch t.cat {
	case arrayT, sliceT, variadicT, ptrT, chanT, chanSendT, chanRecvT:
		return fmtInvolvesProgram(t.val, depth+1)
	case mapT:
		return fmtInvolvesProgram(t.key, depth+1) || fmtInvolvesProgram(t.val, depth+1)
	case structT:
		for _, f := range t.field {
			if fmtInvolvesProgram(f.typ, depth+1) {
				return true
			}
		}
	case funcT:
		for _, a := range append(t.arg[:len(t.arg):len(t.arg)], t.ret...) {
			if fmtInvolvesProgram(a, depth+1) {
				return true
			}
		}
	}
	return false
}

// fmtHoldsProgram reports whether v, of the interface type t, may hold a
// value of a type of the program: one the interpreter wrapped with its
// type, or one whose static type the interface knows (any(x)).
func fmtHoldsProgram(t *itype, v reflect.Value) bool {
	if !v.IsValid() {
		return false
	}
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return false
		}
		v = v.Elem()
	}
	if v.Type() == valueInterfaceType || fmtWrapped(v).IsValid() {
		return true
	}
	ct := t.concrete()
	return ct != t && !fmtIsInterface(ct) && ct.cat != nilT
}

// fmtWrapped returns the value of the program, with its type, that v holds
// if v is one of the interpreter's wrappers for a compiled interface
// (error, io.Writer, ...): their first field, IValue, holds it.
func fmtWrapped(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Struct || v.NumField() == 0 || v.Type().Field(0).Name != "IValue" {
		return reflect.Value{}
	}
	w := v.Field(0)
	if w.Kind() == reflect.Interface && !w.IsNil() {
		w = w.Elem()
	}
	if w.IsValid() && w.Type() == valueInterfaceType {
		return w
	}
	return reflect.Value{}
}

// fmtConcrete returns the type and value that v, of type t, holds: for an
// interface, the dynamic type and value (a nil type for a nil interface).
func fmtConcrete(t *itype, v reflect.Value) (*itype, reflect.Value) {
	for {
		if !v.IsValid() {
			return nil, v
		}
		if v.Kind() == reflect.Interface {
			if v.IsNil() {
				return nil, reflect.Value{}
			}
			v = v.Elem()
			t = nil
			continue
		}
		if w := fmtWrapped(v); w.IsValid() {
			v, t = w, nil
			continue
		}
		if v.Type() == valueInterfaceType {
			vi := v.Interface().(valueInterface)
			if vi.node == nil {
				return nil, reflect.Value{}
			}
			t, v = vi.node.typ, vi.value
			continue
		}
		if t != nil && fmtIsInterface(t) {
			// any(x) is x with the type of the interface, whose val is
			// the type of x, while the interface still holds it.
			if ct := t.concrete(); ct != t && !fmtIsInterface(ct) && ct.cat != nilT && fmtSameType(ct, v.Type()) {
				return ct, v
			}
		}
		if t == nil || fmtIsInterface(t) {
			t = valueTOf(v.Type())
		}
		return t, v
	}
}

// fmtSameType reports whether values of t have the reflect type rt.
func fmtSameType(t *itype, rt reflect.Type) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return t.frameType() == rt
}

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// fmtValue is a value of the program, with its type, for fmt.
type fmtValue struct {
	typ   *itype
	value reflect.Value
	frame *frame // the frame that calls the methods of the value
}

// Format prints w as fmt prints the compiled program's value.
func (w *fmtValue) Format(s fmt.State, verb rune) {
	if verb == fmtNoVerb {
		return
	}
	p := &fmtPrinter{s: s, frame: w.frame}
	p.init(s, verb)
	p.printArg(w.typ, w.value, verb)
}

// fmtPrinter prints one argument: it plays the part of fmt's pp.
type fmtPrinter struct {
	s     fmt.State
	frame *frame

	// fmt's flags for the verb (fmt's fmtFlags).
	plus, minus, sharp, space, zero bool
	plusV, sharpV                   bool
	wid, prec                       int
	widPresent, precPresent         bool

	erroring  bool
	panicking bool
}

func (p *fmtPrinter) init(s fmt.State, verb rune) {
	p.plus, p.minus, p.sharp, p.space, p.zero = s.Flag('+'), s.Flag('-'), s.Flag('#'), s.Flag(' '), s.Flag('0')
	p.wid, p.widPresent = s.Width()
	p.prec, p.precPresent = s.Precision()
	if verb == 'v' {
		p.plusV, p.plus = p.plus, false
		p.sharpV, p.sharp = p.sharp, false
	}
}

func (p *fmtPrinter) writeString(s string) { _, _ = p.s.Write([]byte(s)) }

// directive returns the format directive of fmt that prints a value of a
// compiled type as the current verb and flags say.
func (p *fmtPrinter) directive(verb rune, flags bool) string {
	b := []byte{'%'}
	if flags {
		if p.plus || p.plusV {
			b = append(b, '+')
		}
		if p.sharp || p.sharpV {
			b = append(b, '#')
		}
		if p.space {
			b = append(b, ' ')
		}
	}
	if p.minus {
		b = append(b, '-')
	}
	if p.zero {
		b = append(b, '0')
	}
	if p.widPresent {
		b = strconv.AppendInt(b, int64(p.wid), 10)
	}
	if flags && p.precPresent {
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(p.prec), 10)
	}
	b = utf8.AppendRune(b, verb)
	return string(b)
}

// compiled prints x, of a compiled type, with the verb and flags.
func (p *fmtPrinter) compiled(x any, verb rune) {
	fmt.Fprintf(p.s, p.directive(verb, true), x)
}

// padString prints s padded to the width (fmt's padString).
func (p *fmtPrinter) padString(s string) {
	fmt.Fprintf(p.s, p.directive('s', false), s)
}

// printArg prints the argument v of type t (fmt's printArg).
func (p *fmtPrinter) printArg(t *itype, v reflect.Value, verb rune) {
	if !v.IsValid() || t == nil {
		switch verb {
		case 'T', 'v':
			p.padString("<nil>")
		default:
			p.badVerb(nil, reflect.Value{}, verb)
		}
		return
	}
	if p.handleMethods(t, v, verb) {
		return
	}
	p.printValue(t, v, verb, 0, false)
}

// fmtMethod is a method of a value, ready to call.
type fmtMethod func(in []reflect.Value) []reflect.Value

// method returns the method name of v, of type t, if the method set of t
// has it with the signature that sig checks.
func (p *fmtPrinter) method(t *itype, v reflect.Value, name string, sig func(*itype) bool) fmtMethod {
	m, recv := fmtLookupMethod(t, v, name, 0)
	if m == nil {
		return nil
	}
	if m.node != nil {
		if m.node.typ == nil || !sig(m.node.typ) {
			return nil
		}
		nod := *m.node
		nod.recv = &receiver{val: recv}
		fn := genFunctionWrapper(&nod)(p.frame)
		return fn.Call
	}
	if !sig(valueTOf(m.fn.Type())) {
		return nil
	}
	return m.fn.Call
}

type fmtFoundMethod struct {
	node *node         // an interpreted method
	fn   reflect.Value // or a compiled one, bound to its receiver
}

// fmtLookupMethod finds the method name in the method set of t (Go's rules:
// a value's method set has the methods of value receivers, a pointer's
// all; methods of embedded fields are promoted) and returns it with the
// receiver to call it with.
func fmtLookupMethod(t *itype, v reflect.Value, name string, depth int) (*fmtFoundMethod, reflect.Value) {
	if depth > 8 || t == nil {
		return nil, v
	}
	isPtr := false
	base := t
	if t.cat == ptrT {
		isPtr = true
		base = t.val
	}
	if base == nil {
		return nil, v
	}
	if base.cat == valueT || t.cat == valueT {
		if !v.IsValid() || !v.CanInterface() {
			return nil, v
		}
		if fn := v.MethodByName(name); fn.IsValid() {
			return &fmtFoundMethod{fn: fn}, v
		}
		return nil, v
	}
	if m := base.getMethod(name); m != nil {
		if m.typ != nil && m.typ.recv != nil && m.typ.recv.cat == ptrT && !isPtr {
			return nil, v // a pointer method is not in a value's method set
		}
		return &fmtFoundMethod{node: m}, v
	}
	// Promoted methods of embedded fields.
	st := base.underlying()
	if st.cat != structT {
		return nil, v
	}
	sv := v
	if isPtr && sv.IsValid() {
		if sv.IsNil() {
			// Calling a method found below a nil pointer panics; fmt
			// prints <nil> for that panic.
			sv = reflect.Value{}
		} else {
			sv = sv.Elem()
		}
	}
	for i, f := range st.field {
		if !f.embed {
			continue
		}
		var fv reflect.Value
		if sv.IsValid() && i < sv.NumField() {
			fv = fieldRW(sv, i)
		}
		ft := f.typ
		if isPtr && ft.cat != ptrT && ft.cat != valueT {
			// The method set of *S has the methods of *T for an embedded T.
			var pv reflect.Value
			if fv.IsValid() && fv.CanAddr() {
				pv = fv.Addr()
			}
			if m, recv := fmtLookupMethod(ptrOf(ft), pv, name, depth+1); m != nil {
				return m, recv
			}
			continue
		}
		if m, recv := fmtLookupMethod(ft, fv, name, depth+1); m != nil {
			return m, recv
		}
	}
	return nil, v
}

func fmtSigString(t *itype) bool {
	if t.cat == valueT && t.rtype != nil {
		rt := t.rtype
		return rt.NumIn() == 0 && rt.NumOut() == 1 && rt.Out(0) == reflect.TypeOf("")
	}
	return len(t.arg) == 0 && len(t.ret) == 1 && t.ret[0].cat == stringT && t.ret[0].path == ""
}

func fmtSigFormat(t *itype) bool {
	stateType := reflect.TypeOf((*fmt.State)(nil)).Elem()
	if t.cat == valueT && t.rtype != nil {
		rt := t.rtype
		return rt.NumIn() == 2 && rt.NumOut() == 0 && rt.In(0) == stateType && rt.In(1) == reflect.TypeOf('x')
	}
	if len(t.arg) != 2 || len(t.ret) != 0 {
		return false
	}
	a0, a1 := t.arg[0], t.arg[1]
	return a0.cat == valueT && a0.rtype == stateType && a1.cat == int32T && a1.path == ""
}

// handleMethods calls the Format, GoString, Error or String method of v,
// as fmt does (fmt's handleMethods).
func (p *fmtPrinter) handleMethods(t *itype, v reflect.Value, verb rune) (handled bool) {
	if p.erroring {
		return false
	}
	if verb == 'w' {
		// %w of a value that is not the wrapped error of an Errorf.
		if p.method(t, v, "Error", fmtSigString) == nil {
			p.badVerb(t, v, verb)
			return true
		}
		verb = 'v'
	}
	if m := p.method(t, v, "Format", fmtSigFormat); m != nil {
		handled = true
		defer p.catchPanic(t, v, verb, "Format")
		m([]reflect.Value{reflect.ValueOf(&p.s).Elem(), reflect.ValueOf(verb)})
		return true
	}
	if p.sharpV {
		if m := p.method(t, v, "GoString", fmtSigString); m != nil {
			handled = true
			defer p.catchPanic(t, v, verb, "GoString")
			p.fmtS(m(nil)[0].String())
			return true
		}
		return false
	}
	switch verb {
	case 'v', 's', 'x', 'X', 'q':
		for _, name := range [...]string{"Error", "String"} {
			if m := p.method(t, v, name, fmtSigString); m != nil {
				handled = true
				defer p.catchPanic(t, v, verb, name)
				p.fmtString(m(nil)[0].String(), verb)
				return true
			}
		}
	}
	return false
}

// catchPanic prints a panic of a method as fmt does (fmt's catchPanic).
func (p *fmtPrinter) catchPanic(t *itype, v reflect.Value, verb rune, method string) {
	err := recover()
	if err == nil {
		return
	}
	if v.Kind() == reflect.Pointer && v.IsNil() {
		p.writeString("<nil>")
		return
	}
	if p.panicking {
		panic(err)
	}
	q := &fmtPrinter{s: p.s, frame: p.frame, panicking: true}
	p.writeString("%!" + string(verb) + "(PANIC=" + method + " method: ")
	et, ev := fmtConcrete(nil, reflect.ValueOf(&err).Elem())
	q.printArg(et, ev, 'v')
	p.writeString(")")
}

// fmtS prints a string as %s (fmt's fmtS).
func (p *fmtPrinter) fmtS(s string) {
	fmt.Fprintf(p.s, p.directive('s', true), s)
}

// fmtString prints a string with the verb (fmt's fmtString).
func (p *fmtPrinter) fmtString(s string, verb rune) {
	switch verb {
	case 'v', 's', 'x', 'X', 'q':
		p.compiled(s, verb)
	default:
		p.badVerb(&itype{cat: stringT, name: "string", str: "string"}, reflect.ValueOf(s), verb)
	}
}

// badVerb prints a verb that does not apply to v (fmt's badVerb).
func (p *fmtPrinter) badVerb(t *itype, v reflect.Value, verb rune) {
	p.erroring = true
	p.writeString("%!" + string(verb) + "(")
	if t != nil && v.IsValid() {
		p.writeString(fmtTypeString(t))
		p.writeString("=")
		p.printValue(t, v, 'v', 0, false)
	} else {
		p.writeString("<nil>")
	}
	p.writeString(")")
	p.erroring = false
}

// validVerb reports whether fmt prints a value of kind k with the verb.
func validVerb(k reflect.Kind, verb rune) bool {
	switch k {
	case reflect.Bool:
		return verb == 't' || verb == 'v'
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strings.ContainsRune("vdboOxXcqU", verb)
	case reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return strings.ContainsRune("vbgGxXfFeE", verb)
	case reflect.String:
		return strings.ContainsRune("vsxXq", verb)
	}
	return false
}

// basicTypes are the compiled types that print the kinds' values.
var basicTypes = map[reflect.Kind]reflect.Type{
	reflect.Bool: reflect.TypeOf(false), reflect.String: reflect.TypeOf(""),
	reflect.Int: reflect.TypeOf(0), reflect.Int8: reflect.TypeOf(int8(0)), reflect.Int16: reflect.TypeOf(int16(0)),
	reflect.Int32: reflect.TypeOf(int32(0)), reflect.Int64: reflect.TypeOf(int64(0)),
	reflect.Uint: reflect.TypeOf(uint(0)), reflect.Uint8: reflect.TypeOf(uint8(0)), reflect.Uint16: reflect.TypeOf(uint16(0)),
	reflect.Uint32: reflect.TypeOf(uint32(0)), reflect.Uint64: reflect.TypeOf(uint64(0)), reflect.Uintptr: reflect.TypeOf(uintptr(0)),
	reflect.Float32: reflect.TypeOf(float32(0)), reflect.Float64: reflect.TypeOf(float64(0)),
	reflect.Complex64: reflect.TypeOf(complex64(0)), reflect.Complex128: reflect.TypeOf(complex128(0)),
}

// elemType returns the type of the elements, keys (key) or fields (field
// i) of t, of the value v.
func fmtUnder(t *itype) *itype {
	for t != nil && t.cat == linkedT {
		t = t.val
	}
	return t
}

// printValue prints v, of type t, found at depth in the argument; ro says
// that v was reached through an unexported field, which hides its methods
// from fmt (fmt's printValue).
func (p *fmtPrinter) printValue(t *itype, v reflect.Value, verb rune, depth int, ro bool) {
	if v.IsValid() && (v.Kind() == reflect.Interface || v.Type() == valueInterfaceType) {
		// An interface: print the value it holds, one level deeper.
		ct, cv := fmtConcrete(t, v)
		if ct == nil {
			switch {
			case p.sharpV:
				p.writeString(fmtTypeString(t) + "(nil)")
			case depth == 0:
				p.writeString("<invalid reflect.Value>")
			default:
				p.writeString("<nil>")
			}
			return
		}
		t, v = ct, cv
		depth++
	}
	if depth > 0 && v.IsValid() && !ro && p.handleMethods(t, v, verb) {
		return
	}
	if !ro && !p.erroring && v.IsValid() && v.CanInterface() && !(depth > 0 && v.Kind() == reflect.Pointer) && !fmtInvolvesProgram(t, 0) {
		// A value with nothing of the program in it: fmt prints it.
		p.compiled(v.Interface(), verb)
		return
	}
	u := fmtUnder(t)
	if u == nil {
		u = valueTOf(v.Type())
	}
	switch k := v.Kind(); k {
	case reflect.Invalid:
		if depth == 0 {
			p.writeString("<invalid reflect.Value>")
		} else if verb == 'v' {
			p.writeString("<nil>")
		} else {
			p.badVerb(nil, v, verb)
		}
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		if !validVerb(k, verb) {
			p.badVerb(t, v, verb)
			return
		}
		p.compiled(clearRO(v).Convert(basicTypes[k]).Interface(), verb)
	case reflect.Map:
		if p.sharpV {
			p.writeString(fmtTypeString(t))
			if v.IsNil() {
				p.writeString("(nil)")
				return
			}
			p.writeString("{")
		} else {
			p.writeString("map[")
		}
		keys := v.MapKeys()
		slices.SortStableFunc(keys, fmtCompare)
		kt, vt := fmtElem(u, true), fmtElem(u, false)
		for i, key := range keys {
			if i > 0 {
				if p.sharpV {
					p.writeString(", ")
				} else {
					p.writeString(" ")
				}
			}
			p.printValue(kt, key, verb, depth+1, ro)
			p.writeString(":")
			p.printValue(vt, v.MapIndex(key), verb, depth+1, ro)
		}
		if p.sharpV {
			p.writeString("}")
		} else {
			p.writeString("]")
		}
	case reflect.Struct:
		if p.sharpV {
			p.writeString(fmtTypeString(t))
		}
		p.writeString("{")
		for i := 0; i < v.NumField(); i++ {
			if i > 0 {
				if p.sharpV {
					p.writeString(", ")
				} else {
					p.writeString(" ")
				}
			}
			name, ft, exported := fmtField(u, v, i)
			if p.plusV || p.sharpV {
				if name != "" {
					p.writeString(name + ":")
				}
			}
			p.printValue(ft, fieldRW(v, i), verb, depth+1, ro || !exported)
		}
		p.writeString("}")
	case reflect.Array, reflect.Slice:
		et := fmtElem(u, false)
		switch verb {
		case 's', 'q', 'x', 'X':
			if v.Type().Elem().Kind() == reflect.Uint8 {
				b := make([]byte, v.Len())
				for i := range b {
					b[i] = byte(v.Index(i).Uint())
				}
				p.compiled(b, verb)
				return
			}
		}
		if p.sharpV {
			p.writeString(fmtTypeString(t))
			if k == reflect.Slice && v.IsNil() {
				p.writeString("(nil)")
				return
			}
			p.writeString("{")
			for i := 0; i < v.Len(); i++ {
				if i > 0 {
					p.writeString(", ")
				}
				p.printValue(et, v.Index(i), verb, depth+1, ro)
			}
			p.writeString("}")
		} else {
			p.writeString("[")
			for i := 0; i < v.Len(); i++ {
				if i > 0 {
					p.writeString(" ")
				}
				p.printValue(et, v.Index(i), verb, depth+1, ro)
			}
			p.writeString("]")
		}
	case reflect.Pointer:
		if depth == 0 && !v.IsNil() {
			switch e := v.Elem(); e.Kind() {
			case reflect.Array, reflect.Slice, reflect.Struct, reflect.Map:
				p.writeString("&")
				p.printValue(fmtElem(u, false), e, verb, depth+1, ro)
				return
			}
		}
		p.fmtPointer(t, v, verb)
	case reflect.Chan, reflect.Func, reflect.UnsafePointer:
		p.fmtPointer(t, v, verb)
	default:
		p.compiled(clearRO(v).Interface(), verb)
	}
}

// fmtPointer prints a pointer, channel, function or map as an address
// (fmt's fmtPointer).
func (p *fmtPrinter) fmtPointer(t *itype, v reflect.Value, verb rune) {
	u := uint64(uintptr(v.UnsafePointer()))
	hex := func(leading0x bool) {
		d := p.directive('x', false)
		if leading0x {
			d = "%#" + d[1:]
		}
		fmt.Fprintf(p.s, d, u)
	}
	switch verb {
	case 'v':
		if p.sharpV {
			p.writeString("(" + fmtTypeString(t) + ")(")
			if u == 0 {
				p.writeString("nil")
			} else {
				fmt.Fprintf(p.s, "%#x", u)
			}
			p.writeString(")")
		} else if u == 0 {
			p.padString("<nil>")
		} else {
			hex(!p.sharp)
		}
	case 'p':
		hex(!p.sharp)
	case 'b', 'o', 'd', 'x', 'X':
		p.compiled(u, verb)
	default:
		p.badVerb(t, v, verb)
	}
}

// fmtElem returns the type of the elements (or keys) of t, a composite
// type of the program or a compiled one.
func fmtElem(t *itype, key bool) *itype {
	if t == nil {
		return nil
	}
	if t.cat == valueT {
		if t.rtype == nil {
			return nil
		}
		switch t.rtype.Kind() {
		case reflect.Map:
			if key {
				return valueTOf(t.rtype.Key())
			}
			return valueTOf(t.rtype.Elem())
		case reflect.Array, reflect.Slice, reflect.Pointer, reflect.Chan:
			return valueTOf(t.rtype.Elem())
		}
		return nil
	}
	if key {
		return t.key
	}
	return t.val
}

// fmtField returns the name, type and exportedness of the field i of v,
// of the struct type t.
func fmtField(t *itype, v reflect.Value, i int) (string, *itype, bool) {
	sf := v.Type().Field(i)
	if t != nil && t.cat == structT && i < len(t.field) {
		f := t.field[i]
		name := f.name
		if f.embed {
			name = fmtTypeName(f.typ)
		}
		return name, f.typ, isExportedName(name)
	}
	return sf.Name, valueTOf(sf.Type), sf.IsExported()
}

func isExportedName(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

// fmtTypeName returns the name of an embedded field of type t.
func fmtTypeName(t *itype) string {
	if t.cat == ptrT {
		t = t.val
	}
	if t.cat == valueT && t.rtype != nil {
		rt := t.rtype
		if rt.Kind() == reflect.Pointer {
			rt = rt.Elem()
		}
		return rt.Name()
	}
	name := t.name
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name
}

// fmtCompare orders map keys as fmt does (internal/fmtsort's compare).
func fmtCompare(a, b reflect.Value) int {
	if a.Type() != b.Type() {
		return -1
	}
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmp.Compare(a.Int(), b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmp.Compare(a.Uint(), b.Uint())
	case reflect.String:
		return cmp.Compare(a.String(), b.String())
	case reflect.Float32, reflect.Float64:
		return cmp.Compare(a.Float(), b.Float())
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		if c := cmp.Compare(real(x), real(y)); c != 0 {
			return c
		}
		return cmp.Compare(imag(x), imag(y))
	case reflect.Bool:
		x, y := a.Bool(), b.Bool()
		switch {
		case x == y:
			return 0
		case x:
			return 1
		default:
			return -1
		}
	case reflect.Pointer, reflect.UnsafePointer, reflect.Chan:
		return cmp.Compare(a.Pointer(), b.Pointer())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if c := fmtCompare(fieldRW(a, i), fieldRW(b, i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if c := fmtCompare(a.Index(i), b.Index(i)); c != 0 {
				return c
			}
		}
		return 0
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			switch {
			case a.IsNil() && b.IsNil():
				return 0
			case a.IsNil():
				return -1
			}
			return 1
		}
		ae, be := a.Elem(), b.Elem()
		if ae.Type() != be.Type() {
			return cmp.Compare(ae.Type().String(), be.Type().String())
		}
		return fmtCompare(ae, be)
	}
	return 0
}

// fmtTypeString returns the name that reflect gives the type t in the
// compiled program (what %T prints): main.point, []main.point, ...
func fmtTypeString(t *itype) string {
	var b strings.Builder
	fmtWriteType(&b, t, 0)
	return b.String()
}

func fmtWriteType(b *strings.Builder, t *itype, depth int) {
	if t == nil {
		b.WriteString("<nil>")
		return
	}
	if depth > 32 {
		b.WriteString("...")
		return
	}
	if t.cat == valueT {
		if t.rtype != nil {
			b.WriteString(t.rtype.String())
		}
		return
	}
	if t.name != "" && (t.path != "" || t.cat == linkedT) {
		if t.path != "" {
			b.WriteString(fmtPkgName(t.path))
			b.WriteByte('.')
		}
		b.WriteString(strings.ReplaceAll(t.name, ", ", ","))
		return
	}
	switch t.cat {
	case errorT:
		b.WriteString("error")
	case arrayT:
		b.WriteString("[" + strconv.Itoa(t.length) + "]")
		fmtWriteType(b, t.val, depth+1)
	case sliceT, variadicT:
		b.WriteString("[]")
		fmtWriteType(b, t.val, depth+1)
	case ptrT:
		b.WriteString("*")
		fmtWriteType(b, t.val, depth+1)
	case mapT:
		b.WriteString("map[")
		fmtWriteType(b, t.key, depth+1)
		b.WriteString("]")
		fmtWriteType(b, t.val, depth+1)
	case chanT:
		b.WriteString("chan ")
		if t.val != nil && t.val.cat == chanRecvT {
			b.WriteString("(")
			fmtWriteType(b, t.val, depth+1)
			b.WriteString(")")
		} else {
			fmtWriteType(b, t.val, depth+1)
		}
	case chanSendT:
		b.WriteString("chan<- ")
		fmtWriteType(b, t.val, depth+1)
	case chanRecvT:
		b.WriteString("<-chan ")
		fmtWriteType(b, t.val, depth+1)
	case funcT:
		b.WriteString("func(")
		for i, a := range t.arg {
			if i > 0 {
				b.WriteString(", ")
			}
			if a.cat == variadicT {
				b.WriteString("...")
				fmtWriteType(b, a.val, depth+1)
				continue
			}
			fmtWriteType(b, a, depth+1)
		}
		b.WriteString(")")
		switch len(t.ret) {
		case 0:
		case 1:
			b.WriteString(" ")
			fmtWriteType(b, t.ret[0], depth+1)
		default:
			b.WriteString(" (")
			for i, r := range t.ret {
				if i > 0 {
					b.WriteString(", ")
				}
				fmtWriteType(b, r, depth+1)
			}
			b.WriteString(")")
		}
	case structT:
		if len(t.field) == 0 {
			b.WriteString("struct {}")
			return
		}
		b.WriteString("struct { ")
		for i, f := range t.field {
			if i > 0 {
				b.WriteString("; ")
			}
			if !f.embed {
				b.WriteString(f.name + " ")
			}
			fmtWriteType(b, f.typ, depth+1)
			if f.tag != "" {
				b.WriteString(" " + strconv.Quote(f.tag))
			}
		}
		b.WriteString(" }")
	case interfaceT:
		if len(t.field) == 0 {
			b.WriteString("interface {}")
			return
		}
		b.WriteString("interface { ")
		for i, f := range t.field {
			if i > 0 {
				b.WriteString("; ")
			}
			if f.typ.cat == funcT {
				var fb strings.Builder
				fmtWriteType(&fb, f.typ, depth+1)
				b.WriteString(f.name + strings.TrimPrefix(fb.String(), "func"))
				continue
			}
			fmtWriteType(b, f.typ, depth+1)
		}
		b.WriteString(" }")
	default:
		if t.name != "" {
			b.WriteString(t.name)
			return
		}
		if rt := t.TypeOf(); rt != nil {
			b.WriteString(rt.String())
		}
	}
}

// fmtPkgName returns the name that reflect prints for a type of the
// package path.
func fmtPkgName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}

// fmtIsInterface reports whether t is an interface type, as isInterface
// does but without making t's reflect type, which costs for each value.
func fmtIsInterface(t *itype) bool {
	for t != nil && t.cat == linkedT {
		t = t.val
	}
	if t == nil {
		return false
	}
	switch t.cat {
	case interfaceT, errorT:
		return true
	case valueT:
		return t.rtype != nil && t.rtype.Kind() == reflect.Interface
	}
	return false
}
