package nnlib

import (
	"testing"

	"github.com/gohooks/gohooks/tensorlib"
)

func TestHookCountsGoBackToZeroAfterRemove(t *testing.T) {
	m := Linear(2, 2)
	hs := []*tensorlib.Handle{
		m.RegisterForwardPreHook(func(*Module, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil }),
		m.RegisterForwardHook(func(*Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { return nil }),
		m.RegisterForwardHook(func(*Module, []*tensorlib.Tensor, *tensorlib.Tensor) *tensorlib.Tensor { return nil }, Prepend()),
		m.RegisterFullBackwardPreHook(func(*Module, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil }),
		m.RegisterFullBackwardHook(func(*Module, []*tensorlib.Tensor, []*tensorlib.Tensor) []*tensorlib.Tensor { return nil }),
	}
	if a, b, c, d := m.HookCounts(); a != 1 || b != 2 || c != 1 || d != 1 {
		t.Fatalf("counts %d %d %d %d, want 1 2 1 1", a, b, c, d)
	}
	for _, h := range hs {
		h.Remove()
		h.Remove()
	}
	if a, b, c, d := m.HookCounts(); a+b+c+d != 0 {
		t.Fatalf("counts %d %d %d %d after Remove, want zeros", a, b, c, d)
	}
}
