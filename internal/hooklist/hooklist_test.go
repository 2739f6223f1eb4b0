package hooklist

import (
	"slices"
	"testing"
)

func TestAddFrontRemoveAndCopies(t *testing.T) {
	var l List[string]
	a := l.Add("a", false)
	l.Add("b", false)
	c := l.Add("c", true)
	if got := l.AppendTo(nil); !slices.Equal(got, []string{"c", "a", "b"}) {
		t.Fatalf("order %v", got)
	}
	running := l.AppendTo(nil)
	l.Remove(a)
	l.Remove(a) // again: nothing
	l.Add("d", false)
	if got := l.AppendTo(nil); !slices.Equal(got, []string{"c", "b", "d"}) || l.Len() != 3 {
		t.Fatalf("after removing a and adding d: %v (len %d)", got, l.Len())
	}
	if !slices.Equal(running, []string{"c", "a", "b"}) {
		t.Fatalf("a copy taken before changed: %v", running)
	}
	l.Remove(c)
	if got := l.AppendTo([]string{"x"}); !slices.Equal(got, []string{"x", "b", "d"}) {
		t.Fatalf("AppendTo after removing c: %v", got)
	}
}
