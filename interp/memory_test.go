package interp

import (
	"runtime"
	"testing"
)

// heapAlloc is the live heap after a full collection.
func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

const mb = 1 << 20

// measure runs the cells, then code n times, and returns how much the live
// heap grew over the n runs, with the session still alive.
func measure(t *testing.T, setup []string, code string, n int) float64 {
	t.Helper()
	s := newTestSession(t)
	for _, c := range setup {
		if rep, _ := runCell(t, s, c); rep.Err != nil {
			t.Fatalf("%s: %v", c, rep.Err.Value)
		}
	}
	before := heapAlloc()
	for range n {
		if rep, _ := runCell(t, s, code); rep.Err != nil {
			t.Fatalf("%s: %v", code, rep.Err.Value)
		}
	}
	grown := float64(int64(heapAlloc())-int64(before)) / mb
	runtime.KeepAlive(s)
	return grown
}

// Every value a cell's top-level code computed stayed in the interpreter's
// global frame: a variable declared again got a new slot, and the old
// slot, and the slot of the call that made the value, kept it alive.
func TestMemoryOfRedeclaredVariablesIsFreed(t *testing.T) {
	cases := []struct {
		name, code string
		n          int
		max        float64 // MB
	}{
		// 4 MB each: 30 runs kept 120 MB.
		{"a tensor declared again", "tt := tensorlib.Randn(1 << 20)", 30, 12},
		{"a slice declared again", "big := make([]byte, 4<<20)", 30, 12},
		{"a var declared again", "var vb = make([]byte, 4<<20)", 30, 12},
		// The cell's value is shown, then nothing holds it.
		{"a last expression's tensor", "tensorlib.Randn(1 << 20)", 30, 8},
		{"a tensor in a statement", "fmt.Sprint(tensorlib.Randn(1 << 20).Shape())", 30, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if grown := measure(t, nil, c.code, c.n); grown > c.max {
				t.Errorf("%d runs of %q grew the heap by %.1f MB, want at most %.0f MB", c.n, c.code, grown, c.max)
			}
		})
	}
}

// x = nil lets go of the value (the slot of the call that made it held it).
func TestSettingAVariableToNilFreesItsValue(t *testing.T) {
	s := newTestSession(t)
	before := heapAlloc()
	if rep, _ := runCell(t, s, "big := make([]byte, 64<<20)\nbig[0] = 1"); rep.Err != nil {
		t.Fatal(rep.Err.Value)
	}
	if held := float64(heapAlloc()-before) / mb; held < 60 {
		t.Fatalf("the 64 MB slice holds only %.1f MB", held)
	}
	if rep, _ := runCell(t, s, "big = nil"); rep.Err != nil {
		t.Fatal(rep.Err.Value)
	}
	if left := float64(int64(heapAlloc())-int64(before)) / mb; left > 4 {
		t.Errorf("after big = nil the heap is still %.1f MB larger", left)
	}
	runtime.KeepAlive(s)
}

// A trivial cell kept its whole syntax tree and its block scopes, for
// yaegi's debugger: 3.7 KB a cell.
func TestTrivialCellsKeepLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("3000 cells")
	}
	const n = 3000
	if grown := measure(t, []string{"x := 1"}, "x := 1", n); grown > 4.5 {
		t.Errorf("%d cells x := 1 grew the heap by %.1f MB (%.0f bytes a cell), want at most 1.5 KB a cell", n, grown, grown*mb/n)
	}
}

// A name declared again with a value of the same type keeps its variable:
// functions defined before see the new value, as callers of a function
// defined again see the new function.
func TestFunctionsSeeAVariableDeclaredAgain(t *testing.T) {
	s := newTestSession(t)
	for _, c := range []string{"n := 1", "func getN() int { return n }", "getN2 := func() int { return n }", "n := 2", "var n = 3"} {
		if rep, _ := runCell(t, s, c); rep.Err != nil {
			t.Fatalf("%s: %v", c, rep.Err.Value)
		}
	}
	check(t, s, "fmt.Println(getN(), getN2(), n)", cellOut{stdout: "3 3 3\n"})
	// Another type is another variable; the function keeps the old one.
	check(t, s, "n := \"four\"\nfmt.Println(getN(), n)", cellOut{stdout: "3 four\n"})
	// A value of a cell's type converted to an interface keeps its
	// receiver.
	check(t, s, "type PE struct{ msg string }\nfunc (e *PE) Error() string { return e.msg }\nvar pe error = &PE{\"kept\"}", cellOut{})
	check(t, s, "fmt.Println(pe)", cellOut{stdout: "kept\n"})
}
