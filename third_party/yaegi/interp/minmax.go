package interp

import (
	"go/constant"
	"go/token"
	"math"
	"reflect"
)

// The min, max and clear builtins of Go 1.21.

func _min(n *node) { minMax(n, token.LSS) }
func _max(n *node) { minMax(n, token.GTR) }

// minMax evaluates min (op is token.LSS) or max (token.GTR) of the
// arguments of n: a NaN wins, and min(-0.0, 0.0) is -0.0 as in Go.
func minMax(n *node, op token.Token) {
	next := getExec(n.tnext)
	typ := n.typ.TypeOf()
	dest := genValueOutput(n, typ)
	args := make([]func(*frame) reflect.Value, len(n.child)-1)
	for i, c := range n.child[1:] {
		args[i] = genValueAs(c, typ)
	}
	better := func(a, b reflect.Value) bool { // a replaces b
		switch {
		case isFloat(typ):
			x, y := a.Float(), b.Float()
			if math.IsNaN(x) || math.IsNaN(y) {
				return math.IsNaN(x)
			}
			if x == y && x == 0 {
				return (op == token.LSS) == math.Signbit(x)
			}
			if op == token.LSS {
				return x < y
			}
			return x > y
		case isString(typ):
			if op == token.LSS {
				return a.String() < b.String()
			}
			return a.String() > b.String()
		case isUint(typ):
			if op == token.LSS {
				return a.Uint() < b.Uint()
			}
			return a.Uint() > b.Uint()
		default:
			if op == token.LSS {
				return a.Int() < b.Int()
			}
			return a.Int() > b.Int()
		}
	}
	n.exec = func(f *frame) bltn {
		r := args[0](f)
		for _, a := range args[1:] {
			if v := a(f); better(v, r) {
				r = v
			}
		}
		dest(f).Set(r)
		return next
	}
}

func minConst(n *node) { minMaxConst(n, token.LSS) }
func maxConst(n *node) { minMaxConst(n, token.GTR) }

// minMaxConst makes min or max of constants a constant.
func minMaxConst(n *node, op token.Token) {
	var r constant.Value
	for _, c := range n.child[1:] {
		if !c.rval.IsValid() {
			return
		}
		v := constValue(c.rval)
		if v == nil || v.Kind() == constant.Unknown {
			return
		}
		if r == nil || constant.Compare(v, op, r) {
			r = v
		}
	}
	if n.typ.untyped {
		n.rval = reflect.ValueOf(r)
	} else {
		n.rval = reflect.New(n.typ.TypeOf()).Elem()
		switch {
		case isFloat(n.typ.TypeOf()):
			f, _ := constant.Float64Val(constant.ToFloat(r))
			n.rval.SetFloat(f)
		case isString(n.typ.TypeOf()):
			n.rval.SetString(constant.StringVal(r))
		case isUint(n.typ.TypeOf()):
			u, _ := constant.Uint64Val(constant.ToInt(r))
			n.rval.SetUint(u)
		default:
			i, _ := constant.Int64Val(constant.ToInt(r))
			n.rval.SetInt(i)
		}
	}
	n.gen = nop
}

// constValue returns the constant of a constant node's value.
func constValue(v reflect.Value) constant.Value {
	if c, ok := v.Interface().(constant.Value); ok {
		return c
	}
	switch {
	case v.CanInt():
		return constant.MakeInt64(v.Int())
	case v.CanUint():
		return constant.MakeUint64(v.Uint())
	case v.CanFloat():
		return constant.MakeFloat64(v.Float())
	case v.Kind() == reflect.String:
		return constant.MakeString(v.String())
	}
	return nil
}

// _clear deletes the entries of a map, or zeroes the elements of a slice.
func _clear(n *node) {
	value := genValue(n.child[1])
	genBuiltinDeferWrapper(n, []func(*frame) reflect.Value{value}, nil, func(args []reflect.Value) []reflect.Value {
		args[0].Clear()
		return nil
	})
}
