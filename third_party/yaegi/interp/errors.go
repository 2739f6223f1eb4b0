package interp

import "reflect"

// errors.Is and errors.As of package errors compare types and values with
// reflect, which does not know interpreted types: an interpreted error
// reaches them in an interface wrapper (genInterfaceWrapper), which is not
// comparable, and a pointer to an interpreted type does not implement
// error for reflect (errors.As panicked with "*target must be interface or
// implement error"). The interpreter calls errorsIs and errorsAs instead:
// they walk the chain as package errors does (Unwrap() error, Unwrap()
// []error, Is and As methods) and compare the values that wrappers hold
// with their interpreted types.

// fixErrors makes errors.Is and errors.As of the interpreter's errors
// package errorsIs and errorsAs.
func fixErrors(interp *Interpreter) {
	p := interp.binPkg["errors"]
	if p == nil {
		return
	}
	if p["Is"].IsValid() {
		p["Is"] = reflect.ValueOf(errorsIs)
	}
	if p["As"].IsValid() {
		p["As"] = reflect.ValueOf(func(err error, target interface{}) bool { return errorsAs(err, target, nil, nil) })
	}
}

// isErrorsAs reports whether n is errors.As of the interpreter.
func isErrorsAs(n *node) bool {
	if n.kind != selectorExpr || !n.rval.IsValid() || n.rval.Kind() != reflect.Func {
		return false
	}
	p := n.interp.binPkg["errors"]
	return p != nil && p["As"].IsValid() && p["As"].Pointer() == n.rval.Pointer()
}

// errorsAsFor returns errors.As for the call n whose target has the
// static type ptr: the interpreted type of *target tells apart interpreted
// types of one structure, and says which methods an interpreted interface
// has.
func errorsAsFor(n *node, ptr *itype) reflect.Value {
	var elem *itype
	if ptr != nil && ptr.cat == ptrT {
		elem = ptr.val
	}
	return reflect.ValueOf(func(err error, target interface{}) bool { return errorsAs(err, target, elem, n) })
}

// errorsIs is errors.Is for interpreted errors.
func errorsIs(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	tv, _ := comparedValue(target)
	return errorsIsChain(err, target, reflect.TypeOf(tv).Comparable())
}

func errorsIsChain(err, target error, targetComparable bool) bool {
	for {
		if targetComparable && interfaceEqual(err, target) {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err != nil && errorsIsChain(err, target, targetComparable) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// errorsAs is errors.As for interpreted errors and targets; elem is the
// interpreted type of *target and n the call, if known.
func errorsAs(err error, target interface{}, elem *itype, n *node) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	val := reflect.ValueOf(target)
	typ := val.Type()
	if typ.Kind() != reflect.Ptr || val.IsNil() {
		panic("errors: target must be a non-nil pointer")
	}
	targetType := typ.Elem()
	if elem != nil {
		if !isInterface(elem) && !elem.methods().contains(methodSet{"Error": ""}) {
			panic("errors: *target must be interface or implement error")
		}
	} else if targetType.Kind() != reflect.Interface && !targetType.Implements(errorType) {
		panic("errors: *target must be interface or implement error")
	}
	return errorsAsChain(err, target, val, elem, n)
}

func errorsAsChain(err error, target interface{}, val reflect.Value, elem *itype, n *node) bool {
	for {
		if errorsAsSet(err, val, elem, n) {
			return true
		}
		if x, ok := err.(interface{ As(interface{}) bool }); ok && x.As(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err != nil && errorsAsChain(err, target, val, elem, n) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// errorsAsSet sets *target (val) to err and reports true if err has the
// type of *target (elem, or val's for a compiled type), or implements it.
func errorsAsSet(err error, val reflect.Value, elem *itype, n *node) bool {
	ev := reflect.ValueOf(err)
	dst := val.Elem()
	targetType := dst.Type()
	vi, wrapped := wrappedValue(ev)
	switch {
	case elem != nil && isInterfaceSrc(elem):
		// An interface of the program: its variables hold a valueInterface.
		if wrapped {
			if vi.node.typ.methods().contains(elem.methods()) {
				dst.Set(reflect.ValueOf(vi))
				return true
			}
			return false
		}
		if implementsCase(ev, elem) {
			dst.Set(compiledValueInterface(ev))
			return true
		}
		return false
	case targetType.Kind() == reflect.Interface:
		if ev.Type().Implements(targetType) {
			dst.Set(ev)
			return true
		}
		if wrapped && n != nil && elem != nil && vi.node.typ.methods().contains(elem.methods()) {
			// A compiled interface (net.Error) that the wrapper lacks:
			// a wrapper of the value for it.
			dst.Set(genInterfaceWrapper(valueNode(n, vi), targetType)(n.interp.frame))
			return true
		}
		return false
	case wrapped:
		if vi.value.Type() == targetType && (elem == nil || vi.node.typ.id() == elem.id()) {
			dst.Set(vi.value)
			return true
		}
		return false
	}
	if ev.Type().AssignableTo(targetType) {
		dst.Set(ev)
		return true
	}
	return false
}
