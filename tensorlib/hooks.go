package tensorlib

import (
	"fmt"
	"sync"
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

// gradHook is a hook of RegisterHook.
type gradHook = func(grad *Tensor) *Tensor

// RegisterHook registers fn to be called each time the gradient with respect
// to t is computed. A non-nil return replaces the gradient: on a leaf, what
// accumulates into Grad; on a non-leaf, what flows on to t's inputs. Hooks
// run in registration order, each seeing the previous one's result.
func (t *Tensor) RegisterHook(fn func(grad *Tensor) *Tensor) *Handle {
	if !t.requiresGrad {
		panic("tensorlib: RegisterHook: cannot register a hook on a tensor that does not require grad")
	}
	list := &t.gradHooks
	if t.node != nil {
		list = &t.node.outHooks[t.outIndex]
	}
	id := list.Add(fn, false)
	return NewHandle(func() { list.Remove(id) })
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
	id := t.postAccHooks.Add(fn, false)
	return NewHandle(func() { t.postAccHooks.Remove(id) })
}

// HookCounts reports how many gradient hooks and post-accumulate-grad hooks
// are registered on t, so a tool can check that it removed what it added.
func (t *Tensor) HookCounts() (grad, postAccumulate int) {
	if t.node != nil {
		return t.node.outHooks[t.outIndex].Len(), 0
	}
	return t.gradHooks.Len(), t.postAccHooks.Len()
}
