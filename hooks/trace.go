package hooks

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// TraceShapes prints, as forward runs, each module's path, class, input
// shapes and output shape to standard output, indented two spaces per level
// of nesting in the call. A module without children prints one line,
//
//	0 Conv2d: [1 1 28 28] -> [1 8 28 28]
//
// and a module with children prints a line when it is entered and one when
// it returns:
//
//	Sequential: in [1 1 28 28]
//	  ...
//	Sequential: out [1 10]
//
// The model itself has no path and shows its class alone. A module called
// twice prints twice. When forward panics, the modules it was inside print
// "(no output)" as they unwind, which shows where it failed. The hooks cover the modules the model has now; remove
// them with the returned group's Remove.
func TraceShapes(model *nnlib.Module) *Group {
	return traceShapes(model, nil)
}

// TraceShapesTo is TraceShapes writing to w instead of standard output.
func TraceShapesTo(model *nnlib.Module, w io.Writer) *Group {
	if w == nil {
		panic("hooks: TraceShapesTo: nil writer")
	}
	return traceShapes(model, w)
}

func traceShapes(model *nnlib.Module, w io.Writer) *Group {
	mods := resolve("TraceShapes", model, nil)
	out := func() io.Writer {
		if w != nil {
			return w
		}
		// Looked up at each call: the kernel and example tests swap
		// os.Stdout after the hooks are registered.
		return os.Stdout
	}
	depth := 0
	g := &Group{}
	for _, nm := range mods {
		label := nm.Module.Name()
		if nm.Name != "" {
			label = nm.Name + " " + label
		}
		leaf := len(nm.Module.Children()) == 0
		root := nm.Name == ""
		g.Add(nm.Module.RegisterForwardPreHook(func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
			if root {
				// A pre-hook that panicked after this one skipped the
				// forward hooks, and with them a decrement: start afresh.
				depth = 0
			}
			if !leaf {
				fmt.Fprintf(out(), "%s%s: in %s\n", indent(depth), label, shapes(in))
			}
			depth++
			return nil
		}))
		// AlwaysCall keeps the depth right when forward panics.
		g.Add(nm.Module.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, o *tensorlib.Tensor) *tensorlib.Tensor {
			depth--
			res := shape(o)
			if o == nil {
				res = "(no output)"
			}
			if leaf {
				fmt.Fprintf(out(), "%s%s: %s -> %s\n", indent(depth), label, shapes(in), res)
			} else {
				fmt.Fprintf(out(), "%s%s: out %s\n", indent(depth), label, res)
			}
			return nil
		}, nnlib.AlwaysCall()))
	}
	return g
}

func indent(depth int) string {
	if depth < 0 {
		depth = 0
	}
	return strings.Repeat("  ", depth)
}

func shape(t *tensorlib.Tensor) string {
	if t == nil {
		return "nil"
	}
	return fmt.Sprint(t.Shape())
}

func shapes(ts []*tensorlib.Tensor) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = shape(t)
	}
	return strings.Join(s, ", ")
}
