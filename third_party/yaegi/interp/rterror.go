package interp

import (
	"fmt"
	"reflect"
)

// A run-time panic of the interpreted program gives the value and the
// message that Go gives: a runtime.Error, "index out of range [5] with
// length 3", not the panic of the reflect call that implements it.

// runtimeError is a run-time error of the interpreted program.
type runtimeError string

func (e runtimeError) Error() string { return "runtime error: " + string(e) }

// RuntimeError marks the error as a runtime.Error.
func (e runtimeError) RuntimeError() {}

// assertionError is a failed type assertion, a runtime.Error whose message
// has no "runtime error" prefix, as Go's *runtime.TypeAssertionError.
type assertionError string

func (e assertionError) Error() string { return string(e) }

// RuntimeError marks the error as a runtime.Error.
func (e assertionError) RuntimeError() {}

const nilDereference = runtimeError("invalid memory address or nil pointer dereference")

// indexOf returns v[i] for an array, slice or string v, checked as Go
// checks it.
func indexOf(v reflect.Value, i int) reflect.Value {
	if !v.IsValid() {
		panic(nilDereference)
	}
	if n := v.Len(); i < 0 || i >= n {
		panic(runtimeError(fmt.Sprintf("index out of range [%d] with length %d", i, n)))
	}
	return v.Index(i)
}

// checkedSlice returns v[low:high], checked as Go checks it.
func checkedSlice(v reflect.Value, low, high int, highGiven bool) reflect.Value {
	if !v.IsValid() {
		panic(nilDereference)
	}
	limit, what := v.Len(), "length"
	if v.Kind() == reflect.Slice {
		limit, what = v.Cap(), "capacity"
	}
	if highGiven && (high < 0 || high > limit) {
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d] with %s %d", high, what, limit)))
	}
	if low < 0 || low > high {
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d]", low, high)))
	}
	return v.Slice(low, high)
}

// checkedSlice3 returns v[low:high:max], checked as Go checks it.
func checkedSlice3(v reflect.Value, low, high, max int) reflect.Value {
	if !v.IsValid() {
		panic(nilDereference)
	}
	limit, what := v.Len(), "length"
	if v.Kind() == reflect.Slice {
		limit, what = v.Cap(), "capacity"
	}
	switch {
	case max < 0 || max > limit:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [::%d] with %s %d", max, what, limit)))
	case high < 0 || high > max:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d:%d]", high, max)))
	case low < 0 || low > high:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d:]", low, high)))
	}
	return v.Slice3(low, high, max)
}

// panicAt panics with err at n: first it writes the line that gives the
// position of n, as the interpreter does for each frame that a panic
// crosses, since the message of err has no position (Go's has none).
func panicAt(n *node, err error) {
	fmt.Fprintln(n.interp.stderr, n.cfgErrorf("panic: %s(...)", panicFunc(n.scope)))
	panic(err)
}
