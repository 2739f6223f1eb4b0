package interp

import (
	"runtime"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
)

// TestGlobalFrameGrowsGeometrically checks what patch 0023 fixes: every
// Eval adds slots to the interpreter's global frame, and yaegi copied the
// whole frame to add them, so after n Evals each one allocated n slots
// (3000 trivial Evals: 72 KB each). Growing by half its size at a time
// makes the copy rare.
func TestGlobalFrameGrowsGeometrically(t *testing.T) {
	i := yaegi.New(yaegi.Options{})
	if _, err := i.Eval("x := 1"); err != nil {
		t.Fatal(err)
	}
	for range 3000 {
		if _, err := i.Eval("x + 1"); err != nil {
			t.Fatal(err)
		}
	}
	const evals = 200
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range evals {
		if _, err := i.Eval("x + 1"); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	// An Eval of x + 1 allocates about 8 KB of its own (parser, nodes);
	// copying a frame of 3000+ slots would add 72 KB or more each time.
	perEval := (after.TotalAlloc - before.TotalAlloc) / evals
	t.Logf("%d bytes an Eval", perEval)
	if perEval > 50_000 {
		t.Errorf("an Eval after 3000 others allocates %d bytes: the global frame is copied on every Eval", perEval)
	}
}
