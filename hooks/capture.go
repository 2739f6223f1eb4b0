package hooks

import (
	"fmt"
	"strings"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// Captured holds what Capture and CaptureWithGrad recorded during one
// forward (and backward) pass: each module's output by path, in call
// order, and with CaptureWithGrad the gradient of the
// loss with respect to each of those outputs.
type Captured struct {
	model    *nnlib.Module
	paths    []string // requested, in the order asked
	order    []string // called, by first call
	called   map[string]bool
	outs     map[string][]*tensorlib.Tensor
	grads    map[string][]*tensorlib.Tensor
	withGrad bool
	output   *tensorlib.Tensor
	loss     *tensorlib.Tensor

	limit, used int64    // CaptureLimit's budget and what is kept, in bytes
	cut         []string // paths of outputs kept in part or not at all
	reduce      func(path string, out *tensorlib.Tensor) *tensorlib.Tensor
}

// Capture runs model.Forward(x) once with forward hooks on each module
// named by paths (dotted paths as NamedModules gives them, "" for the model
// itself; no paths means every module), removes the hooks, and returns the
// outputs. The hooks are removed even when forward panics. A path that
// NamedModules does not give panics with the list of valid paths.
//
// Each hook is registered after the module's existing hooks, so it records
// the output the caller receives (after other forward hooks have replaced
// it). The recorded tensors are the outputs themselves, not copies, and keep
// their autograd history.
func Capture(model *nnlib.Module, x *tensorlib.Tensor, paths ...string) *Captured {
	c := newCaptured("Capture", model, paths, false)
	c.run(x, nil)
	return c
}

// CaptureWithGrad is Capture followed by backward from loss(output): loss
// turns the model's output into a one-element tensor, on which Backward runs.
// Grad and AllGrads then give the gradient of the loss with respect to each
// captured output, the values a PyTorch full backward hook receives as
// grad_output for that call.
//
// To get them, each captured output is passed through an identity autograd
// node while the capture runs, as PyTorch does for modules with full backward
// hooks: a gradient arriving there belongs to that call's output alone, even
// when the same tensor is used elsewhere too. The outputs recorded (and the
// model's output, when "" is captured) therefore have the grad_fn
// BackwardHookFunctionBackward. Like any backward, this one accumulates into
// the parameters' Grad; call model.ZeroGrad() first if that matters.
func CaptureWithGrad(model *nnlib.Module, x *tensorlib.Tensor, loss func(out *tensorlib.Tensor) *tensorlib.Tensor, paths ...string) *Captured {
	if loss == nil {
		panic("hooks: CaptureWithGrad: nil loss function")
	}
	c := newCaptured("CaptureWithGrad", model, paths, true)
	c.run(x, loss)
	return c
}

// CaptureLimit is Capture with a memory bound: it keeps at most maxBytes
// of outputs (4 bytes a value), so that caching every module of a big model
// does not fill memory. Outputs are kept in call order as detached copies
// (no autograd history, which would hold the whole graph) of their first
// batch items (dimension 0): as many as fit in what remains of the budget,
// none once it is spent. Truncated lists the paths whose outputs were cut.
func CaptureLimit(model *nnlib.Module, x *tensorlib.Tensor, maxBytes int64, paths ...string) *Captured {
	if maxBytes <= 0 {
		panic(fmt.Sprintf("hooks: CaptureLimit: memory bound %d bytes must be positive", maxBytes))
	}
	c := newCaptured("CaptureLimit", model, paths, false)
	c.limit = maxBytes
	c.run(x, nil)
	return c
}

// CaptureReduce is Capture that keeps, instead of each output, what reduce
// makes of it as the model runs (the mean over the batch, a norm per
// position, a slice), so that only the reduced values stay in memory.
// reduce gets the module's path and its output, detached; a nil result
// keeps nothing for that call.
func CaptureReduce(model *nnlib.Module, x *tensorlib.Tensor, reduce func(path string, out *tensorlib.Tensor) *tensorlib.Tensor, paths ...string) *Captured {
	if reduce == nil {
		panic("hooks: CaptureReduce: nil reduce function")
	}
	c := newCaptured("CaptureReduce", model, paths, false)
	c.reduce = reduce
	c.run(x, nil)
	return c
}

// Truncated returns the captured paths (once each, in call order) whose
// outputs CaptureLimit kept only in part, or not at all.
func (c *Captured) Truncated() []string { return append([]string(nil), c.cut...) }

// Bytes returns how many bytes of outputs CaptureLimit kept (0 after
// Capture and CaptureWithGrad, which keep outputs without copying).
func (c *Captured) Bytes() int64 { return c.used }

// bounded returns what CaptureLimit keeps of out: its first batch items
// that fit in the budget, detached; nil when none fits.
func (c *Captured) bounded(path string, out *tensorlib.Tensor) *tensorlib.Tensor {
	if out == nil {
		return nil
	}
	size := int64(out.Numel()) * 4
	if c.used+size <= c.limit {
		c.used += size
		return out.Detach().Clone()
	}
	c.markCut(path)
	if out.Dim() == 0 || out.Size(0) == 0 {
		return nil
	}
	per := size / int64(out.Size(0))
	k := (c.limit - c.used) / max(per, 1)
	if k <= 0 {
		return nil
	}
	c.used += k * per
	return out.Detach().Narrow(0, 0, int(k)).Clone()
}

func (c *Captured) markCut(path string) {
	for _, p := range c.cut {
		if p == path {
			return
		}
	}
	c.cut = append(c.cut, path)
}

func newCaptured(op string, model *nnlib.Module, paths []string, withGrad bool) *Captured {
	mods := resolve(op, model, paths)
	c := &Captured{
		model:    model,
		outs:     map[string][]*tensorlib.Tensor{},
		grads:    map[string][]*tensorlib.Tensor{},
		called:   map[string]bool{},
		withGrad: withGrad,
	}
	for _, nm := range mods {
		c.paths = append(c.paths, nm.Name)
	}
	return c
}

func (c *Captured) run(x *tensorlib.Tensor, loss func(*tensorlib.Tensor) *tensorlib.Tensor) {
	g := &Group{}
	defer g.Remove()
	for _, p := range c.paths {
		m := c.model.GetSubmodule(p)
		g.Add(m.RegisterForwardPreHook(c.preHook(p)))
		g.Add(m.RegisterForwardHook(c.hook(p)))
	}
	c.output = c.model.Forward(x)
	if loss == nil {
		return
	}
	c.loss = loss(c.output)
	if c.loss == nil {
		panic("hooks: CaptureWithGrad: the loss function returned nil")
	}
	c.loss.Backward()
}

// identity is the forward of the wrapping node; it returns a new slice, as
// tensorlib.Function requires.
func identity(in []*tensorlib.Tensor) []*tensorlib.Tensor {
	return append([]*tensorlib.Tensor(nil), in...)
}

// preHook records the order in which the captured modules are called.
func (c *Captured) preHook(path string) func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
	return func(m *nnlib.Module, in []*tensorlib.Tensor) []*tensorlib.Tensor {
		if !c.called[path] {
			c.called[path] = true
			c.order = append(c.order, path)
		}
		return nil
	}
}

func (c *Captured) hook(path string) func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
	return func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		var replaced *tensorlib.Tensor
		if c.withGrad {
			call := len(c.grads[path])
			c.grads[path] = append(c.grads[path], nil)
			if out != nil && out.RequiresGrad() && tensorlib.IsGradEnabled() {
				replaced = tensorlib.Function("BackwardHookFunctionBackward", []*tensorlib.Tensor{out}, identity,
					func(g []*tensorlib.Tensor) []*tensorlib.Tensor {
						c.grads[path][call] = g[0]
						return g
					})[0]
				out = replaced
			}
		}
		if c.reduce != nil {
			if out != nil {
				if kept := c.reduce(path, out.Detach()); kept != nil {
					c.outs[path] = append(c.outs[path], kept)
				}
			}
			return nil
		}
		if c.limit > 0 {
			if kept := c.bounded(path, out); kept != nil {
				c.outs[path] = append(c.outs[path], kept)
			}
			return nil
		}
		c.outs[path] = append(c.outs[path], out)
		return replaced
	}
}

// check panics unless path was captured and its module produced an output.
func (c *Captured) check(op, path string) {
	if len(c.outs[path]) > 0 {
		return
	}
	if c.called[path] {
		panic(fmt.Sprintf("hooks: %s: no output of %q was kept (a reduce function returned nil, or a memory bound was spent)", op, path))
	}
	for _, p := range c.paths {
		if p == path {
			panic(fmt.Sprintf("hooks: %s: the module at path %q was not called during forward (called: %s)", op, path, quoteList(c.order)))
		}
	}
	panic(fmt.Sprintf("hooks: %s: path %q was not captured (captured: %s)", op, path, quoteList(c.paths)))
}

func quoteList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// Get returns the output of the module at path. A module called several
// times gives its last output (All gives every one). A path that was not
// captured, or whose module was not called, panics.
func (c *Captured) Get(path string) *tensorlib.Tensor {
	c.check("Captured.Get", path)
	o := c.outs[path]
	return o[len(o)-1]
}

// All returns the outputs of every call of the module at path, in call
// order.
func (c *Captured) All(path string) []*tensorlib.Tensor {
	c.check("Captured.All", path)
	return append([]*tensorlib.Tensor(nil), c.outs[path]...)
}

// Names returns the captured paths whose modules were called, in the order
// they were first called: a module before the modules it calls, so the model
// itself ("") comes first, and for a Sequential model the order is
// NamedModules order. A module called several times is listed once.
func (c *Captured) Names() []string {
	return append([]string(nil), c.order...)
}

// Grad returns the gradient of the loss with respect to the output of the
// module at path (its last call's, for a module called several times), or
// nil when no gradient reached that output. It panics after Capture, which
// runs no backward, and for paths Get would panic on.
func (c *Captured) Grad(path string) *tensorlib.Tensor {
	c.checkGrad("Captured.Grad", path)
	g := c.grads[path]
	return g[len(g)-1]
}

// AllGrads returns the gradient with respect to the output of every call of
// the module at path, in call order, with nil for outputs no gradient
// reached.
func (c *Captured) AllGrads(path string) []*tensorlib.Tensor {
	c.checkGrad("Captured.AllGrads", path)
	return append([]*tensorlib.Tensor(nil), c.grads[path]...)
}

func (c *Captured) checkGrad(op, path string) {
	if !c.withGrad {
		panic(fmt.Sprintf("hooks: %s: no gradients were captured for %q; use CaptureWithGrad", op, path))
	}
	c.check(op, path)
}

// Output returns the model's output from the forward run.
func (c *Captured) Output() *tensorlib.Tensor { return c.output }

// Loss returns what the loss function returned (nil after Capture).
func (c *Captured) Loss() *tensorlib.Tensor { return c.loss }

// Extractor runs a model and returns the outputs of chosen modules by path,
// like torchvision's create_feature_extractor. Its forward hooks stay on the
// model until Remove. Use one Extractor from one goroutine at a time.
type Extractor struct {
	model   *nnlib.Module
	paths   []string
	group   *Group
	current map[string]*tensorlib.Tensor
	removed bool
}

// FeatureExtractor registers a forward hook on each module named by paths
// (as for Capture: "" is the model, no paths means every module; a bad path
// panics with the list of valid ones) and returns an Extractor whose Forward
// returns their outputs. The hooks record only during the Extractor's own
// Forward; other calls of the model pass through untouched.
func FeatureExtractor(model *nnlib.Module, paths ...string) *Extractor {
	mods := resolve("FeatureExtractor", model, paths)
	e := &Extractor{model: model, group: &Group{}}
	for _, nm := range mods {
		e.paths = append(e.paths, nm.Name)
		path := nm.Name
		e.group.Add(nm.Module.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
			if e.current != nil {
				e.current[path] = out
			}
			return nil
		}))
	}
	return e
}

// Forward runs the model on x and returns the output of each chosen module
// that was called, by path; a module called several times gives its last
// output. The model's own output is in the map only if "" was chosen. The
// map is new on each call.
func (e *Extractor) Forward(x ...*tensorlib.Tensor) map[string]*tensorlib.Tensor {
	if e.removed {
		panic("hooks: Extractor.Forward: the extractor's hooks were removed")
	}
	feats := make(map[string]*tensorlib.Tensor, len(e.paths))
	e.current = feats
	defer func() { e.current = nil }()
	e.model.Forward(x...)
	return feats
}

// Paths returns the chosen module paths, in the order given.
func (e *Extractor) Paths() []string { return append([]string(nil), e.paths...) }

// Remove takes the extractor's hooks off the model. Calling it again is
// harmless; Forward panics afterwards.
func (e *Extractor) Remove() {
	e.removed = true
	e.group.Remove()
}
