package interp

import (
	"reflect"
	"strings"
	"sync/atomic"
)

// adot produces an AST dot(1) directed acyclic graph for the given node. For debugging only.
// func (n *node) adot() { n.astDot(dotWriter(n.interp.dotCmd), n.ident) }

// genAST returns a new AST where generic types are replaced by instantiated types.
func genAST(sc *scope, root *node, types []*itype) (*node, bool, error) {
	// The constraints are types of the scope of the declaration, not of
	// the call: slices.Max's cmp.Ordered where the caller has no cmp.
	sc = declScope(root, sc)
	typeParam := map[string]*node{}
	pindex := 0
	tname := ""
	rtname := ""
	recvrPtr := false
	fixNodes := []*node{}
	var gtree func(*node, *node) (*node, error)
	// Qualified by the package: slices.Max[[]int,int] is not the
	// Max[[]int,int] of the program.
	sname := sc.pkgID + "." + root.child[0].ident + "["
	if root.kind == funcDecl {
		sname = sc.pkgID + "." + root.child[1].ident + "["
		// A method is known by its receiver's type too: Stack[string].Len
		// and Set[string].Len are different instances.
		if recv := root.child[0]; len(recv.child) > 0 {
			rt := recv.child[0].lastChild()
			if rt.kind == starExpr {
				rt = rt.child[0]
			}
			if rt.kind == indexExpr || rt.kind == indexListExpr {
				sname = sc.pkgID + "." + rt.child[0].ident + "." + root.child[1].ident + "["
			}
		}
	}

	// Constraints are typed in the scope of the generic declaration: a
	// union of another package's constraints (constraints.Float) is unknown
	// where the instance is made.
	csc := sc
	if root.typ != nil && root.typ.scope != nil {
		csc = root.typ.scope
	}

	// Input type parameters must be resolved prior AST generation, as compilation
	// of generated AST may occur in a different scope.
	for _, t := range types {
		sname += t.id() + ","
	}
	sname = strings.TrimSuffix(sname, ",") + "]"

	gtree = func(n, anc *node) (*node, error) {
		nod := copyNode(n, anc, false)
		switch n.kind {
		case funcDecl, funcType:
			nod.val = nod

		case identExpr:
			// Replace generic type by instantiated one.
			nt, ok := typeParam[n.ident]
			if !ok {
				break
			}
			nod = copyNode(nt, anc, true)
			nod.typ = nt.typ
			nod.typeArg = true

		case indexExpr, indexListExpr:
			// Catch a possible recursive generic type definition
			if root.kind != typeSpec {
				break
			}
			if root.child[0].ident != n.child[0].ident {
				break
			}
			nod := copyNode(n.child[0], anc, false)
			fixNodes = append(fixNodes, nod)
			return nod, nil

		case fieldList:
			//  Node is the type parameters list of a generic function.
			if root.kind == funcDecl && n.anc == root.child[2] && childPos(n) == 0 {
				// Fill the types lookup table used for type substitution.
				for _, c := range n.child {
					l := len(c.child) - 1
					for _, cc := range c.child[:l] {
						if pindex >= len(types) {
							return nil, cc.cfgErrorf("undefined type for %s", cc.ident)
						}
						t, err := nodeType(c.interp, csc, c.child[l])
						if err != nil {
							return nil, err
						}
						if err := checkConstraint(types[pindex], t); err != nil {
							return nil, err
						}
						typeParam[cc.ident] = copyNode(cc, cc.anc, false)
						typeParam[cc.ident].ident = types[pindex].id()
						typeParam[cc.ident].typ = types[pindex]
						pindex++
					}
				}
				// Skip type parameters specification, so generated func doesn't look generic.
				return nod, nil
			}

			// Node is the receiver of a generic method.
			if root.kind == funcDecl && n.anc == root && childPos(n) == 0 && len(n.child) > 0 {
				rtn := n.child[0].child[1]
				// Method receiver is a generic type if it takes some type parameters.
				if rtn.kind == indexExpr || rtn.kind == indexListExpr || (rtn.kind == starExpr && (rtn.child[0].kind == indexExpr || rtn.child[0].kind == indexListExpr)) {
					if rtn.kind == starExpr {
						// Method receiver is a pointer on a generic type.
						rtn = rtn.child[0]
						recvrPtr = true
					}
					rtname = rtn.child[0].ident + "["
					for _, cc := range rtn.child[1:] {
						if pindex >= len(types) {
							return nil, cc.cfgErrorf("undefined type for %s", cc.ident)
						}
						it := types[pindex]
						typeParam[cc.ident] = copyNode(cc, cc.anc, false)
						typeParam[cc.ident].ident = it.id()
						typeParam[cc.ident].typ = it
						rtname += it.id() + ","
						pindex++
					}
					rtname = strings.TrimSuffix(rtname, ",") + "]"
				}
			}

			// Node is the type parameters list of a generic type.
			if root.kind == typeSpec && n.anc == root && childPos(n) == 1 {
				// Fill the types lookup table used for type substitution.
				tname = n.anc.child[0].ident + "["
				for _, c := range n.child {
					l := len(c.child) - 1
					for _, cc := range c.child[:l] {
						if pindex >= len(types) {
							return nil, cc.cfgErrorf("undefined type for %s", cc.ident)
						}
						it := types[pindex]
						t, err := nodeType(c.interp, csc, c.child[l])
						if err != nil {
							return nil, err
						}
						if err := checkConstraint(types[pindex], t); err != nil {
							return nil, err
						}
						typeParam[cc.ident] = copyNode(cc, cc.anc, false)
						typeParam[cc.ident].ident = it.id()
						typeParam[cc.ident].typ = it
						tname += it.id() + ","
						pindex++
					}
				}
				tname = strings.TrimSuffix(tname, ",") + "]"
				return nod, nil
			}
		}

		for _, c := range n.child {
			gn, err := gtree(c, nod)
			if err != nil {
				return nil, err
			}
			nod.child = append(nod.child, gn)
		}
		return nod, nil
	}

	if nod, found := root.interp.generic[sname]; found {
		return nod, true, nil
	}

	r, err := gtree(root, root.anc)
	if err != nil {
		return nil, false, err
	}
	root.interp.generic[sname] = r
	r.param = append(r.param, types...)
	if tname != "" {
		for _, nod := range fixNodes {
			nod.ident = tname
		}
		r.child[0].ident = tname
	}
	if rtname != "" {
		// Replace method receiver type by synthetized ident.
		nod := r.child[0].child[0].child[1]
		if recvrPtr {
			nod = nod.child[0]
		}
		nod.kind = identExpr
		nod.ident = rtname
		nod.child = nil
	}
	// r.adot() // Used for debugging only.
	return r, false, nil
}

func copyNode(n, anc *node, recursive bool) *node {
	var i interface{}
	nindex := atomic.AddInt64(&n.interp.nindex, 1)
	nod := &node{
		debug:  n.debug,
		anc:    anc,
		interp: n.interp,
		index:  nindex,
		level:  n.level,
		nleft:  n.nleft,
		nright: n.nright,
		kind:   n.kind,
		pos:    n.pos,
		action: n.action,
		gen:    n.gen,
		val:    &i,
		rval:   n.rval,
		ident:  n.ident,
		meta:   n.meta,
	}
	nod.start = nod
	if recursive {
		for _, c := range n.child {
			nod.child = append(nod.child, copyNode(c, nod, true))
		}
	}
	return nod
}

// declScope returns the scope of the declaration n, or sc if n has none.
func declScope(n *node, sc *scope) *scope {
	if n.scope != nil {
		return n.scope
	}
	return sc
}

func inferTypesFromCall(sc *scope, fun *node, args []*node) ([]*itype, error) {
	sc = declScope(fun, sc)
	ftn := fun.typ.node
	// The type parameters in declaration order, and their constraints,
	// typed in the scope of the function (constraints.Float of its package).
	csc := sc
	if fun.typ.scope != nil {
		csc = fun.typ.scope
	}
	var names []string
	constraints := map[string]*itype{}
	for _, c := range ftn.child[0].child {
		typ, err := nodeType(fun.interp, csc, c.lastChild())
		if err != nil {
			return nil, err
		}
		for _, cc := range c.child[:len(c.child)-1] {
			names = append(names, cc.ident)
			constraints[cc.ident] = typ
		}
	}

	// Unify each parameter type with its argument type, binding type
	// parameters by name: the types are returned in declaration order,
	// whatever the order the parameters use them in.
	bound := map[string]*itype{}
	infer := func(param, input *itype) { unify(constraints, bound, param, input) }

	// The arguments, by parameter: a field may declare several (i, j int).
	i := 0
	for _, c := range ftn.child[1].child {
		tn := c.lastChild()
		names := len(c.child) - 1
		if names < 1 {
			names = 1
		}
		for ; names > 0 && i < len(args); names-- {
			if tn.kind == indexExpr || tn.kind == indexListExpr {
				// A parameter of a generic type, seq iter.Seq[E]: its
				// type is the generic type, not an instance.
				if err := inferInstance(sc, tn, args[i].typ, constraints, bound); err != nil {
					return nil, err
				}
			} else {
				typ, err := nodeType(fun.interp, sc, tn)
				if err != nil {
					return nil, err
				}
				infer(typ, args[i].typ)
			}
			i++
		}
	}

	// An untyped constant gives its default type (Compare(1.5, 2.5)).
	for name, t := range bound {
		bound[name] = untypedDefault(sc, t)
	}

	// Core type unification, as Go does: a bound S with constraint ~[]E
	// binds E to the element type of S.
	for changed := true; changed; {
		changed = false
		for _, name := range names {
			t, core := bound[name], coreTerm(constraints[name])
			if t == nil || core == nil {
				continue
			}
			n := len(bound)
			infer(core, t.underlying())
			changed = changed || len(bound) > n
		}
	}

	types := []*itype{}
	for _, name := range names {
		if bound[name] == nil {
			break
		}
		types = append(types, bound[name])
	}
	return types, nil
}

// inferInstance binds the type parameters of constraints that the type
// arguments of tn, an instance G[A1, ...] of the generic type G, name, by
// unifying the type of G with input.
func inferInstance(sc *scope, tn *node, input *itype, constraints, bound map[string]*itype) error {
	gt, err := nodeType(tn.interp, sc, tn.child[0])
	if err != nil {
		return err
	}
	if gt.cat != genericT || gt.node == nil || gt.node.anc == nil || gt.node.anc.kind != typeSpec || len(gt.node.anc.child) < 3 {
		return nil
	}
	spec := gt.node.anc
	// The type of G, with its type parameters in a scope of their own.
	gsc := declScope(spec, sc).push(false)
	var gnames []string
	gcons := map[string]*itype{}
	for _, f := range spec.child[1].child {
		ct, err := nodeType(tn.interp, gsc, f.lastChild())
		if err != nil {
			return err
		}
		for _, c := range f.child[:len(f.child)-1] {
			gnames = append(gnames, c.ident)
			gcons[c.ident] = ct
			gsc.sym[c.ident] = &symbol{index: -1, kind: varTypeSym, typ: ct}
		}
	}
	under, err := nodeType(tn.interp, gsc, spec.child[2])
	if err != nil {
		return err
	}
	gbound := map[string]*itype{}
	unify(gcons, gbound, under, input)
	for i, a := range tn.child[1:] {
		if i >= len(gnames) || a.kind != identExpr {
			continue
		}
		if _, ok := constraints[a.ident]; ok && bound[a.ident] == nil && gbound[gnames[i]] != nil {
			bound[a.ident] = gbound[gnames[i]]
		}
	}
	return nil
}

// unify binds in bound the type parameters of constraints that param,
// unified with input, names.
func unify(constraints, bound map[string]*itype, param, input *itype) {
	var infer func(param, input *itype)
	infer = func(param, input *itype) {
		if param == nil || input == nil {
			return
		}
		if param.cat != genericT && param.cat != nilT && param.cat != variadicT && input.cat != param.cat {
			input = input.underlying()
		}
		if input.cat == valueT && param.cat != genericT && param.cat != nilT && param.cat != variadicT {
			// A compiled value (strings.ToUpper for f func(T) U): its
			// parts come from reflect.
			input = reflectParts(input.rtype)
		}
		switch param.cat {
		case chanT, chanRecvT, chanSendT, ptrT, sliceT:
			infer(param.val, input.val)

		case variadicT:
			// An argument of a variadic parameter ...T has type T, unless
			// it is a slice passed with ... (s...). T may be a slice type
			// itself: slices.Concat(ss ...S) with S ~[]E.
			if input.cat == variadicT || input.cat == sliceT && param.val.cat != sliceT && !(param.val.cat == genericT && isSliceCore(constraints[param.val.name])) {
				input = input.val
			}
			infer(param.val, input)

		case mapT:
			infer(param.key, input.key)
			infer(param.val, input.val)

		case structT:
			for i, f := range param.field {
				if i < len(input.field) {
					infer(f.typ, input.field[i].typ)
				}
			}

		case funcT:
			for i, t := range param.arg {
				if i < len(input.arg) {
					infer(t, input.arg[i])
				}
			}
			for i, t := range param.ret {
				if i < len(input.ret) {
					infer(t, input.ret[i])
				}
			}

		case nilT, genericT:
			// A typed argument fixes the type before an untyped constant.
			if _, ok := constraints[param.name]; ok && (bound[param.name] == nil || bound[param.name].untyped && !input.untyped) {
				bound[param.name] = input
			}
		}
	}
	infer(param, input)
}

// coreTerm returns the single type term of constraint ct (the []E of
// ~[]E), or nil when it has none or several.
func coreTerm(ct *itype) *itype {
	if ct == nil {
		return nil
	}
	switch ct.cat {
	case constraintT, interfaceT:
		if len(ct.constraint)+len(ct.ulconstraint) != 1 {
			return nil
		}
		return append(append([]*itype{}, ct.constraint...), ct.ulconstraint...)[0]
	case genericT:
		return nil
	}
	return ct
}

func checkConstraint(it, ct *itype) error {
	if len(ct.constraint) == 0 && len(ct.ulconstraint) == 0 {
		return nil
	}
	for _, c := range ct.constraint {
		if it.equals(c) || it.matchDefault(c) {
			return nil
		}
	}
	for _, c := range ct.ulconstraint {
		if it.underlying().equals(c) || it.matchDefault(c) {
			return nil
		}
		// A compiled named type of a basic type: ~int64 for time.Duration.
		if it.cat == valueT && it.rtype != nil && c.cat != valueT && isBasicKind(it.rtype.Kind()) && c.TypeOf() != nil && it.rtype.Kind() == c.TypeOf().Kind() {
			return nil
		}
	}
	return it.node.cfgErrorf("%s does not implement %s", it.id(), ct.id())
}

// reflectParts returns an itype of the kind of the compiled type rt with the
// types of its parts (element, key, parameters, results), for inference.
func reflectParts(rt reflect.Type) *itype {
	t := &itype{cat: valueT, rtype: rt}
	if rt == nil {
		return t
	}
	switch rt.Kind() {
	case reflect.Slice:
		t = &itype{cat: sliceT, val: valueTOf(rt.Elem())}
	case reflect.Ptr:
		t = &itype{cat: ptrT, val: valueTOf(rt.Elem())}
	case reflect.Map:
		t = &itype{cat: mapT, key: valueTOf(rt.Key()), val: valueTOf(rt.Elem())}
	case reflect.Chan:
		t = &itype{cat: chanT, val: valueTOf(rt.Elem())}
		switch rt.ChanDir() {
		case reflect.RecvDir:
			t.cat = chanRecvT
		case reflect.SendDir:
			t.cat = chanSendT
		}
	case reflect.Func:
		t = &itype{cat: funcT}
		for i := 0; i < rt.NumIn(); i++ {
			t.arg = append(t.arg, valueTOf(rt.In(i)))
		}
		for i := 0; i < rt.NumOut(); i++ {
			t.ret = append(t.ret, valueTOf(rt.Out(i)))
		}
	}
	return t
}
