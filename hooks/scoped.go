package hooks

import (
	"fmt"
	"strings"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// Hook is one hook for With: the modules it goes on (a path or a glob
// pattern, as every tool takes) and the functions to register there; the
// nil ones are skipped. The functions are nnlib's module hooks.
type Hook struct {
	Path        string
	ForwardPre  func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor
	Forward     func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor
	BackwardPre func(m *nnlib.Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor
	Backward    func(m *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor
}

// With registers hooks on the modules of model they name, runs fn, and
// removes them when fn returns or panics (the panic goes on). Hooks are
// registered in the order given, each after the hooks its module already
// has. A bad path panics before fn runs, with no hook left behind.
func With(model *nnlib.Module, hooks []Hook, fn func()) {
	g := &Group{}
	defer g.Remove()
	for _, h := range hooks {
		for _, nm := range resolve("With", model, []string{h.Path}) {
			m := nm.Module
			if h.ForwardPre != nil {
				g.Add(m.RegisterForwardPreHook(h.ForwardPre))
			}
			if h.Forward != nil {
				g.Add(m.RegisterForwardHook(h.Forward))
			}
			if h.BackwardPre != nil {
				g.Add(m.RegisterFullBackwardPreHook(h.BackwardPre))
			}
			if h.Backward != nil {
				g.Add(m.RegisterFullBackwardHook(h.Backward))
			}
		}
	}
	fn()
}

// ActiveHook is one line of Active: how many hooks of a kind a module has.
type ActiveHook struct {
	Path  string // "*" for the global hooks, which run for every module
	Class string
	Kind  string // "forward_pre", "forward", "backward_pre" or "backward"
	Count int
}

// ActiveHooks is what Active returns; String prints it as a table.
type ActiveHooks []ActiveHook

// Active lists the hooks attached to model and its modules: the global
// hooks first (they run before a module's own), then each module in
// NamedModules order, its kinds in the order a forward and backward pass
// calls them (forward_pre, forward, backward_pre, backward). Kinds with no
// hook are left out; an empty list means no hook is attached.
func Active(model *nnlib.Module) ActiveHooks {
	if model == nil {
		panic("hooks: Active: nil model")
	}
	kinds := []string{"forward_pre", "forward", "backward_pre", "backward"}
	var out ActiveHooks
	add := func(path, class string, a, b, c, d int) {
		for i, n := range []int{a, b, c, d} {
			if n > 0 {
				out = append(out, ActiveHook{Path: path, Class: class, Kind: kinds[i], Count: n})
			}
		}
	}
	ga, gb, gc, gd := nnlib.GlobalHookCounts()
	add("*", "(global)", ga, gb, gc, gd)
	for _, nm := range model.NamedModules() {
		f, g, h, k := nm.Module.HookCounts()
		add(nm.Name, nm.Module.Name(), f, g, h, k)
	}
	return out
}

// String prints one line per entry: path (or "(model)" for ""), class,
// kind and count.
func (a ActiveHooks) String() string {
	if len(a) == 0 {
		return "no hooks"
	}
	var b strings.Builder
	for _, h := range a {
		p := h.Path
		if p == "" {
			p = "(model)"
		}
		fmt.Fprintf(&b, "%-28s %-20s %-13s %d\n", p, h.Class, h.Kind, h.Count)
	}
	return strings.TrimRight(b.String(), "\n")
}
