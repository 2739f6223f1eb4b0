package hooks

import (
	"testing"

	"github.com/gohooks/gohooks/tensorlib"
)

// countingHooks registers n gradient hooks on x that count their calls.
func countingHooks(x *tensorlib.Tensor, n int, calls *int) []*tensorlib.Handle {
	hs := make([]*tensorlib.Handle, n)
	for i := range hs {
		hs[i] = x.RegisterHook(func(g *tensorlib.Tensor) *tensorlib.Tensor {
			*calls++
			return nil
		})
	}
	return hs
}

func TestGroupRemovesEveryHandleOnce(t *testing.T) {
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	calls := 0
	g := NewGroup(countingHooks(x, 2, &calls)...)
	g.Add(nil)
	g.Add(countingHooks(x, 1, &calls)...)
	if g.Len() != 3 {
		t.Errorf("Len() = %d, want 3 (nil handles are skipped)", g.Len())
	}
	x.Sum().Backward()
	if calls != 3 {
		t.Fatalf("%d hook calls before Remove, want 3", calls)
	}
	g.Remove()
	g.Remove()
	if g.Len() != 0 {
		t.Errorf("Len() = %d after Remove, want 0", g.Len())
	}
	x.Sum().Backward()
	if calls != 3 {
		t.Errorf("%d hook calls after Remove, want still 3", calls)
	}
	// A group is reusable: handles added after a Remove go with the next.
	g.Add(countingHooks(x, 1, &calls)...)
	x.Sum().Backward()
	g.Remove()
	x.Sum().Backward()
	if calls != 4 {
		t.Errorf("%d hook calls, want 4", calls)
	}
}

func TestGroupHandleNestsGroups(t *testing.T) {
	x := tensorlib.Tensor1(1).SetRequiresGrad(true)
	calls := 0
	var inner Group // the zero value is ready to use
	inner.Add(countingHooks(x, 2, &calls)...)
	outer := NewGroup(inner.Handle())
	outer.Add(countingHooks(x, 1, &calls)...)
	outer.Remove()
	x.Sum().Backward()
	if calls != 0 || inner.Len() != 0 {
		t.Errorf("after removing the outer group: %d calls, inner Len %d; want 0, 0", calls, inner.Len())
	}
}
