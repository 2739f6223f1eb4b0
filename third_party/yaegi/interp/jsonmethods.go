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
	"errors"
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

// Decoding has the same problem the other way: json.Unmarshal and
// (*json.Decoder).Decode never call the UnmarshalJSON and UnmarshalText
// methods of values inside the target. When the target's type has such a
// method below its top, they decode into a mirror of the target instead,
// made from its current value, in which each value with the method is a
// json.RawMessage; then they copy the mirror back, calling the method on
// each raw message that the input held, in the order of the fields. An
// error of a method is the call's error, unless json reported one first.

var (
	jsonUnmarshalerType     = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
	jsonTextUnmarshalerType = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	jsonRawMessageType      = reflect.TypeOf(json.RawMessage(nil))
)

// A jsonDecodeMirror turns values of type from into values of type typ
// (to) and back (back, into an addressable value of type from).
type jsonDecodeMirror struct {
	from, typ reflect.Type
	to        func(v reflect.Value) reflect.Value
	back      func(m, v reflect.Value, f *frame) error
}

var jsonDecodeMirrors sync.Map // *itype → *jsonDecodeMirror, or nil

// jsonUnmarshalIface returns the interface of the unmarshalling method
// that pointers to values of t have, or nil.
func jsonUnmarshalIface(t *itype) reflect.Type {
	if t == nil || isInterface(t) || t.cat == valueT || t.cat == ptrT {
		return nil
	}
	pt := ptrOf(t)
	for _, c := range []struct {
		name  string
		iface reflect.Type
	}{{"UnmarshalJSON", jsonUnmarshalerType}, {"UnmarshalText", jsonTextUnmarshalerType}} {
		if m, _ := pt.lookupMethod(c.name); m != nil {
			return c.iface
		}
		if m, _ := t.lookupMethod(c.name); m != nil {
			return c.iface
		}
	}
	return nil
}

// jsonDecodeMirrorOf returns the decoding mirror of t's values, or nil
// when json can decode them as they are.
func (interp *Interpreter) jsonDecodeMirrorOf(t *itype, depth int) *jsonDecodeMirror {
	if t == nil || depth > 32 {
		return nil
	}
	if m, ok := jsonDecodeMirrors.Load(t); ok {
		return m.(*jsonDecodeMirror)
	}
	m := interp.buildJSONDecodeMirror(t, depth)
	jsonDecodeMirrors.Store(t, m)
	return m
}

func (interp *Interpreter) buildJSONDecodeMirror(t *itype, depth int) *jsonDecodeMirror {
	from := t.TypeOf()
	if from == nil {
		return nil
	}
	if depth > 0 {
		if iface := jsonUnmarshalIface(t); iface != nil {
			pt := ptrOf(t)
			return &jsonDecodeMirror{from: from, typ: jsonRawMessageType,
				to: func(reflect.Value) reflect.Value { return reflect.Zero(jsonRawMessageType) },
				back: func(m, v reflect.Value, f *frame) error {
					raw := m.Interface().(json.RawMessage)
					if raw == nil {
						return nil // not in the input
					}
					n := &node{interp: interp, typ: pt, findex: notInFrame, val: v.Addr()}
					w := genInterfaceWrapper(n, iface)(f).Interface()
					if u, ok := w.(json.Unmarshaler); ok {
						return u.UnmarshalJSON(raw)
					}
					if string(raw) == "null" {
						return nil
					}
					var s string
					if err := json.Unmarshal(raw, &s); err != nil {
						return err
					}
					return w.(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
				}}
		}
	}
	switch t.cat {
	case linkedT:
		return interp.jsonDecodeMirrorOf(t.val, depth)
	case ptrT:
		em := interp.jsonDecodeMirrorOf(t.val, depth+1)
		if em == nil {
			return nil
		}
		typ := reflect.PointerTo(em.typ)
		return &jsonDecodeMirror{from: from, typ: typ,
			to: func(v reflect.Value) reflect.Value {
				if v.IsNil() {
					return reflect.Zero(typ)
				}
				p := reflect.New(em.typ)
				p.Elem().Set(em.to(v.Elem()))
				return p
			},
			back: func(m, v reflect.Value, f *frame) error {
				if m.IsNil() {
					v.Set(reflect.Zero(from))
					return nil
				}
				if v.IsNil() {
					v.Set(reflect.New(from.Elem()))
				}
				return em.back(m.Elem(), v.Elem(), f)
			}}
	case sliceT, arrayT:
		em := interp.jsonDecodeMirrorOf(t.val, depth+1)
		if em == nil {
			return nil
		}
		var typ reflect.Type
		if t.cat == sliceT {
			typ = reflect.SliceOf(em.typ)
		} else {
			typ = reflect.ArrayOf(from.Len(), em.typ)
		}
		return &jsonDecodeMirror{from: from, typ: typ,
			to: func(v reflect.Value) reflect.Value {
				if t.cat == sliceT && v.IsNil() {
					return reflect.Zero(typ)
				}
				m := reflect.New(typ).Elem()
				if t.cat == sliceT {
					m = reflect.MakeSlice(typ, v.Len(), v.Len())
				}
				for i := 0; i < v.Len(); i++ {
					m.Index(i).Set(em.to(v.Index(i)))
				}
				return m
			},
			back: func(m, v reflect.Value, f *frame) error {
				if t.cat == sliceT {
					if m.IsNil() {
						v.Set(reflect.Zero(from))
						return nil
					}
					v.Set(reflect.MakeSlice(from, m.Len(), m.Len()))
				}
				for i := 0; i < m.Len(); i++ {
					if err := em.back(m.Index(i), v.Index(i), f); err != nil {
						return err
					}
				}
				return nil
			}}
	case mapT:
		em := interp.jsonDecodeMirrorOf(t.val, depth+1)
		if em == nil || from.Kind() != reflect.Map {
			return nil
		}
		typ := reflect.MapOf(from.Key(), em.typ)
		return &jsonDecodeMirror{from: from, typ: typ,
			to: func(v reflect.Value) reflect.Value {
				if v.IsNil() {
					return reflect.Zero(typ)
				}
				m := reflect.MakeMapWithSize(typ, v.Len())
				for it := v.MapRange(); it.Next(); {
					m.SetMapIndex(it.Key(), em.to(it.Value()))
				}
				return m
			},
			back: func(m, v reflect.Value, f *frame) error {
				if m.IsNil() {
					v.Set(reflect.Zero(from))
					return nil
				}
				out := reflect.MakeMapWithSize(from, m.Len())
				for it := m.MapRange(); it.Next(); {
					e := reflect.New(from.Elem()).Elem()
					if old := v.MapIndex(it.Key()); v.Len() > 0 && old.IsValid() {
						e.Set(old)
					}
					if err := em.back(it.Value(), e, f); err != nil {
						return err
					}
					out.SetMapIndex(it.Key(), e)
				}
				v.Set(out)
				return nil
			}}
	case structT:
		return interp.jsonStructDecodeMirror(t, from, depth)
	}
	return nil
}

// jsonStructDecodeMirror mirrors a struct for decoding: its exported
// fields, each mirrored as needed; the others keep their values.
func (interp *Interpreter) jsonStructDecodeMirror(t *itype, from reflect.Type, depth int) *jsonDecodeMirror {
	if from.Kind() != reflect.Struct || from.NumField() != len(t.field) {
		return nil
	}
	type part struct {
		index  int
		mirror *jsonDecodeMirror
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
				return nil
			}
			continue
		}
		fm := interp.jsonDecodeMirrorOf(sf.typ, depth+1)
		typ := rf.Type
		if fm != nil {
			typ, changed = fm.typ, true
			if rf.Anonymous && typ == jsonRawMessageType {
				return nil // an embedded unmarshaler makes the struct one
			}
		}
		fields = append(fields, reflect.StructField{Name: rf.Name, Type: typ, Tag: rf.Tag, Anonymous: rf.Anonymous})
		parts = append(parts, part{index: i, mirror: fm})
	}
	if !changed {
		return nil
	}
	typ := reflect.StructOf(fields)
	return &jsonDecodeMirror{from: from, typ: typ,
		to: func(v reflect.Value) reflect.Value {
			m := reflect.New(typ).Elem()
			for j, p := range parts {
				if p.mirror == nil {
					m.Field(j).Set(v.Field(p.index))
				} else {
					m.Field(j).Set(p.mirror.to(v.Field(p.index)))
				}
			}
			return m
		},
		back: func(m, v reflect.Value, f *frame) error {
			for j, p := range parts {
				if p.mirror == nil {
					v.Field(p.index).Set(m.Field(j))
					continue
				}
				if err := p.mirror.back(m.Field(j), v.Field(p.index), f); err != nil {
					return err
				}
			}
			return nil
		}}
}

// jsonDecodeInto decodes with decode into target, a pointer of the
// program given to json.Unmarshal or Decode, whose type is t: through a
// mirror when t needs one.
func (interp *Interpreter) jsonDecodeInto(t *itype, target any, decode func(any) error, f *frame) error {
	v := reflect.ValueOf(target)
	if v.Kind() != reflect.Pointer {
		// A pointer to a value of the program with the method, which
		// MapTypes wrapped: the wrapper is no pointer, which json refuses.
		switch u := target.(type) {
		case json.Unmarshaler:
			var raw json.RawMessage
			if err := decode(&raw); err != nil {
				return err
			}
			return u.UnmarshalJSON(raw)
		case encoding.TextUnmarshaler:
			var s string
			if err := decode(&s); err != nil {
				return err
			}
			return u.UnmarshalText([]byte(s))
		}
	}
	if t == nil || fmtUnder(t) == nil || fmtUnder(t).cat != ptrT || v.Kind() != reflect.Pointer || v.IsNil() {
		return decode(target)
	}
	em := interp.jsonDecodeMirrorOf(fmtUnder(t).val, 0)
	if em == nil || v.Type().Elem() != em.from {
		return decode(target)
	}
	m := reflect.New(em.typ)
	m.Elem().Set(em.to(v.Elem()))
	err := decode(m.Interface())
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return err // nothing was decoded
	}
	if berr := em.back(m.Elem(), v.Elem(), f); err == nil {
		err = berr
	}
	return err
}
