package tensorlib

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// Handle removes the hook it was returned for. Remove may be called any
// number of times; only the first call does anything.
type Handle struct {
	once   sync.Once
	remove func()
}

// NewHandle returns a handle whose Remove calls remove once. Packages that
// keep their own hooks (nnlib's module hooks) return handles made by it.
func NewHandle(remove func()) *Handle { return &Handle{remove: remove} }

// Remove unregisters the hook. Calling it again is harmless.
func (h *Handle) Remove() {
	if h == nil {
		return
	}
	h.once.Do(func() {
		if h.remove != nil {
			h.remove()
		}
	})
}

var hookIDs atomic.Uint64

type hookEntry struct {
	id uint64
	fn func(grad *Tensor) *Tensor
}

type postAccEntry struct {
	id uint64
	fn func(t *Tensor)
}

// RegisterHook registers fn to be called each time the gradient with respect
// to t is computed. A non-nil return replaces the gradient: on a leaf, what
// accumulates into Grad; on a non-leaf, what flows on to t's inputs. Hooks
// run in registration order, each seeing the previous one's result.
func (t *Tensor) RegisterHook(fn func(grad *Tensor) *Tensor) *Handle {
	if !t.requiresGrad {
		panic("tensorlib: RegisterHook: cannot register a hook on a tensor that does not require grad")
	}
	e := hookEntry{hookIDs.Add(1), fn}
	if t.node == nil {
		t.gradHooks = append(t.gradHooks, e)
		return NewHandle(func() { t.gradHooks = removeHook(t.gradHooks, e.id) })
	}
	n, i := t.node, t.outIndex
	n.outHooks[i] = append(n.outHooks[i], e)
	return NewHandle(func() { n.outHooks[i] = removeHook(n.outHooks[i], e.id) })
}

// RegisterPostAccumulateGradHook registers fn to run after a backward pass
// has accumulated a gradient into t.Grad(). Only leaf tensors accumulate
// gradients, so t must be a leaf that requires grad.
func (t *Tensor) RegisterPostAccumulateGradHook(fn func(t *Tensor)) *Handle {
	if !t.requiresGrad {
		panic("tensorlib: RegisterPostAccumulateGradHook: cannot register a hook on a tensor that does not require grad")
	}
	if t.node != nil {
		panic(fmt.Sprintf("tensorlib: RegisterPostAccumulateGradHook: post accumulate grad hooks cannot be registered on non-leaf tensors (this one comes from %s)", t.node.name))
	}
	e := postAccEntry{hookIDs.Add(1), fn}
	t.postAccHooks = append(t.postAccHooks, e)
	return NewHandle(func() {
		for i, h := range t.postAccHooks {
			if h.id == e.id {
				t.postAccHooks = append(t.postAccHooks[:i:i], t.postAccHooks[i+1:]...)
				return
			}
		}
	})
}

func removeHook(hooks []hookEntry, id uint64) []hookEntry {
	for i, h := range hooks {
		if h.id == id {
			return append(hooks[:i:i], hooks[i+1:]...)
		}
	}
	return hooks
}

// HookCounts reports how many gradient hooks and post-accumulate-grad hooks
// are registered on t, so a tool can check that it removed what it added.
func (t *Tensor) HookCounts() (grad, postAccumulate int) {
	if t.node != nil {
		return len(t.node.outHooks[t.outIndex]), 0
	}
	return len(t.gradHooks), len(t.postAccHooks)
}
