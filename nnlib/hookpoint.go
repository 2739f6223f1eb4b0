package nnlib

import "github.com/gohooks/gohooks/tensorlib"

// AddHookPoint adds to m a child module called name that returns its input:
// a named place inside m's forward where hooks can read and replace an
// intermediate tensor, as TransformerLens's HookPoint. m's forward passes
// the tensor through it with m.Point(name, t). A hook point appears in
// NamedModules (so "blocks.0.attn.pattern" is a path every hooks tool
// accepts) but not in String, which prints what PyTorch prints, and it has
// no parameters.
func (m *Module) AddHookPoint(name string) *Module {
	p := NewModule("HookPoint", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return oneInput("HookPoint", x)
	})
	p.point = true
	p.Doc = "An identity module at a named place inside a module's forward, for hooks."
	m.AddModule(name, p)
	return p
}

// Point runs t through m's hook point name (see AddHookPoint) and returns
// what its hooks leave: t itself when it has none.
func (m *Module) Point(name string, t *tensorlib.Tensor) *tensorlib.Tensor {
	return m.Child(name).Forward(t)
}

// IsHookPoint reports whether m is a hook point made by AddHookPoint.
func (m *Module) IsHookPoint() bool { return m.point }
