package interp

import gen "github.com/traefik/yaegi/stdlib/generic"

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

// genericCall reports whether n is a call of a generic function whose
// type arguments are inferred.
func genericCall(interp *Interpreter, sc *scope, n *node) bool {
	if n.kind != callExpr {
		return false
	}
	t, err := nodeType(interp, sc, n.child[0])
	return err == nil && t != nil && isGeneric(t)
}
