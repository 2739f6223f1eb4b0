package interp

// encoding/json calls the MarshalJSON and MarshalText methods of the values
// it encodes, at any depth, but reflect knows the program's types only by
// their structure, without methods: a struct field of a program type with
// MarshalJSON is encoded as its underlying value. The value given to
// json.Marshal itself is wrapped (MapTypes); for the values inside it, the
// calls of json.Marshal, json.MarshalIndent and (*json.Encoder).Encode
// hand json a mirror of the value instead, built only when the value's
// type holds such a method below its top: the same fields, names and tags,
// with each value whose type has the method replaced by a compiled
// json.Marshaler (or encoding.TextMarshaler) that calls it.

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
)

var (
	jsonMarshalerType     = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
	jsonTextMarshalerType = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	jsonEncoderType       = reflect.TypeOf((*json.Encoder)(nil))
)

// jsonMarshalFix returns, for the call n of a json encoding function whose
// first value values gives, the function that gives the value to encode:
// its mirror when it needs one. nil when n calls no such function or its
// argument's type never needs a mirror.
func jsonMarshalFix(n *node, values []func(*frame) reflect.Value) func(*frame) reflect.Value {
	c0 := n.child[0]
	args := n.child[1:]
	if len(args) == 0 || len(values) == 0 || n.action == aCallSlice {
		return nil
	}
	switch {
	case c0.rval.IsValid() && c0.rval.Kind() == reflect.Func &&
		(c0.rval.Pointer() == reflect.ValueOf(json.Marshal).Pointer() || c0.rval.Pointer() == reflect.ValueOf(json.MarshalIndent).Pointer()):
	case c0.kind == selectorExpr && len(c0.child) == 2 && c0.child[1].ident == "Encode" && len(args) == 1 &&
		c0.child[0].typ != nil && c0.child[0].typ.cat == valueT && c0.child[0].typ.rtype == jsonEncoderType:
	default:
		return nil
	}
	t := args[0].typ
	if t == nil || jsonMethodIface(t) != nil {
		return nil // wrapped whole by MapTypes
	}
	m := n.interp.jsonMirrorOf(t, 0)
	if m == nil {
		return nil
	}
	value := values[0]
	return func(f *frame) reflect.Value {
		v := value(f)
		if v.Kind() == reflect.Interface {
			if v.IsNil() {
				return v
			}
			v = v.Elem()
		}
		if v.Type() == valueInterfaceType || v.Type() != m.from {
			return value(f)
		}
		return m.conv(v, f)
	}
}

// A jsonMirror turns values of reflect type from into values of type typ.
type jsonMirror struct {
	from, typ reflect.Type
	conv      func(v reflect.Value, f *frame) reflect.Value
}

var jsonMirrors sync.Map // *itype → *jsonMirror, or nil for none

// jsonMethodIface returns the interface of the marshalling method that
// values of t have (json.Marshaler first, as json prefers it), or nil.
// Only methods of the value count: json calls a pointer method only on
// addressable values.
func jsonMethodIface(t *itype) reflect.Type {
	if t == nil || isInterface(t) || t.cat == valueT {
		return nil
	}
	for _, c := range []struct {
		name  string
		iface reflect.Type
	}{{"MarshalJSON", jsonMarshalerType}, {"MarshalText", jsonTextMarshalerType}} {
		m, _ := t.lookupMethod(c.name)
		if m == nil {
			continue
		}
		if t.cat != ptrT && isPtrReceiver(m) {
			continue
		}
		return c.iface
	}
	return nil
}

// isPtrReceiver reports whether the method declaration m has a pointer
// receiver.
func isPtrReceiver(m *node) bool {
	if m.kind != funcDecl || len(m.child) == 0 || len(m.child[0].child) == 0 {
		return false
	}
	recv := m.child[0].child[0].lastChild()
	return recv != nil && recv.kind == starExpr
}

// jsonMirrorOf returns the mirror of t's values, or nil when json can take
// them as they are.
func (interp *Interpreter) jsonMirrorOf(t *itype, depth int) *jsonMirror {
	if t == nil || depth > 32 {
		return nil
	}
	if m, ok := jsonMirrors.Load(t); ok {
		return m.(*jsonMirror)
	}
	m := interp.buildJSONMirror(t, depth)
	jsonMirrors.Store(t, m)
	return m
}

func (interp *Interpreter) buildJSONMirror(t *itype, depth int) *jsonMirror {
	from := t.TypeOf()
	if from == nil {
		return nil
	}
	if depth > 0 {
		if iface := jsonMethodIface(t); iface != nil {
			return &jsonMirror{from: from, typ: iface, conv: func(v reflect.Value, f *frame) reflect.Value {
				if v.Kind() == reflect.Pointer && v.IsNil() {
					return reflect.Zero(iface) // json writes null, as for a nil *T
				}
				n := &node{interp: interp, typ: t, findex: notInFrame, val: v}
				return genInterfaceWrapper(n, iface)(f)
			}}
		}
	}
	switch t.cat {
	case linkedT:
		return interp.jsonMirrorOf(t.val, depth)
	case ptrT:
		em := interp.jsonMirrorOf(t.val, depth+1)
		if em == nil {
			return nil
		}
		return &jsonMirror{from: from, typ: reflect.PointerTo(em.typ), conv: func(v reflect.Value, f *frame) reflect.Value {
			if v.IsNil() {
				return reflect.Zero(reflect.PointerTo(em.typ))
			}
			p := reflect.New(em.typ)
			p.Elem().Set(em.conv(v.Elem(), f))
			return p
		}}
	case sliceT, arrayT:
		em := interp.jsonMirrorOf(t.val, depth+1)
		if em == nil {
			return nil
		}
		if t.cat == sliceT {
			typ := reflect.SliceOf(em.typ)
			return &jsonMirror{from: from, typ: typ, conv: func(v reflect.Value, f *frame) reflect.Value {
				if v.IsNil() {
					return reflect.Zero(typ)
				}
				s := reflect.MakeSlice(typ, v.Len(), v.Len())
				for i := 0; i < v.Len(); i++ {
					s.Index(i).Set(em.conv(v.Index(i), f))
				}
				return s
			}}
		}
		typ := reflect.ArrayOf(from.Len(), em.typ)
		return &jsonMirror{from: from, typ: typ, conv: func(v reflect.Value, f *frame) reflect.Value {
			a := reflect.New(typ).Elem()
			for i := 0; i < v.Len(); i++ {
				a.Index(i).Set(em.conv(v.Index(i), f))
			}
			return a
		}}
	case mapT:
		em := interp.jsonMirrorOf(t.val, depth+1)
		if em == nil || from.Kind() != reflect.Map {
			return nil
		}
		typ := reflect.MapOf(from.Key(), em.typ)
		return &jsonMirror{from: from, typ: typ, conv: func(v reflect.Value, f *frame) reflect.Value {
			if v.IsNil() {
				return reflect.Zero(typ)
			}
			m := reflect.MakeMapWithSize(typ, v.Len())
			for it := v.MapRange(); it.Next(); {
				m.SetMapIndex(it.Key(), em.conv(it.Value(), f))
			}
			return m
		}}
	case structT:
		return interp.jsonStructMirror(t, from, depth)
	}
	return nil
}

// jsonStructMirror mirrors a struct: its exported fields (json ignores the
// others), with their names, tags and embedding, each mirrored as needed.
func (interp *Interpreter) jsonStructMirror(t *itype, from reflect.Type, depth int) *jsonMirror {
	if from.Kind() != reflect.Struct || from.NumField() != len(t.field) {
		return nil
	}
	type part struct {
		index     int
		mirror    *jsonMirror
		omitEmpty bool
	}
	var (
		fields  []reflect.StructField
		parts   []part
		changed bool
	)
	for i, sf := range t.field {
		rf := from.Field(i)
		if !rf.IsExported() {
			if sf.embed {
				return nil // json promotes its fields: not mirrored
			}
			continue
		}
		fm := interp.jsonMirrorOf(sf.typ, depth+1)
		typ := rf.Type
		if fm != nil {
			typ, changed = fm.typ, true
			if rf.Anonymous && typ.Kind() == reflect.Interface {
				return nil // an embedded marshaler makes the struct one: not mirrored
			}
		}
		_, opts, _ := strings.Cut(rf.Tag.Get("json"), ",")
		fields = append(fields, reflect.StructField{Name: rf.Name, Type: typ, Tag: rf.Tag, Anonymous: rf.Anonymous})
		parts = append(parts, part{index: i, mirror: fm, omitEmpty: strings.Contains(","+opts+",", ",omitempty,")})
	}
	if !changed {
		return nil
	}
	typ := reflect.StructOf(fields)
	return &jsonMirror{from: from, typ: typ, conv: func(v reflect.Value, f *frame) reflect.Value {
		s := reflect.New(typ).Elem()
		for j, p := range parts {
			fv := v.Field(p.index)
			switch {
			case p.mirror == nil:
				s.Field(j).Set(fv)
			case p.omitEmpty && jsonIsEmpty(fv) && p.mirror.typ.Kind() == reflect.Interface:
				// Left nil, so that omitempty omits it as it omits the
				// empty value.
			default:
				s.Field(j).Set(p.mirror.conv(fv, f))
			}
		}
		return s
	}}
}

// jsonIsEmpty is encoding/json's isEmptyValue: what omitempty omits.
func jsonIsEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
