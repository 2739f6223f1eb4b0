package interp

import (
	"reflect"
	"unsafe"
)

// The struct types that the interpreter builds keep unexported field names
// as they are in the source. reflect marks the values of such fields
// read-only; the interpreter, which has type-checked the program, clears
// that mark on the fields it reads and writes.

// flagOffset is the offset of the flag word in a reflect.Value and roFlags
// the bits of that word that mark a value read-only, both found at start.
var flagOffset, roFlags = findROFlags()

func findROFlags() (uintptr, uintptr) {
	f, ok := reflect.TypeOf(reflect.Value{}).FieldByName("flag")
	if !ok || f.Type.Kind() != reflect.Uintptr {
		panic("interp: reflect.Value has no flag word")
	}
	flag := func(v reflect.Value) uintptr { return *(*uintptr)(unsafe.Add(unsafe.Pointer(&v), f.Offset)) }
	type inner struct{ X int }
	type Inner struct{ X int }
	type probe struct {
		a int
		B int
		inner
	}
	type probe2 struct{ Inner }
	p := reflect.ValueOf(&probe{}).Elem()
	q := reflect.ValueOf(&probe2{}).Elem()
	ro := (flag(p.Field(0)) ^ flag(p.Field(1))) | (flag(p.Field(2)) ^ flag(q.Field(0)))
	if ro == 0 || p.Field(0).CanSet() || !p.Field(1).CanSet() {
		panic("interp: no read-only flag in reflect.Value")
	}
	return f.Offset, ro
}

// clearRO returns v without its read-only mark.
func clearRO(v reflect.Value) reflect.Value {
	*(*uintptr)(unsafe.Add(unsafe.Pointer(&v), flagOffset)) &^= roFlags
	return v
}

// fieldRW returns the field i of the struct v, usable even if unexported.
func fieldRW(v reflect.Value, i int) reflect.Value {
	if !v.IsValid() {
		panic(nilDereference)
	}
	return clearRO(v.Field(i))
}

// fieldByIndexRW returns the nested field of v at index, usable even if
// unexported. A nil pointer on the way panics as in Go.
func fieldByIndexRW(v reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				panic(nilDereference)
			}
			v = v.Elem()
		}
		if !v.IsValid() {
			panic(nilDereference)
		}
		v = v.Field(x)
	}
	return clearRO(v)
}
