package interp

import (
	"reflect"

	gen "github.com/traefik/yaegi/stdlib/generic"
)

// The generic functions and types of the standard library cannot be in the
// symbol tables of compiled packages (reflect cannot represent them). Their
// source, from stdlib/generic, is compiled at the first import of their
// package, into a source package of the same import path: a selector that
// the compiled symbols of the package lack is looked up there.

// importGeneric compiles the generic source of the standard package at
// ipath, if it has one and it is not compiled yet, and reports whether it
// did.
func (interp *Interpreter) importGeneric(ipath string) (bool, error) {
	src, ok := gen.Sources[ipath]
	if !ok || interp.srcPkg[ipath] != nil || interp.rdir[ipath] {
		return false, nil
	}
	interp.rdir[ipath] = true
	_, err := interp.compilePkg(ipath, ipath, ipath, []sourceFile{{ipath + "/generic.go", src}}, true)
	return err == nil, err
}

// genericSym returns the symbol name of the generic source of the
// standard package at ipath, or nil when the compiled symbols have it or
// the source does not.
func (interp *Interpreter) genericSym(ipath, name string) *symbol {
	if _, ok := interp.binPkg[ipath][name]; ok {
		return nil
	}
	return interp.srcPkg[ipath][name]
}

// hasTypeParam reports whether t has a type parameter in it: the type of
// the result of a generic function, before the call is instantiated.
func hasTypeParam(t *itype, depth int) bool {
	if t == nil || depth > 8 {
		return false
	}
	switch t.cat {
	case genericT:
		return true
	case ptrT, sliceT, arrayT, chanT, variadicT:
		return hasTypeParam(t.val, depth+1)
	case mapT:
		return hasTypeParam(t.key, depth+1) || hasTypeParam(t.val, depth+1)
	case funcT:
		for _, a := range t.arg {
			if hasTypeParam(a, depth+1) {
				return true
			}
		}
		for _, r := range t.ret {
			if hasTypeParam(r, depth+1) {
				return true
			}
		}
	}
	return false
}

// genericCall reports whether n is a call of a generic function.
func genericCall(interp *Interpreter, sc *scope, n *node) bool {
	if n.kind != callExpr {
		return false
	}
	f := n.child[0]
	if f.kind == indexExpr || f.kind == indexListExpr {
		// With type arguments: errors.AsType[*fs.PathError](err).
		f = f.child[0]
	}
	t, err := nodeType(interp, sc, f)
	return err == nil && t != nil && isGeneric(t)
}

// deferTo reports whether the definition n uses a variable of deferred,
// and then adds those that n defines to it: the CFG declares them too.
func deferTo(n *node, deferred map[string]bool) bool {
	if len(deferred) == 0 {
		return false
	}
	uses := false
	for _, c := range n.child[n.nleft:] {
		c.Walk(func(m *node) bool {
			if m.kind == identExpr && deferred[m.ident] {
				uses = true
			}
			return !uses
		}, nil)
	}
	if uses {
		for _, c := range n.child[:n.nleft] {
			deferred[c.ident] = true
		}
	}
	return uses
}

// isSliceCore reports whether the constraint ct has a slice core type.
func isSliceCore(ct *itype) bool {
	core := coreTerm(ct)
	return core != nil && core.cat == sliceT
}

// untypedDefault returns the default type of the untyped constant type t,
// or t.
func untypedDefault(sc *scope, t *itype) *itype {
	if t == nil || !t.untyped {
		return t
	}
	var name string
	switch t.TypeOf().Kind() {
	case reflect.Int, reflect.Int64:
		name = "int"
	case reflect.Int32:
		name = "rune"
	case reflect.Float32, reflect.Float64:
		name = "float64"
	case reflect.Complex64, reflect.Complex128:
		name = "complex128"
	case reflect.String:
		name = "string"
	case reflect.Bool:
		name = "bool"
	default:
		return t
	}
	if d := sc.getType(name); d != nil {
		return d
	}
	return t
}

// isBasicKind reports whether k is the kind of a basic type.
func isBasicKind(k reflect.Kind) bool {
	return k >= reflect.Bool && k <= reflect.Complex128 || k == reflect.String
}
