package main

// pkg is a standard package with generic functions or types.
type pkg struct {
	path string
	// tags are the build tags of the files read (purego: without assembly).
	tags []string
	// replace maps a declaration (a function, Type.Method, or a type) to
	// the plain Go that the interpreter runs in its place.
	replace map[string]replacement
	// drop lists the packages whose calls are dropped (race annotations).
	drop []string
	// vars lists the unexported package variables that the generic code may
	// have its own copy of: sentinels, never state that the compiled
	// package shares.
	vars []string
}

// replacement is the source of declarations that replace one of GOROOT,
// with the imports they need, and a hash of the declaration replaced (the
// first 6 bytes of the SHA-256 of its gofmt text, in hex).
type replacement struct {
	hash, imports, src string
}

// packages is every standard package with an exported generic function or
// type (go/types over `go list std`), but those of leftOut.
var packages = []pkg{
	{path: "cmp"},
	{path: "iter", drop: []string{"internal/race"}, vars: []string{"goexitPanicValue"},
		replace: map[string]replacement{
			// The runtime's coroutines, on goroutines: control passes
			// from one side to the other over an unbuffered channel, so
			// that one side runs at a time, as with coroswitch.
			"coro": {hash: "2da589e3e015", src: `
type coro struct {
	f       func(*coro)
	baton   chan struct{}
	started bool
	inside  bool // the coroutine runs
}`},
			"newcoro": {hash: "1bb11dbcba0e", src: `
func newcoro(f func(*coro)) *coro {
	return &coro{f: f, baton: make(chan struct{})}
}`},
			"coroswitch": {hash: "18dc2c80d771", src: `
func coroswitch(c *coro) {
	if c.inside {
		c.inside = false
		c.baton <- struct{}{}
		<-c.baton
		return
	}
	c.inside = true
	if !c.started {
		c.started = true
		go func() {
			// Also when f ends the goroutine by runtime.Goexit.
			defer func() {
				c.inside = false
				c.baton <- struct{}{}
			}()
			<-c.baton
			c.f(c)
		}()
	}
	c.baton <- struct{}{}
	<-c.baton
}`},
		}},
	{path: "maps", replace: map[string]replacement{
		// maps.clone is the runtime's.
		"Clone": {hash: "a1608d83a050", src: `
func Clone[M ~map[K]V, K comparable, V any](m M) M {
	if m == nil {
		return nil
	}
	r := make(M, len(m))
	for k, v := range m {
		r[k] = v
	}
	return r
}`},
	}},
	{path: "slices", replace: map[string]replacement{
		// The slices of int, float64 and string are sorted by compiled
		// code (sort.Ints is slices.Sort[[]int]): interpreted, sorting
		// 100000 ints takes seconds.
		"Sort": {hash: "a36234b324e9", imports: `import "sort"`, src: `
func Sort[S ~[]E, E cmp.Ordered](x S) {
	switch v := any(x).(type) {
	case []int:
		sort.Ints(v)
		return
	case []float64:
		sort.Float64s(v)
		return
	case []string:
		sort.Strings(v)
		return
	}
	n := len(x)
	pdqsortOrdered(x, 0, n, bits.Len(uint(n)))
}`},
		// Grow(S(nil), size), not Grow[S](nil, size): the interpreter
		// does not infer the type arguments that a partial list leaves.
		"Concat": {hash: "4ab69ab3971c", src: `
func Concat[S ~[]E, E any](slices ...S) S {
	size := 0
	for _, s := range slices {
		size += len(s)
		if size < 0 {
			panic("len out of range")
		}
	}
	newslice := Grow(S(nil), size)
	for _, s := range slices {
		newslice = append(newslice, s...)
	}
	return newslice
}`},
		// The addresses by reflect, not unsafe.
		"overlaps": {hash: "ce0c9461d3d5", imports: `import "reflect"`, src: `
func overlaps[E any](a, b []E) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	elemSize := uintptr(reflect.TypeOf(a).Elem().Size())
	if elemSize == 0 {
		return false
	}
	addr := func(p *E) uintptr { return reflect.ValueOf(p).Pointer() }
	return addr(&a[0]) <= addr(&b[len(b)-1])+(elemSize-1) &&
		addr(&b[0]) <= addr(&a[len(a)-1])+(elemSize-1)
}`},
	}},
	{path: "sync"},
	{path: "sync/atomic", replace: map[string]replacement{
		// An atomic.Value of *T in place of an unsafe.Pointer.
		"Pointer": {hash: "213076c9dab9", src: `
type Pointer[T any] struct {
	_ [0]*T
	_ noCopy
	v Value
}`},
		"Pointer.Load": {hash: "aeada311fb17", src: `
func (x *Pointer[T]) Load() *T {
	p, _ := x.v.Load().(*T)
	return p
}`},
		"Pointer.Store": {hash: "bed60dc85be7", src: `
func (x *Pointer[T]) Store(val *T) { x.v.Store(val) }`},
		"Pointer.Swap": {hash: "6e8022bfb680", src: `
func (x *Pointer[T]) Swap(new *T) (old *T) {
	p, _ := x.v.Swap(new).(*T)
	return p
}`},
		"Pointer.CompareAndSwap": {hash: "bf338bd5e45f", src: `
func (x *Pointer[T]) CompareAndSwap(old, new *T) (swapped bool) {
	// A Value never stored holds no *T, not a nil *T.
	if old == nil && x.v.CompareAndSwap(nil, new) {
		return true
	}
	return x.v.CompareAndSwap(old, new)
}`},
	}},
	{path: "errors", replace: map[string]replacement{
		// Assertions in place of the type switch on anonymous
		// interfaces, which the interpreter cannot bind to a compiled
		// error; the cases keep their order.
		"asType": {hash: "8ab2169e6e67", src: `
func asType[E error](err error, ppe **E) (_ E, _ bool) {
	for {
		if e, ok := err.(E); ok {
			return e, true
		}
		if x, ok := err.(interface{ As(any) bool }); ok {
			if *ppe == nil {
				*ppe = new(E)
			}
			if x.As(*ppe) {
				return **ppe, true
			}
		}
		if x, ok := err.(interface{ Unwrap() error }); ok {
			err = x.Unwrap()
			if err == nil {
				return
			}
			continue
		}
		if x, ok := err.(interface{ Unwrap() []error }); ok {
			for _, err := range x.Unwrap() {
				if err == nil {
					continue
				}
				if x, ok := asType(err, ppe); ok {
					return x, true
				}
			}
		}
		return
	}
}`},
	}},
	{path: "math/rand/v2", replace: map[string]replacement{
		// globalRand is the compiled package's: Uint64N draws from it.
		"N": {hash: "92e04d7f1957", src: `
func N[Int intType](n Int) Int {
	if n <= 0 {
		panic("invalid argument to N")
	}
	return Int(Uint64N(uint64(n)))
}`},
	}},
	{path: "unique", vars: []string{"handles"}, replace: map[string]replacement{
		// One sync.Map of the values made, by value: the runtime's weak
		// map is not the interpreter's to use. Handles compare as in Go;
		// their values stay in memory after the last handle is gone.
		"Make": {hash: "74645ab18615", imports: `import "sync"`, src: `
var handles sync.Map

func Make[T comparable](value T) Handle[T] {
	p, _ := handles.LoadOrStore(any(value), &value)
	return Handle[T]{p.(*T)}
}`},
	}},
	{path: "reflect", replace: map[string]replacement{
		"TypeFor": {hash: "defd29ce8c8b", src: `
func TypeFor[T any]() Type {
	return TypeOf((*T)(nil)).Elem()
}`},
		"TypeAssert": {hash: "72e196ff058f", src: `
func TypeAssert[T any](v Value) (T, bool) {
	if !v.IsValid() {
		panic(&ValueError{"reflect.TypeAssert", Invalid})
	}
	if !v.CanInterface() {
		panic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
	}
	x, ok := v.Interface().(T)
	return x, ok
}`},
	}},
}
