package interp

// encoding/json names the struct of a field it cannot decode by its reflect
// name, which the interpreter's struct types do not have: "Go struct field
// .id" where Go says "Go struct field Item.id". The calls of json.Unmarshal
// and (*json.Decoder).Decode put the name of the program's type back into
// the error, from the type of the call's target.

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
)

// jsonUnmarshalFix returns the function value that the call n of
// json.Unmarshal or (*json.Decoder).Decode makes, given value, the one it
// would make: it calls it and names the program's struct in the error.
func jsonUnmarshalFix(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	c0 := n.child[0]
	args := n.child[1:]
	switch {
	case c0.rval.IsValid() && c0.rval.Kind() == reflect.Func && c0.rval.Pointer() == reflect.ValueOf(json.Unmarshal).Pointer() && len(args) == 2:
		target := args[1].typ
		interp := n.interp
		return func(f *frame) reflect.Value {
			return reflect.ValueOf(func(data []byte, v any) error {
				decode := func(v any) error { return json.Unmarshal(data, v) }
				return jsonNameStruct(interp.jsonDecodeInto(target, v, decode, f), target)
			})
		}
	case c0.kind == selectorExpr && len(c0.child) == 2 && c0.child[1].ident == "Decode" && len(args) == 1 &&
		c0.child[0].typ != nil && c0.child[0].typ.cat == valueT && c0.child[0].typ.rtype == reflect.TypeOf((*json.Decoder)(nil)):
		target := args[0].typ
		return func(f *frame) reflect.Value {
			decode := value(f)
			if decode.Kind() != reflect.Func || decode.Type().NumIn() != 1 {
				return decode
			}
			return reflect.ValueOf(func(v any) error {
				err := n.interp.jsonDecodeInto(target, v, func(v any) error {
					out := decode.Call([]reflect.Value{reflect.ValueOf(&v).Elem()})
					err, _ := out[0].Interface().(error)
					return err
				}, f)
				return jsonNameStruct(err, target)
			})
		}
	}
	return nil
}

// jsonNameStruct names, in err, the struct of the program that holds the
// field that json could not decode into a value of type target.
func jsonNameStruct(err error, target *itype) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Struct != "" || te.Field == "" || target == nil {
		return err
	}
	if name := jsonFieldStruct(target, strings.Split(te.Field, ".")); name != "" {
		te.Struct = name
	}
	return err
}

// jsonFieldStruct returns the name of the struct type whose JSON object
// holds the field at path, starting from a value of type t.
func jsonFieldStruct(t *itype, path []string) string {
	name := ""
	embedded := false
	for _, key := range path {
		t = jsonObject(t)
		if t == nil {
			return ""
		}
		if !embedded {
			name = fmtTypeName(t)
			if fmtUnder(t).cat != structT || t.path == "" && t.cat != linkedT {
				name = ""
			}
		}
		st := fmtUnder(t)
		if st == nil || st.cat != structT {
			return name
		}
		var next *itype
		embedded = false
		for _, f := range st.field {
			fname := f.name
			if f.embed {
				fname = fmtTypeName(f.typ)
			}
			tag := reflect.StructTag(f.tag).Get("json")
			if k, _, _ := strings.Cut(tag, ","); k != "" {
				fname = k
			}
			if strings.EqualFold(fname, key) {
				next, embedded = f.typ, f.embed && tag == ""
				break
			}
		}
		if next == nil {
			return name
		}
		t = next
	}
	return name
}

// jsonObject returns the struct type that a JSON object decodes into for
// a value of type t: through pointers, slices, arrays and maps.
func jsonObject(t *itype) *itype {
	for i := 0; t != nil && i < 32; i++ {
		u := fmtUnder(t)
		switch u.cat {
		case ptrT, sliceT, arrayT, mapT:
			t = u.val
		case structT:
			return t
		default:
			return nil
		}
	}
	return nil
}
