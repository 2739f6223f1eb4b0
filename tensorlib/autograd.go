package tensorlib

import (
	"container/heap"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/gohooks/gohooks/internal/hooklist"
)

// A node is one recorded operation in the autograd graph: PyTorch's grad_fn.
// It keeps, for each input, the edge its gradient flows along (fixed when the
// operation ran, as in PyTorch), and a closure that turns the gradients of
// its outputs into gradients of its inputs.
type node struct {
	name     string
	seq      uint64
	edges    []edge
	nOut     int
	backward func(gradOut []*Tensor) []*Tensor

	// Per output: the hooks registered on the non-leaf tensor that is that
	// output, and the tensor that retains its gradient.
	outHooks []hooklist.List[gradHook]
	retain   []*Tensor

	// leaf is set on the accumulation node of a leaf tensor.
	leaf *Tensor

	// backwards counts the backward passes running through this node.
	// While it is positive, operations on the tensors of this graph are
	// not recorded (see attach): that is how backward runs without
	// recording, for its own graph only.
	backwards atomic.Int32
}

// edge points at output index of node n; shape is the shape the gradient
// flowing along it must have.
type edge struct {
	n     *node
	index int
	shape []int
}

var (
	nodeSeq      atomic.Uint64
	gradDisabled atomic.Int32 // NoGrad calls running, in any goroutine
)

// NoGrad runs fn with autograd recording switched off: results of operations
// inside it do not require grad. Hooks still fire.
//
// The switch is the process's, not the goroutine's: Go has no
// goroutine-local state, and telling goroutines apart from a stack trace
// would cost tens of microseconds per operation in a cell's deep stacks. So
// while fn runs, no goroutine records. Code that trains in one goroutine
// while another evaluates should give the evaluating one detached tensors
// (Detach) rather than call NoGrad. Backward and Function never use this
// switch: they affect their own graph only.
func NoGrad(fn func()) {
	gradDisabled.Add(1)
	defer gradDisabled.Add(-1)
	fn()
}

// IsGradEnabled reports whether operations are being recorded for autograd,
// that is, whether no NoGrad call is running.
func IsGradEnabled() bool { return gradDisabled.Load() == 0 }

// GradFn describes the operation that produced a tensor.
type GradFn struct{ n *node }

// Name returns PyTorch's name for the backward operation, e.g. "MulBackward0".
func (g *GradFn) Name() string { return g.n.name }

// String returns the name in angle brackets, as PyTorch prints grad_fn.
func (g *GradFn) String() string { return "<" + g.n.name + ">" }

// GradFn returns the operation that produced t, or nil for a leaf tensor.
func (t *Tensor) GradFn() *GradFn {
	if t.node == nil {
		return nil
	}
	return &GradFn{t.node}
}

// RequiresGrad reports whether gradients are computed for t.
func (t *Tensor) RequiresGrad() bool { return t.requiresGrad }

// IsLeaf reports whether t was made by the user rather than by a recorded
// operation. Tensors that do not require grad are leaves too, as in PyTorch.
func (t *Tensor) IsLeaf() bool { return t.node == nil }

// SetRequiresGrad marks a leaf tensor as needing gradients (or not) and
// returns it, so that Rand(3).SetRequiresGrad(true) reads naturally.
func (t *Tensor) SetRequiresGrad(requires bool) *Tensor {
	if t.node != nil {
		panic(fmt.Sprintf("tensorlib: SetRequiresGrad: only leaf tensors can change requires_grad; this tensor comes from %s; use Detach()", t.node.name))
	}
	t.requiresGrad = requires
	return t
}

// Grad returns the gradient accumulated into t by backward passes, or nil.
// For a non-leaf tensor it is nil unless RetainGrad was called.
func (t *Tensor) Grad() *Tensor { return t.grad }

// SetGrad replaces t's accumulated gradient (nil clears it).
func (t *Tensor) SetGrad(g *Tensor) {
	if g != nil && !sameShape(g.shape, t.shape) {
		panic(fmt.Sprintf("tensorlib: SetGrad: gradient of shape %v for a tensor of shape %v", g.shape, t.shape))
	}
	t.grad = g
}

// ZeroGrad clears the accumulated gradient (PyTorch's set_to_none).
func (t *Tensor) ZeroGrad() { t.grad = nil }

// Detach returns a tensor that shares t's values but is cut off from the
// autograd graph and does not require grad.
func (t *Tensor) Detach() *Tensor {
	return &Tensor{data: t.data, shape: t.shape}
}

// RetainGrad makes backward keep the gradient of a non-leaf tensor in Grad,
// after the tensor's hooks have run. On a leaf it does nothing.
func (t *Tensor) RetainGrad() {
	if !t.requiresGrad {
		panic("tensorlib: RetainGrad: the tensor does not require grad")
	}
	if t.node == nil {
		return
	}
	t.node.retain[t.outIndex] = t
	t.retainsGradValue = true
}

// RetainsGrad reports whether RetainGrad was called on this non-leaf tensor.
func (t *Tensor) RetainsGrad() bool { return t.retainsGradValue }

// record attaches a one-output operation to out when gradients are enabled
// and an input requires grad, and returns out.
func record(name string, out *Tensor, inputs []*Tensor, backward func(g *Tensor) []*Tensor) *Tensor {
	attach(name, []*Tensor{out}, inputs, func(g []*Tensor) []*Tensor { return backward(g[0]) })
	return out
}

func attach(name string, outs, inputs []*Tensor, backward func(g []*Tensor) []*Tensor) bool {
	needed := false
	for _, in := range inputs {
		if in != nil && in.requiresGrad && !in.inBackward() {
			needed = true
			break
		}
	}
	if !needed || !IsGradEnabled() {
		return false
	}
	n := &node{
		name:     name,
		seq:      nodeSeq.Add(1),
		edges:    make([]edge, len(inputs)),
		nOut:     len(outs),
		backward: backward,
		outHooks: make([]hooklist.List[gradHook], len(outs)),
		retain:   make([]*Tensor, len(outs)),
	}
	for i, in := range inputs {
		if in == nil || !in.requiresGrad {
			continue
		}
		if in.node != nil {
			n.edges[i] = edge{in.node, in.outIndex, in.shape}
		} else {
			n.edges[i] = edge{in.accumulatorNode(), 0, in.shape}
		}
	}
	for i, o := range outs {
		o.node, o.outIndex, o.requiresGrad = n, i, true
	}
	return true
}

// inBackward reports whether t belongs to a graph that a backward pass is
// running through. The operations a node's backward performs, on its saved
// inputs and outputs, are then not recorded, as in PyTorch, where backward
// runs with grad mode off; other graphs, in other goroutines or in hooks
// that train something else, go on recording.
func (t *Tensor) inBackward() bool {
	if t.node != nil {
		return t.node.backwards.Load() > 0
	}
	return t.accumulator != nil && t.accumulator.backwards.Load() > 0
}

// accumulatorNode returns the leaf's AccumulateGrad node. It carries the
// largest sequence number so that it runs as soon as it is ready, as in
// PyTorch.
func (t *Tensor) accumulatorNode() *node {
	if t.accumulator == nil {
		t.accumulator = &node{name: "AccumulateGrad", seq: math.MaxUint64, nOut: 1, leaf: t}
	}
	return t.accumulator
}

// Function records a custom differentiable operation, like a PyTorch
// autograd.Function. forward computes the outputs from the inputs, which it
// receives detached, so that its operations on them are not recorded;
// backward receives one gradient per output, nil where no
// gradient flowed, and returns one gradient per input (nil for none). The
// outputs are recorded as coming from one node called name.
func Function(name string, inputs []*Tensor, forward func(in []*Tensor) []*Tensor, backward func(gradOut []*Tensor) []*Tensor) []*Tensor {
	detached := make([]*Tensor, len(inputs))
	for i, in := range inputs {
		if in != nil {
			detached[i] = in.Detach()
		}
	}
	// forward may return its inputs, or the very slice it was given.
	outs := append([]*Tensor(nil), forward(detached)...)
	for i, o := range outs {
		if o.node != nil || o.requiresGrad {
			// A forward that returns its input must not relabel it.
			outs[i] = o.Detach()
		}
	}
	attach(name, outs, inputs, func(g []*Tensor) []*Tensor {
		in := backward(g)
		if len(in) != len(inputs) {
			panic(fmt.Sprintf("tensorlib: %s: backward returned %d gradients for %d inputs", name, len(in), len(inputs)))
		}
		return in
	})
	return outs
}

// Backward computes the gradient of t, a one-element tensor, with respect
// to every leaf that requires grad, and accumulates it into their Grad.
func (t *Tensor) Backward() {
	if len(t.data) != 1 {
		panic(fmt.Sprintf("tensorlib: Backward: grad can be implicitly created only for one-element tensors, not shape %v; use BackwardWith(grad)", t.shape))
	}
	t.BackwardWith(OnesLike(t))
}

// BackwardWith runs backward from t with grad as the gradient of t.
func (t *Tensor) BackwardWith(grad *Tensor) {
	if !t.requiresGrad {
		panic("tensorlib: Backward: the tensor does not require grad and has no grad_fn")
	}
	if !sameShape(grad.shape, t.shape) {
		panic(fmt.Sprintf("tensorlib: BackwardWith: gradient of shape %v for a tensor of shape %v", grad.shape, t.shape))
	}
	root := edge{t.node, t.outIndex, t.shape}
	if t.node == nil {
		root = edge{t.accumulatorNode(), 0, t.shape}
	}
	runBackward(root, grad.Detach())
}

// runBackward executes the graph below root. Each node runs once, when all
// the gradients flowing into it have arrived; among ready nodes the one
// created last runs first.
func runBackward(root edge, grad *Tensor) {
	deps := map[*node]int{}
	seen := map[*node]bool{root.n: true}
	stack := []*node{root.n}
	root.n.backwards.Add(1)
	defer func() {
		for n := range seen {
			n.backwards.Add(-1)
		}
	}()
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range n.edges {
			if e.n == nil {
				continue
			}
			deps[e.n]++
			if !seen[e.n] {
				seen[e.n] = true
				e.n.backwards.Add(1)
				stack = append(stack, e.n)
			}
		}
	}

	buffers := map[*node][]*Tensor{root.n: make([]*Tensor, root.n.nOut)}
	buffers[root.n][root.index] = grad
	ready := &readyQueue{root.n}
	for ready.Len() > 0 {
		n := heap.Pop(ready).(*node)
		grads := buffers[n]
		delete(buffers, n)
		in := n.run(grads)
		for i, e := range n.edges {
			if e.n == nil {
				continue
			}
			if i < len(in) && in[i] != nil {
				g := in[i]
				if !sameShape(g.shape, e.shape) {
					panic(fmt.Sprintf("tensorlib: backward: %s produced a gradient of shape %v for input %d of shape %v", n.name, g.shape, i, e.shape))
				}
				buf := buffers[e.n]
				if buf == nil {
					buf = make([]*Tensor, e.n.nOut)
					buffers[e.n] = buf
				}
				switch prev := buf[e.index]; {
				case prev == nil:
					buf[e.index] = g
				case prev.ownedGrad:
					// Nothing else refers to an owned gradient: the
					// sum can go into it, without a fresh buffer.
					addInto(prev.data, g.data)
				case g.ownedGrad:
					addInto(g.data, prev.data)
					buf[e.index] = g
				default:
					buf[e.index] = addNoGrad(prev, g)
				}
			}
			deps[e.n]--
			if deps[e.n] == 0 {
				if buffers[e.n] == nil {
					buffers[e.n] = make([]*Tensor, e.n.nOut)
				}
				heap.Push(ready, e.n)
			}
		}
	}
}

// run executes one node: tensor hooks and RetainGrad per output, then the
// operation's backward (or, for a leaf, accumulation into Grad).
func (n *node) run(grads []*Tensor) []*Tensor {
	if n.leaf != nil {
		n.leaf.accumulate(grads[0])
		return nil
	}
	flowed := false
	for i, g := range grads {
		if g == nil {
			continue
		}
		// From here hooks and the backward see g: no leaf may take it.
		g.ownedGrad = false
		g = runHooks(&n.outHooks[i], g)
		grads[i] = g
		if r := n.retain[i]; r != nil {
			if r.grad == nil {
				r.grad = fromData(g.Data(), g.shape)
			} else {
				r.grad = addNoGrad(r.grad, g)
				r.grad.ownedGrad = false // it stays, as r's Grad
			}
		}
		flowed = true
	}
	if !flowed {
		return nil
	}
	in := n.backward(grads)
	for i, g := range in {
		// A custom backward may compute with tensors of another graph;
		// what it returns is a gradient, never part of a graph.
		if g != nil && g.requiresGrad {
			in[i] = g.Detach()
		}
	}
	return in
}

func (t *Tensor) accumulate(g *Tensor) {
	if g == nil {
		return
	}
	// A gradient that nothing else refers to (ownedGrad) becomes Grad
	// as it is, unless a hook has seen it and may have kept it.
	owned := g.ownedGrad && t.gradHooks.Len() == 0
	g.ownedGrad = false
	g = runHooks(&t.gradHooks, g)
	if g == nil {
		return
	}
	if t.grad == nil {
		if owned {
			t.grad = g
		} else {
			// A copy: g may be shared (an addition passes one gradient
			// to both inputs), and t.grad is added into in place later.
			d := newBuf(len(g.data))
			copy(d, g.data)
			t.grad = fromData(d, t.shape)
		}
	} else {
		addInto(t.grad.data, g.data)
	}
	for _, h := range t.postAccHooks.AppendTo(nil) {
		h(t)
	}
}

func runHooks(hooks *hooklist.List[gradHook], g *Tensor) *Tensor {
	// Iterate over a copy: a hook may remove itself or register another.
	for _, h := range hooks.AppendTo(nil) {
		if r := h(g); r != nil {
			if !sameShape(r.shape, g.shape) {
				panic(fmt.Sprintf("tensorlib: hook: returned a gradient of shape %v for a gradient of shape %v", r.shape, g.shape))
			}
			g = r.Detach()
		}
	}
	return g
}

// addNoGrad adds two same-shape gradients without recording.
func addNoGrad(a, b *Tensor) *Tensor {
	out := newBuf(len(a.data))
	binaryKernel(opAdd, out, a.data, b.data)
	return ownedGrad(out, a.shape)
}

// ownedGrad returns a gradient tensor on data, a buffer that the caller
// (a backward closure) made and refers to nowhere else: the leaf it flows
// to may keep it as its Grad without copying it.
func ownedGrad(data []float32, shape []int) *Tensor {
	t := fromData(data, shape)
	t.ownedGrad = true
	return t
}

func addInto(dst, src []float32) {
	binaryKernel(opAdd, dst, dst, src[:len(dst)])
}

// readyQueue orders ready nodes by sequence number, largest first.
type readyQueue []*node

func (q readyQueue) Len() int           { return len(q) }
func (q readyQueue) Less(i, j int) bool { return q[i].seq > q[j].seq }
func (q readyQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *readyQueue) Push(x any)        { *q = append(*q, x.(*node)) }
func (q *readyQueue) Pop() any {
	old := *q
	n := old[len(old)-1]
	*q = old[:len(old)-1]
	return n
}
