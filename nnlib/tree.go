package nnlib

import (
	"fmt"
	"strings"

	"github.com/gohooks/gohooks/tensorlib"
)

// Apply calls fn on every child module (recursively, children first) and
// then on m, and returns m, as PyTorch's apply does. A module added to one
// parent under two names is visited once there.
func (m *Module) Apply(fn func(m *Module)) *Module {
	for _, c := range m.Children() {
		c.Apply(fn)
	}
	fn(m)
	return m
}

// Children returns m's direct children in the order they were added, each
// module once.
func (m *Module) Children() []*Module {
	named := m.NamedChildren()
	out := make([]*Module, len(named))
	for i, c := range named {
		out[i] = c.Module
	}
	return out
}

// NamedChildren returns m's direct children with their names, in the order
// they were added; a module added under two names appears under the first.
func (m *Module) NamedChildren() []NamedModule {
	var out []NamedModule
	seen := map[*Module]bool{}
	for _, c := range m.children {
		if c.m == nil || seen[c.m] {
			continue
		}
		seen[c.m] = true
		out = append(out, NamedModule{c.name, c.m})
	}
	return out
}

// NamedModules returns m and every module below it in pre-order, with
// dotted paths from m ("" for m itself). A module reachable along several
// paths appears once, under the first path.
func (m *Module) NamedModules() []NamedModule {
	var out []NamedModule
	seen := map[*Module]bool{}
	var walk func(prefix string, mod *Module)
	walk = func(prefix string, mod *Module) {
		if seen[mod] {
			return
		}
		seen[mod] = true
		out = append(out, NamedModule{prefix, mod})
		for _, c := range mod.children {
			if c.m != nil {
				walk(joinName(prefix, c.name), c.m)
			}
		}
	}
	walk("", m)
	return out
}

// Modules returns m and every module below it in pre-order, each once.
func (m *Module) Modules() []*Module {
	named := m.NamedModules()
	out := make([]*Module, len(named))
	for i, c := range named {
		out[i] = c.Module
	}
	return out
}

func joinName(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// NamedParameters returns every parameter of m and the modules below it,
// with dotted names, module by module in NamedModules order; a tensor shared
// by several modules appears once.
func (m *Module) NamedParameters() []NamedTensor {
	return m.namedTensors(func(mod *Module) []slot { return mod.params })
}

// Parameters returns the tensors of NamedParameters.
func (m *Module) Parameters() []*tensorlib.Tensor { return tensorsOf(m.NamedParameters()) }

// NamedBuffers returns every buffer (persistent or not) of m and the modules
// below it, with dotted names, in NamedModules order, each tensor once.
func (m *Module) NamedBuffers() []NamedTensor {
	return m.namedTensors(func(mod *Module) []slot { return mod.buffers })
}

// Buffers returns the tensors of NamedBuffers.
func (m *Module) Buffers() []*tensorlib.Tensor { return tensorsOf(m.NamedBuffers()) }

func (m *Module) namedTensors(slots func(*Module) []slot) []NamedTensor {
	var out []NamedTensor
	seen := map[*tensorlib.Tensor]bool{}
	for _, nm := range m.NamedModules() {
		for _, s := range slots(nm.Module) {
			if s.t == nil || seen[s.t] {
				continue
			}
			seen[s.t] = true
			out = append(out, NamedTensor{joinName(nm.Name, s.name), s.t})
		}
	}
	return out
}

func tensorsOf(named []NamedTensor) []*tensorlib.Tensor {
	out := make([]*tensorlib.Tensor, len(named))
	for i, n := range named {
		out[i] = n.Tensor
	}
	return out
}

// GetSubmodule returns the module at the dotted path below m ("" is m
// itself). A path that leads nowhere panics, naming the missing part and what
// exists there.
func (m *Module) GetSubmodule(path string) *Module {
	if path == "" {
		return m
	}
	mod := m
	walked := m.name
	for _, part := range strings.Split(path, ".") {
		i := mod.childIndex(part)
		if i < 0 || mod.children[i].m == nil {
			panic(fmt.Sprintf("nnlib: GetSubmodule: %s has no child module %q (path %q; children: %s)", walked, part, path, mod.childNames()))
		}
		mod = mod.children[i].m
		walked += "." + part
	}
	return mod
}

func splitPath(path string) (string, string) {
	if i := strings.LastIndex(path, "."); i >= 0 {
		return path[:i], path[i+1:]
	}
	return "", path
}

// GetParameter returns the parameter at the dotted path below m, e.g.
// "cd.c.b". A bad path panics, naming the missing part and what exists there.
func (m *Module) GetParameter(path string) *tensorlib.Tensor {
	modPath, name := splitPath(path)
	mod := m.GetSubmodule(modPath)
	i := indexOf(mod.params, name)
	if i < 0 {
		panic(fmt.Sprintf("nnlib: GetParameter: %s has no parameter %q (path %q; parameters: %s)", mod.name, name, path, slotNames(mod.params)))
	}
	return mod.params[i].t
}

// GetBuffer returns the buffer at the dotted path below m. A bad path
// panics, naming the missing part and what exists there.
func (m *Module) GetBuffer(path string) *tensorlib.Tensor {
	modPath, name := splitPath(path)
	mod := m.GetSubmodule(modPath)
	i := indexOf(mod.buffers, name)
	if i < 0 {
		panic(fmt.Sprintf("nnlib: GetBuffer: %s has no buffer %q (path %q; buffers: %s)", mod.name, name, path, slotNames(mod.buffers)))
	}
	return mod.buffers[i].t
}

// String prints the module tree exactly as PyTorch prints a module: the
// class name, ExtraRepr in parentheses, and each child as "(name): ...",
// indented by two spaces.
func (m *Module) String() string {
	var extra []string
	if m.ExtraRepr != nil {
		if s := m.ExtraRepr(); s != "" {
			extra = strings.Split(s, "\n")
		}
	}
	var childLines []string
	for _, c := range m.children {
		if c.m == nil || c.m.point {
			continue // hook points are not part of PyTorch's printed form
		}
		childLines = append(childLines, "("+c.name+"): "+addIndent(c.m.String(), 2))
	}
	lines := append(extra, childLines...)
	s := m.name + "("
	if len(lines) > 0 {
		if len(extra) == 1 && len(childLines) == 0 {
			s += extra[0]
		} else {
			s += "\n  " + strings.Join(lines, "\n  ") + "\n"
		}
	}
	return s + ")"
}

func addIndent(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) == 1 {
		return s
	}
	pad := strings.Repeat(" ", n)
	for i := 1; i < len(lines); i++ {
		lines[i] = pad + lines[i]
	}
	return strings.Join(lines, "\n")
}
