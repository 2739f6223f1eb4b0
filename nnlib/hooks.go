package nnlib

import (
	"fmt"
	"sync"

	"github.com/gohooks/gohooks/internal/hooklist"
	"github.com/gohooks/gohooks/tensorlib"
)

// HookOption changes how a module hook is registered: Prepend or AlwaysCall.
type HookOption struct {
	prepend, always bool
}

// Prepend makes the hook run before every hook of its kind already
// registered (on the module, or among the global hooks).
func Prepend() HookOption { return HookOption{prepend: true} }

// AlwaysCall makes a forward hook run even when the module's forward (or an
// earlier hook) panics; the panic continues after it. Only forward hooks
// take it.
func AlwaysCall() HookOption { return HookOption{always: true} }

// hookEntry holds one hook; exactly one of the function fields is set.
type hookEntry struct {
	always bool
	pre    func(m *Module, in []*tensorlib.Tensor) []*tensorlib.Tensor
	post   func(m *Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor
	all    func(m *Module, in []*tensorlib.Tensor, outs []*tensorlib.Tensor) []*tensorlib.Tensor
	bwPre  func(m *Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor
	bwPost func(m *Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor
}

// The global hook registries: hooks that run for every module, before the
// module's own. They are the package's only mutable state besides what
// modules hold, and exist because the user asks for them.
var (
	globalMu           sync.Mutex
	globalForwardPre   hooklist.List[hookEntry]
	globalForwardPost  hooklist.List[hookEntry]
	globalBackwardPre  hooklist.List[hookEntry]
	globalBackwardPost hooklist.List[hookEntry]
)

func hookOptions(op string, opts []HookOption, alwaysAllowed bool) (prepend, always bool) {
	for _, o := range opts {
		if o.always && !alwaysAllowed {
			panic(fmt.Sprintf("nnlib: %s: AlwaysCall applies only to forward hooks", op))
		}
		prepend = prepend || o.prepend
		always = always || o.always
	}
	return prepend, always
}

// addHook inserts e into *list (at the front with prepend) and returns a
// handle that removes it. lock guards the list when it is a global one.
func addHook(list *hooklist.List[hookEntry], e hookEntry, prepend bool, lock *sync.Mutex) *tensorlib.Handle {
	if lock != nil {
		lock.Lock()
		defer lock.Unlock()
	}
	id := list.Add(e, prepend)
	return tensorlib.NewHandle(func() {
		if lock != nil {
			lock.Lock()
			defer lock.Unlock()
		}
		list.Remove(id)
	})
}

// RegisterForwardPreHook registers hook to run before m's forward with the
// positional inputs. A non-nil return replaces the inputs for later
// pre-hooks, for forward and for forward hooks. Option: Prepend.
func (m *Module) RegisterForwardPreHook(hook func(m *Module, in []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, _ := hookOptions("RegisterForwardPreHook", opts, false)
	return addHook(&m.forwardPre, hookEntry{pre: hook}, prepend, nil)
}

// RegisterForwardHook registers hook to run after m's forward with the
// inputs and the output. A non-nil return replaces the output for later
// hooks and for the caller. Options: Prepend, AlwaysCall.
func (m *Module) RegisterForwardHook(hook func(m *Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, always := hookOptions("RegisterForwardHook", opts, true)
	return addHook(&m.forwardPost, hookEntry{post: hook, always: always}, prepend, nil)
}

// RegisterForwardHookAll registers hook to run after m's forward with the
// inputs and every output (one entry per output; a module made by NewModule
// has one). A non-nil return, with one entry per output, replaces the
// outputs for later hooks and for the caller. It runs in registration order
// with the hooks of RegisterForwardHook. Options: Prepend, AlwaysCall.
func (m *Module) RegisterForwardHookAll(hook func(m *Module, in []*tensorlib.Tensor, outs []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, always := hookOptions("RegisterForwardHookAll", opts, true)
	return addHook(&m.forwardPost, hookEntry{all: hook, always: always}, prepend, nil)
}

// RegisterFullBackwardPreHook registers hook to run in backward when the
// gradient with respect to m's output has arrived, before the gradients with
// respect to the inputs are computed. A non-nil return (one gradient per
// output) replaces gradOut. Option: Prepend.
func (m *Module) RegisterFullBackwardPreHook(hook func(m *Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, _ := hookOptions("RegisterFullBackwardPreHook", opts, false)
	return addHook(&m.backwardPre, hookEntry{bwPre: hook}, prepend, nil)
}

// RegisterFullBackwardHook registers hook to run in backward once the
// gradients with respect to m's positional inputs are computed. gradIn has
// one slot per input: a zero tensor for an input that needs no grad while
// another does, nil for every slot when none does. A non-nil return (one
// entry per input, nil to drop one) replaces what flows on to the inputs.
// Parameters never appear in gradIn. Option: Prepend.
func (m *Module) RegisterFullBackwardHook(hook func(m *Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, _ := hookOptions("RegisterFullBackwardHook", opts, false)
	return addHook(&m.backwardPost, hookEntry{bwPost: hook}, prepend, nil)
}

// RegisterModuleForwardPreHook registers a forward pre-hook for every
// module; global hooks run before the module's own. Option: Prepend.
func RegisterModuleForwardPreHook(hook func(m *Module, in []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, _ := hookOptions("RegisterModuleForwardPreHook", opts, false)
	return addHook(&globalForwardPre, hookEntry{pre: hook}, prepend, &globalMu)
}

// RegisterModuleForwardHook registers a forward hook for every module;
// global hooks run before the module's own. Options: Prepend, AlwaysCall.
func RegisterModuleForwardHook(hook func(m *Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, always := hookOptions("RegisterModuleForwardHook", opts, true)
	return addHook(&globalForwardPost, hookEntry{post: hook, always: always}, prepend, &globalMu)
}

// RegisterModuleForwardHookAll registers a forward hook that sees every
// output (see RegisterForwardHookAll) for every module; global hooks run
// before the module's own. Options: Prepend, AlwaysCall.
func RegisterModuleForwardHookAll(hook func(m *Module, in []*tensorlib.Tensor, outs []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, always := hookOptions("RegisterModuleForwardHookAll", opts, true)
	return addHook(&globalForwardPost, hookEntry{all: hook, always: always}, prepend, &globalMu)
}

// RegisterModuleFullBackwardPreHook registers a full backward pre-hook for
// every module; global hooks run before the module's own. Option: Prepend.
func RegisterModuleFullBackwardPreHook(hook func(m *Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, _ := hookOptions("RegisterModuleFullBackwardPreHook", opts, false)
	return addHook(&globalBackwardPre, hookEntry{bwPre: hook}, prepend, &globalMu)
}

// RegisterModuleFullBackwardHook registers a full backward hook for every
// module; global hooks run before the module's own. Option: Prepend.
func RegisterModuleFullBackwardHook(hook func(m *Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor, opts ...HookOption) *tensorlib.Handle {
	prepend, _ := hookOptions("RegisterModuleFullBackwardHook", opts, false)
	return addHook(&globalBackwardPost, hookEntry{bwPost: hook}, prepend, &globalMu)
}

// merge returns the global hooks of a kind followed by the module's, as a
// fresh slice, so that hooks may add or remove hooks while they run.
func merge(global, own *hooklist.List[hookEntry]) []hookEntry {
	if global.Len()+own.Len() == 0 {
		return nil
	}
	out := make([]hookEntry, 0, global.Len()+own.Len())
	return own.AppendTo(global.AppendTo(out))
}

// Forward runs m on the inputs with its hooks and returns its output (the
// first output of a module with several; ForwardAll returns them all). The
// order is PyTorch's: forward pre-hooks (global, then m's), the identity
// node around the inputs when there are full backward hooks, m's forward
// function, forward hooks (global, then m's), and the identity node around
// the outputs.
func (m *Module) Forward(in ...*tensorlib.Tensor) *tensorlib.Tensor {
	return m.ForwardAll(in...)[0]
}

// ForwardAll runs m like Forward and returns every output: one for a module
// made by NewModule, what forward returned for one made by
// NewMultiOutputModule (nil for an absent output).
func (m *Module) ForwardAll(in ...*tensorlib.Tensor) (outs []*tensorlib.Tensor) {
	globalMu.Lock()
	pre := merge(&globalForwardPre, &m.forwardPre)
	post := merge(&globalForwardPost, &m.forwardPost)
	bwPre := merge(&globalBackwardPre, &m.backwardPre)
	bwPost := merge(&globalBackwardPost, &m.backwardPost)
	globalMu.Unlock()

	args := in
	// called marks the forward hooks that have run, when some must run even
	// if a pre-hook, forward or a forward hook panics.
	var called []bool
	for _, h := range post {
		if h.always {
			called = make([]bool, len(post))
			break
		}
	}
	if called != nil {
		defer func() {
			r := recover()
			if r == nil {
				return
			}
			for i, h := range post {
				if h.always && !called[i] {
					func() {
						// A failing always-call hook must not hide the
						// original panic.
						defer func() { _ = recover() }()
						if outs == nil {
							outs = []*tensorlib.Tensor{nil}
						}
						outs = m.runForwardHook(h, args, outs)
					}()
				}
			}
			panic(r)
		}()
	}

	for _, h := range pre {
		if r := h.pre(m, args); r != nil {
			args = r
		}
	}
	var bw *backwardHook
	if len(bwPre) > 0 || len(bwPost) > 0 {
		bw = &backwardHook{module: m, pre: bwPre, post: bwPost}
		args = bw.setupInput(args)
	}
	outs = m.forward(m, args...)
	if len(outs) == 0 {
		panic(fmt.Sprintf("nnlib: Forward: the forward function of %s returned no outputs", m.name))
	}
	outs = append([]*tensorlib.Tensor(nil), outs...)
	for i, h := range post {
		if called != nil {
			called[i] = true
		}
		outs = m.runForwardHook(h, args, outs)
	}
	if bw != nil {
		outs = bw.setupOutput(outs)
	}
	return outs
}

// runForwardHook runs one forward hook and returns the outputs it leaves: a
// hook of RegisterForwardHook sees and replaces the first output only.
func (m *Module) runForwardHook(h hookEntry, args, outs []*tensorlib.Tensor) []*tensorlib.Tensor {
	if h.post != nil {
		if r := h.post(m, args, outs[0]); r != nil {
			outs = append([]*tensorlib.Tensor(nil), outs...)
			outs[0] = r
		}
		return outs
	}
	r := h.all(m, args, append([]*tensorlib.Tensor(nil), outs...))
	if r == nil {
		return outs
	}
	if len(r) != len(outs) {
		panic(fmt.Sprintf("nnlib: forward hook of %s returned %d outputs, but the module has %d", m.name, len(r), len(outs)))
	}
	return append([]*tensorlib.Tensor(nil), r...)
}

// HookCounts reports how many hooks of each kind are registered on m itself
// (global hooks not included), so a tool can check that it removed what it
// added.
func (m *Module) HookCounts() (forwardPre, forward, backwardPre, backward int) {
	return m.forwardPre.Len(), m.forwardPost.Len(), m.backwardPre.Len(), m.backwardPost.Len()
}

// GlobalHookCounts reports how many global hooks (RegisterModuleForwardHook
// and its kin) of each kind are registered.
func GlobalHookCounts() (forwardPre, forward, backwardPre, backward int) {
	globalMu.Lock()
	defer globalMu.Unlock()
	return globalForwardPre.Len(), globalForwardPost.Len(), globalBackwardPre.Len(), globalBackwardPost.Len()
}
