package tensorlib

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/gohooks/gohooks/internal/hooklist"
	"github.com/gohooks/gohooks/internal/tensordata"
)

// Tensor is an n-dimensional array of float32 values in row-major order,
// with the autograd state that PyTorch keeps on a tensor.
type Tensor struct {
	data  []float32
	shape []int

	requiresGrad bool
	grad         *Tensor

	// node and outIndex name the operation that produced the tensor (nil
	// for a leaf) and which of its outputs the tensor is.
	node     *node
	outIndex int

	// Leaf state: the hooks that see the gradient before it accumulates,
	// the hooks that run after, and the accumulation node shared by every
	// graph that uses the leaf.
	gradHooks        hooklist.List[gradHook]
	postAccHooks     hooklist.List[func(t *Tensor)]
	accumulator      *node
	retainsGradValue bool

	// ownedGrad marks a gradient in flight during backward whose buffer
	// nothing else refers to (see ownedGrad in autograd.go).
	ownedGrad bool
}

// New makes a tensor of the given shape from data, which it copies. With no
// shape the tensor is 1-D with len(data) elements.
func New(data []float32, shape ...int) *Tensor {
	if len(shape) == 0 {
		shape = []int{len(data)}
	}
	n := checkShape("New", shape)
	if n != len(data) {
		panic(fmt.Sprintf("tensorlib: New: %d values do not fill shape %v (%d elements)", len(data), shape, n))
	}
	return fromData(append([]float32(nil), data...), shape)
}

// Tensor1 makes a 1-D tensor of the given values: Tensor1(1, 2) is
// PyTorch's torch.tensor([1., 2.]).
func Tensor1(values ...float32) *Tensor {
	return New(values, len(values))
}

// Scalar makes a 0-dimensional tensor holding v.
func Scalar(v float32) *Tensor {
	return fromData([]float32{v}, []int{})
}

// Zeros makes a tensor of zeros.
func Zeros(shape ...int) *Tensor {
	return fromData(zeroBuf(checkShape("Zeros", shape)), shape)
}

// Ones makes a tensor of ones.
func Ones(shape ...int) *Tensor {
	return Full(1, shape...)
}

// Full makes a tensor with every element v.
func Full(v float32, shape ...int) *Tensor {
	d := newBuf(checkShape("Full", shape))
	forBlocks(len(d), func(lo, hi int) { fill(d[lo:hi], v) })
	return fromData(d, shape)
}

// ZerosLike makes a tensor of zeros with t's shape.
func ZerosLike(t *Tensor) *Tensor { return Zeros(t.shape...) }

// OnesLike makes a tensor of ones with t's shape.
func OnesLike(t *Tensor) *Tensor { return Ones(t.shape...) }

// Arange makes the 1-D tensor start, start+step, ... up to but excluding end.
func Arange(start, end, step float32) *Tensor {
	if step == 0 || (end-start)/step < 0 {
		panic(fmt.Sprintf("tensorlib: Arange: step %v does not lead from %v to %v", step, start, end))
	}
	n := int(math.Ceil(float64(end-start) / float64(step)))
	d := make([]float32, n)
	for i := range d {
		d[i] = start + float32(i)*step
	}
	return fromData(d, []int{n})
}

// Linspace makes n evenly spaced values from start to end, both included.
func Linspace(start, end float32, n int) *Tensor {
	if n < 0 {
		panic(fmt.Sprintf("tensorlib: Linspace: negative count %d", n))
	}
	d := make([]float32, n)
	for i := range d {
		if n == 1 {
			d[i] = start
			break
		}
		d[i] = float32(float64(start) + float64(i)*float64(end-start)/float64(n-1))
	}
	return fromData(d, []int{n})
}

// Eye makes the n×n identity matrix.
func Eye(n int) *Tensor {
	t := Zeros(n, n)
	for i := 0; i < n; i++ {
		t.data[i*n+i] = 1
	}
	return t
}

var (
	rngMu sync.Mutex
	rng   = rand.New(rand.NewPCG(0, 0))
)

// ManualSeed resets the package's random number generator, so that Rand,
// Randn and Dropout give the same values again.
func ManualSeed(seed uint64) {
	rngMu.Lock()
	rng = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	rngMu.Unlock()
}

// Rand makes a tensor of values drawn uniformly from [0, 1).
func Rand(shape ...int) *Tensor {
	d := make([]float32, checkShape("Rand", shape))
	rngMu.Lock()
	for i := range d {
		d[i] = rng.Float32()
	}
	rngMu.Unlock()
	return fromData(d, shape)
}

// Randn makes a tensor of values drawn from the standard normal distribution.
func Randn(shape ...int) *Tensor {
	d := make([]float32, checkShape("Randn", shape))
	rngMu.Lock()
	for i := range d {
		d[i] = float32(rng.NormFloat64())
	}
	rngMu.Unlock()
	return fromData(d, shape)
}

// Uniform makes a tensor of values drawn uniformly from [low, high).
func Uniform(low, high float32, shape ...int) *Tensor {
	t := Rand(shape...)
	for i, v := range t.data {
		t.data[i] = low + v*(high-low)
	}
	return t
}

func fromData(data []float32, shape []int) *Tensor {
	return &Tensor{data: data, shape: append([]int{}, shape...)}
}

// checkShape returns the element count of shape, panicking on negative
// sizes and on counts whose float32 values take more bytes than an int
// counts (the product overflowed: [2^32, 2^32] counted 0 elements).
func checkShape(op string, shape []int) int {
	n := 1
	for _, s := range shape {
		if s < 0 {
			panic(fmt.Sprintf("tensorlib: %s: negative dimension in shape %v", op, shape))
		}
		if s != 0 && n > math.MaxInt/4/s {
			panic(fmt.Sprintf("tensorlib: %s: shape %v is too large: its values would take more than %d bytes", op, shape, math.MaxInt))
		}
		n *= s
	}
	return n
}

func fill(d []float32, v float32) {
	if len(d) == 0 {
		return
	}
	// Doubling copies run at memmove's vector speed, where a loop of
	// stores writes one element at a time.
	d[0] = v
	for n := 1; n < len(d); n *= 2 {
		copy(d[n:], d[:n])
	}
}

// Shape returns a copy of the tensor's dimensions.
func (t *Tensor) Shape() []int { return append([]int{}, t.shape...) }

// Size returns the length of dimension dim; a negative dim counts from the end.
func (t *Tensor) Size(dim int) int { return t.shape[t.normDim("Size", dim)] }

// Dim returns the number of dimensions.
func (t *Tensor) Dim() int { return len(t.shape) }

// Numel returns the number of elements.
func (t *Tensor) Numel() int { return len(t.data) }

// Data returns a copy of the values in row-major order.
func (t *Tensor) Data() []float32 { return append([]float32(nil), t.data...) }

// The optimizers of nnlib update parameters in place through tensordata.
func init() { tensordata.Of = func(t any) []float32 { return t.(*Tensor).data } }

// Item returns the value of a one-element tensor.
func (t *Tensor) Item() float32 {
	if len(t.data) != 1 {
		panic(fmt.Sprintf("tensorlib: Item: tensor of shape %v has %d elements, not 1", t.shape, len(t.data)))
	}
	return t.data[0]
}

// At returns the element at the given index, one integer per dimension;
// negative indices count from the end.
func (t *Tensor) At(idx ...int) float32 {
	if len(idx) != len(t.shape) {
		panic(fmt.Sprintf("tensorlib: At: %d indices for a tensor of shape %v", len(idx), t.shape))
	}
	off := 0
	for d, i := range idx {
		n := t.shape[d]
		if i < -n || i >= n {
			panic(fmt.Sprintf("tensorlib: At: index %d out of range for dimension %d of size %d", i, d, n))
		}
		if i < 0 {
			i += n
		}
		off = off*n + i
	}
	return t.data[off]
}

// Fill sets every element to v, in place, without recording it for autograd
// (PyTorch's t.data.fill_(v)). It returns t.
func (t *Tensor) Fill(v float32) *Tensor {
	fill(t.data, v)
	return t
}

// CopyFrom copies src's values into t, in place, without recording it for
// autograd (PyTorch's t.data.copy_(src)). The shapes must have the same number
// of elements. It returns t.
func (t *Tensor) CopyFrom(src *Tensor) *Tensor {
	if len(src.data) != len(t.data) {
		panic(fmt.Sprintf("tensorlib: CopyFrom: shape %v into shape %v", src.shape, t.shape))
	}
	copy(t.data, src.data)
	return t
}

// Clone returns a copy of t that is recorded for autograd like any other
// operation.
func (t *Tensor) Clone() *Tensor {
	out := fromData(t.Data(), t.shape)
	return record("CloneBackward0", out, []*Tensor{t}, func(g *Tensor) []*Tensor { return []*Tensor{g} })
}

// normDim turns a possibly negative dimension into an index into t.shape.
func (t *Tensor) normDim(op string, dim int) int {
	n := len(t.shape)
	if dim < -n || dim >= n {
		panic(fmt.Sprintf("tensorlib: %s: dimension %d out of range for shape %v", op, dim, t.shape))
	}
	if dim < 0 {
		dim += n
	}
	return dim
}

func sameShape(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
