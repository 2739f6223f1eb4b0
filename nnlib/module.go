package nnlib

import (
	"fmt"
	"strings"

	"github.com/gohooks/gohooks/internal/hooklist"
	"github.com/gohooks/gohooks/tensorlib"
)

// Module is a PyTorch-style module: a forward function with named
// parameters, buffers and child modules, and hooks. Every module, built-in
// layer or user model, is a *Module made by NewModule; Name returns the class
// name given there.
type Module struct {
	name    string
	forward func(self *Module, in ...*tensorlib.Tensor) []*tensorlib.Tensor
	// multi marks a module made by NewMultiOutputModule.
	multi bool
	// point marks a hook point (see AddHookPoint).
	point bool

	// Doc is the module's docstring (PyTorch's __doc__).
	Doc string
	// ExtraRepr, when set, gives the text String prints between the
	// parentheses after the class name (PyTorch's extra_repr).
	ExtraRepr func() string

	params   []slot
	buffers  []slot
	children []childSlot
	training bool

	forwardPre   hooklist.List[hookEntry]
	forwardPost  hooklist.List[hookEntry]
	backwardPre  hooklist.List[hookEntry]
	backwardPost hooklist.List[hookEntry]
}

type slot struct {
	name       string
	t          *tensorlib.Tensor
	persistent bool
}

type childSlot struct {
	name string
	m    *Module
}

// NamedModule is a module with its name: a child's attribute name, or the
// dotted path from the root in NamedModules.
type NamedModule struct {
	Name   string
	Module *Module
}

// NamedTensor is a parameter or buffer with its (dotted) name.
type NamedTensor struct {
	Name   string
	Tensor *tensorlib.Tensor
}

// NewModule makes a module of class name whose Forward runs forward. The
// module starts in training mode, with no parameters, buffers or children.
func NewModule(name string, forward func(self *Module, in ...*tensorlib.Tensor) *tensorlib.Tensor) *Module {
	if forward == nil {
		panic(fmt.Sprintf("nnlib: NewModule: nil forward function for %q", name))
	}
	return &Module{name: name, training: true, forward: func(self *Module, in ...*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{forward(self, in...)}
	}}
}

// NewMultiOutputModule makes a module of class name whose forward returns
// several tensors, as PyTorch's MultiheadAttention returns (output,
// weights). A nil entry is an output that is absent (PyTorch's None), such
// as attention weights that were not asked for. ForwardAll returns every
// output and Forward the first; forward hooks registered with
// RegisterForwardHookAll see and may replace every output, those registered
// with RegisterForwardHook the first; full backward (pre-)hooks get one
// gradOut slot per output.
func NewMultiOutputModule(name string, forward func(self *Module, in ...*tensorlib.Tensor) []*tensorlib.Tensor) *Module {
	if forward == nil {
		panic(fmt.Sprintf("nnlib: NewMultiOutputModule: nil forward function for %q", name))
	}
	return &Module{name: name, forward: forward, multi: true, training: true}
}

// MultiOutput reports whether m was made by NewMultiOutputModule.
func (m *Module) MultiOutput() bool { return m.multi }

// Name returns the module's class name, e.g. "Linear".
func (m *Module) Name() string { return m.name }

func (m *Module) checkNewName(op, kind, name string) {
	if name == "" || strings.Contains(name, ".") {
		panic(fmt.Sprintf("nnlib: %s: %s name %q must be non-empty and contain no \".\"", op, kind, name))
	}
	if kind != "parameter" && indexOf(m.params, name) >= 0 {
		panic(fmt.Sprintf("nnlib: %s: %s already has a parameter %q", op, m.name, name))
	}
	if kind != "buffer" && indexOf(m.buffers, name) >= 0 {
		panic(fmt.Sprintf("nnlib: %s: %s already has a buffer %q", op, m.name, name))
	}
	if kind != "module" && m.childIndex(name) >= 0 {
		panic(fmt.Sprintf("nnlib: %s: %s already has a child module %q", op, m.name, name))
	}
}

func indexOf(s []slot, name string) int {
	for i, e := range s {
		if e.name == name {
			return i
		}
	}
	return -1
}

func (m *Module) childIndex(name string) int {
	for i, c := range m.children {
		if c.name == name {
			return i
		}
	}
	return -1
}

// RegisterParameter makes t the parameter name of m and marks it as a leaf
// that requires grad (PyTorch's nn.Parameter). Registering an existing name
// replaces the parameter and keeps its place in the order, like assigning
// module.W = nn.Parameter(...). t must be a leaf: Detach a computed tensor
// first. A nil t registers an empty slot that Parameters skips.
func (m *Module) RegisterParameter(name string, t *tensorlib.Tensor) {
	m.checkNewName("RegisterParameter", "parameter", name)
	if t != nil {
		if !t.IsLeaf() {
			panic(fmt.Sprintf("nnlib: RegisterParameter: %q of %s must be a leaf tensor, not the result of %s; use Detach()", name, m.name, t.GradFn().Name()))
		}
		t.SetRequiresGrad(true)
	}
	if i := indexOf(m.params, name); i >= 0 {
		m.params[i].t = t
		return
	}
	m.params = append(m.params, slot{name: name, t: t})
}

// Param returns m's own parameter name; it panics if there is none.
func (m *Module) Param(name string) *tensorlib.Tensor {
	i := indexOf(m.params, name)
	if i < 0 {
		panic(fmt.Sprintf("nnlib: Param: %s has no parameter %q (parameters: %s)", m.name, name, slotNames(m.params)))
	}
	return m.params[i].t
}

// RegisterBuffer makes t the buffer name of m: state that is not a parameter,
// like BatchNorm's running mean. Persistent buffers are part of StateDict.
// Registering an existing name replaces the buffer in place.
func (m *Module) RegisterBuffer(name string, t *tensorlib.Tensor, persistent bool) {
	m.checkNewName("RegisterBuffer", "buffer", name)
	if i := indexOf(m.buffers, name); i >= 0 {
		m.buffers[i].t, m.buffers[i].persistent = t, persistent
		return
	}
	m.buffers = append(m.buffers, slot{name: name, t: t, persistent: persistent})
}

// Buffer returns m's own buffer name; it panics if there is none.
func (m *Module) Buffer(name string) *tensorlib.Tensor {
	i := indexOf(m.buffers, name)
	if i < 0 {
		panic(fmt.Sprintf("nnlib: Buffer: %s has no buffer %q (buffers: %s)", m.name, name, slotNames(m.buffers)))
	}
	return m.buffers[i].t
}

// AddModule makes child the child module name of m. Children keep the order
// in which they were added; adding an existing name replaces that child in
// place. The same module may be added under several names or to several
// parents.
func (m *Module) AddModule(name string, child *Module) {
	m.checkNewName("AddModule", "module", name)
	if i := m.childIndex(name); i >= 0 {
		m.children[i].m = child
		return
	}
	m.children = append(m.children, childSlot{name, child})
}

// Child returns m's child module name; it panics if there is none.
func (m *Module) Child(name string) *Module {
	i := m.childIndex(name)
	if i < 0 {
		panic(fmt.Sprintf("nnlib: Child: %s has no child module %q (children: %s)", m.name, name, m.childNames()))
	}
	return m.children[i].m
}

func slotNames(s []slot) string {
	if len(s) == 0 {
		return "none"
	}
	names := make([]string, len(s))
	for i, e := range s {
		names[i] = e.name
	}
	return strings.Join(names, ", ")
}

func (m *Module) childNames() string {
	if len(m.children) == 0 {
		return "none"
	}
	names := make([]string, len(m.children))
	for i, c := range m.children {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

// Training reports whether m is in training mode.
func (m *Module) Training() bool { return m.training }

// Train puts m and every module below it in training mode and returns m.
func (m *Module) Train() *Module { return m.setTraining(true) }

// Eval puts m and every module below it in evaluation mode (Dropout passes
// its input through, BatchNorm2d uses its running statistics) and returns m.
func (m *Module) Eval() *Module { return m.setTraining(false) }

func (m *Module) setTraining(mode bool) *Module {
	m.training = mode
	for _, c := range m.Children() {
		c.setTraining(mode)
	}
	return m
}

// ZeroGrad clears the gradient of every parameter (PyTorch's
// zero_grad(set_to_none=True)).
func (m *Module) ZeroGrad() {
	for _, p := range m.Parameters() {
		p.ZeroGrad()
	}
}
