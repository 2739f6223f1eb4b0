package interp

import "reflect"

// evalMark is what the interpreter holds before an Eval: the length of
// the global frame's layout and of each scope's list of child scopes.
type evalMark struct {
	slots  int
	roots  int
	childs map[*scope]int
}

// markEval records the interpreter's state before an Eval compiles src.
func (interp *Interpreter) markEval() evalMark {
	interp.mutex.RLock()
	defer interp.mutex.RUnlock()
	m := evalMark{slots: len(interp.universe.types), roots: len(interp.roots), childs: map[*scope]int{interp.universe: len(interp.universe.child)}}
	for _, sc := range interp.scopes {
		m.childs[sc] = len(sc.child)
	}
	return m
}

// releaseEval lets go of what an Eval's top-level code no longer needs
// once it has run: the root of its tree (kept only for the debugger), the
// block scopes it added to the package scopes (idem), and the values of
// its expressions held in the global frame (a call's result, a composite
// literal), which nothing can read again. Without this, every Eval kept
// its tree, and every value its top-level code computed stayed reachable
// after its variable was redeclared or set to nil.
//
// Expression values are kept when the top-level code starts a goroutine
// or defers a call: those read their arguments from the frame later. So
// are values of interpreted types that may have methods: a value of
// one converted to an interface reads its receiver from the frame when
// a method is called (genInterfaceWrapper).
func (interp *Interpreter) releaseEval(m evalMark, root *node, ran bool) {
	interp.mutex.Lock()
	if m.roots < len(interp.roots) {
		clear(interp.roots[m.roots:])
		interp.roots = interp.roots[:m.roots]
	}
	for sc, n := range m.childs {
		if n < len(sc.child) {
			clear(sc.child[n:])
			sc.child = sc.child[:n]
		}
	}
	interp.mutex.Unlock()
	if !ran || root == nil {
		return
	}

	var temps []int
	keep := false
	root.Walk(func(n *node) bool {
		switch n.kind {
		case funcDecl, funcLit, typeSpec, typeDecl, importSpec:
			return false // own frames, or no values in the global frame
		case goStmt, deferStmt:
			keep = true
			return false
		case identExpr:
			return true // a variable's slot, or a reference to one
		}
		if n.findex >= m.slots && releasable(n.typ, 0) {
			temps = append(temps, n.findex)
		}
		return true
	}, nil)
	if keep || len(temps) == 0 {
		return
	}
	vars := map[int]bool{}
	interp.mutex.RLock()
	for _, sc := range append([]*scope{interp.universe}, scopeList(interp.scopes)...) {
		for _, sym := range sc.sym {
			vars[sym.index] = true
		}
	}
	interp.mutex.RUnlock()

	f := interp.frame
	f.mutex.Lock()
	defer f.mutex.Unlock()
	for _, i := range temps {
		if i < len(f.data) && !vars[i] && f.data[i].IsValid() {
			// A new zero value, not Set: the Value the Eval returned may
			// share the old one's storage.
			f.data[i] = reflect.New(f.data[i].Type()).Elem()
		}
	}
}

func scopeList(m map[string]*scope) []*scope {
	l := make([]*scope, 0, len(m))
	for _, sc := range m {
		l = append(l, sc)
	}
	return l
}

// redefineIndex returns the frame index for a global variable name
// defined again with :=. A variable of the same type keeps its slot, as
// an assignment would: the functions compiled earlier read the new value,
// and the old one is no longer reachable from the frame. Another type
// needs a new slot. (An untyped constant's type is its default type
// there.)
func (s *scope) redefineIndex(name string, typ *itype) int {
	if old, ok := s.sym[name]; ok && old.kind == varSym && old.global && old.index >= 0 &&
		old.typ != nil && (old.typ.id() == typ.id() || typ.untyped) && old.typ.frameType() == typ.frameType() {
		return old.index
	}
	return s.add(typ)
}

// releasable reports whether a value of type t held in an expression's
// slot is read only when the expression is evaluated: a compiled type, or
// basic types and pointers, slices, arrays, maps and channels of them,
// with no interpreted methods.
func releasable(t *itype, depth int) bool {
	if t == nil || len(t.method) > 0 || depth > 8 {
		return false
	}
	switch t.cat {
	case valueT, boolT, complex64T, complex128T, float32T, float64T, intT, int8T, int16T, int32T, int64T,
		stringT, uintT, uint8T, uint16T, uint32T, uint64T, uintptrT:
		return true
	case arrayT, chanT, chanSendT, chanRecvT, ptrT, sliceT:
		return releasable(t.val, depth+1)
	case mapT:
		return releasable(t.key, depth+1) && releasable(t.val, depth+1)
	}
	return false
}
