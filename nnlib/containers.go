package nnlib

import (
	"fmt"
	"strconv"

	"github.com/gohooks/gohooks/tensorlib"
)

// containerForward is the forward of ModuleList and ModuleDict, which hold
// modules but are not called, as in PyTorch.
func containerForward(name string) func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
	return func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		panic(fmt.Sprintf("nnlib: %s: a %s holds modules and has no forward; call its children (Child(\"0\"), Children())", name, name))
	}
}

// ModuleList is PyTorch's nn.ModuleList: the modules become children "0",
// "1", ... so that their parameters belong to the model. Append more with
// AddModule(strconv.Itoa(len(list.Children())), m). It has no forward.
func ModuleList(modules ...*Module) *Module {
	m := NewModule("ModuleList", containerForward("ModuleList"))
	for i, c := range modules {
		if c == nil {
			panic(fmt.Sprintf("nnlib: ModuleList: module %d is nil", i))
		}
		m.AddModule(strconv.Itoa(i), c)
	}
	m.Doc = "Holds submodules in a list."
	return m
}

// ModuleDict is PyTorch's nn.ModuleDict: each entry becomes the child of
// its name, in the order given. It has no forward.
func ModuleDict(entries ...NamedModule) *Module {
	m := NewModule("ModuleDict", containerForward("ModuleDict"))
	for _, e := range entries {
		if e.Module == nil {
			panic(fmt.Sprintf("nnlib: ModuleDict: module %q is nil", e.Name))
		}
		m.AddModule(e.Name, e.Module)
	}
	m.Doc = "Holds submodules in a dictionary."
	return m
}
