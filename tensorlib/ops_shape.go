package tensorlib

import (
	"fmt"
	"slices"
)

// inferShape resolves a single -1 in shape against n elements.
func inferShape(op string, from []int, shape []int, n int) []int {
	out := append([]int{}, shape...)
	free, known := -1, 1
	for i, s := range out {
		switch {
		case s == -1 && free < 0:
			free = i
		case s < 0:
			panic(fmt.Sprintf("tensorlib: %s: invalid shape %v", op, shape))
		default:
			known *= s
		}
	}
	if free >= 0 {
		if known == 0 || n%known != 0 {
			panic(fmt.Sprintf("tensorlib: %s: shape %v is invalid for input of shape %v", op, shape, from))
		}
		out[free] = n / known
		known *= out[free]
	}
	if known != n {
		panic(fmt.Sprintf("tensorlib: %s: shape %v is invalid for input of shape %v (%d elements)", op, shape, from, n))
	}
	return out
}

// view shares t's storage under another shape.
func (t *Tensor) view(name string, shape []int) *Tensor {
	out := &Tensor{data: t.data, shape: shape}
	return record(name, out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{{data: g.data, shape: t.shape}}
	})
}

// Reshape returns t with another shape and the same elements; one dimension
// may be -1 to be inferred. The result shares t's storage.
func (t *Tensor) Reshape(shape ...int) *Tensor {
	return t.view("ReshapeAliasBackward0", inferShape("Reshape", t.shape, shape, len(t.data)))
}

// View is Reshape, under PyTorch's other name for it.
func (t *Tensor) View(shape ...int) *Tensor {
	return t.view("ViewBackward0", inferShape("View", t.shape, shape, len(t.data)))
}

// Flatten merges dimensions start through end (inclusive; negative counts
// from the end) into one.
func (t *Tensor) Flatten(start, end int) *Tensor {
	if len(t.shape) == 0 {
		return t.view("ViewBackward0", []int{1})
	}
	s, e := t.normDim("Flatten", start), t.normDim("Flatten", end)
	if s > e {
		panic(fmt.Sprintf("tensorlib: Flatten: start dimension %d after end dimension %d", start, end))
	}
	shape := append([]int{}, t.shape[:s]...)
	n := 1
	for _, d := range t.shape[s : e+1] {
		n *= d
	}
	shape = append(append(shape, n), t.shape[e+1:]...)
	return t.view("ReshapeAliasBackward0", shape)
}

// Squeeze removes the given dimensions of size 1, or every dimension of
// size 1 when none is given. A listed dimension whose size is not 1 stays.
func (t *Tensor) Squeeze(dims ...int) *Tensor {
	drop := make([]bool, len(t.shape))
	if len(dims) == 0 {
		for i, s := range t.shape {
			drop[i] = s == 1
		}
	}
	for _, d := range dims {
		d = t.normDim("Squeeze", d)
		drop[d] = t.shape[d] == 1
	}
	var shape []int
	for i, s := range t.shape {
		if !drop[i] {
			shape = append(shape, s)
		}
	}
	if shape == nil {
		shape = []int{}
	}
	name := "SqueezeBackward0"
	if len(dims) > 0 {
		name = "SqueezeBackward1"
	}
	return t.view(name, shape)
}

// Unsqueeze inserts a dimension of size 1 at dim (from -Dim()-1 to Dim()).
func (t *Tensor) Unsqueeze(dim int) *Tensor {
	n := len(t.shape) + 1
	if dim < -n || dim >= n {
		panic(fmt.Sprintf("tensorlib: Unsqueeze: dimension %d out of range for shape %v", dim, t.shape))
	}
	if dim < 0 {
		dim += n
	}
	shape := slices.Insert(append([]int{}, t.shape...), dim, 1)
	return t.view("UnsqueezeBackward0", shape)
}

// T transposes a matrix; tensors of fewer than two dimensions are returned
// as they are, as in PyTorch.
func (t *Tensor) T() *Tensor {
	switch len(t.shape) {
	case 0, 1:
		return t
	case 2:
		return t.permute("TBackward0", []int{1, 0})
	}
	panic(fmt.Sprintf("tensorlib: T: expects a tensor of at most 2 dimensions, got shape %v; use Transpose or Permute", t.shape))
}

// Transpose swaps dimensions d0 and d1.
func (t *Tensor) Transpose(d0, d1 int) *Tensor {
	perm := make([]int, len(t.shape))
	for i := range perm {
		perm[i] = i
	}
	a, b := t.normDim("Transpose", d0), t.normDim("Transpose", d1)
	perm[a], perm[b] = perm[b], perm[a]
	return t.permute("TransposeBackward0", perm)
}

// Permute reorders the dimensions: dimension i of the result is dimension
// dims[i] of t.
func (t *Tensor) Permute(dims ...int) *Tensor {
	if len(dims) != len(t.shape) {
		panic(fmt.Sprintf("tensorlib: Permute: %d dimensions %v for shape %v", len(dims), dims, t.shape))
	}
	perm := make([]int, len(dims))
	seen := make([]bool, len(dims))
	for i, d := range dims {
		d = t.normDim("Permute", d)
		if seen[d] {
			panic(fmt.Sprintf("tensorlib: Permute: dimension %d repeated in %v", d, dims))
		}
		seen[d] = true
		perm[i] = d
	}
	return t.permute("PermuteBackward0", perm)
}

func (t *Tensor) permute(name string, perm []int) *Tensor {
	out := permuteData(t, perm)
	return record(name, out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		inv := make([]int, len(perm))
		for i, p := range perm {
			inv[p] = i
		}
		return []*Tensor{permuteData(g, inv)}
	})
}

// permuteData copies t's values into the layout of its permuted shape.
func permuteData(t *Tensor, perm []int) *Tensor {
	nd := len(perm)
	shape := make([]int, nd)
	for i, p := range perm {
		shape[i] = t.shape[p]
	}
	out := make([]float32, len(t.data))
	if len(out) == 0 {
		return fromData(out, shape)
	}
	src := stridesOf(t.shape)
	strides := make([]int, nd) // source stride of each output dimension
	for i, p := range perm {
		strides[i] = src[p]
	}
	idx := make([]int, nd)
	inner, innerStride := shape[nd-1], strides[nd-1]
	for o := 0; o < len(out); o += inner {
		off := 0
		for d := 0; d < nd-1; d++ {
			off += idx[d] * strides[d]
		}
		row := out[o : o+inner]
		for i := range row {
			row[i] = t.data[off+i*innerStride]
		}
		for d := nd - 2; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return fromData(out, shape)
}

func stridesOf(shape []int) []int {
	s := make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= shape[i]
	}
	return s
}

// Expand stretches dimensions of size 1 to the given sizes (-1 keeps a
// size) and may add leading dimensions, as broadcasting does.
func (t *Tensor) Expand(shape ...int) *Tensor {
	target := append([]int{}, shape...)
	lead := len(target) - len(t.shape)
	if lead < 0 {
		panic(fmt.Sprintf("tensorlib: Expand: shape %v has fewer dimensions than %v", shape, t.shape))
	}
	for i := range target {
		if target[i] == -1 {
			if i < lead {
				panic(fmt.Sprintf("tensorlib: Expand: -1 not allowed for a new leading dimension in %v", shape))
			}
			target[i] = t.shape[i-lead]
		}
		if i >= lead && t.shape[i-lead] != 1 && t.shape[i-lead] != target[i] {
			panic(fmt.Sprintf("tensorlib: Expand: shape %v cannot be expanded to %v", t.shape, shape))
		}
	}
	out := fromData(expandData(t, target), target)
	if sameShape(t.shape, target) {
		out.data = append([]float32(nil), t.data...)
	}
	return record("ExpandBackward0", out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{reduceTo(g, t.shape)}
	})
}

// Cat joins tensors along dim; all other dimensions must agree.
func Cat(ts []*Tensor, dim int) *Tensor {
	if len(ts) == 0 {
		panic("tensorlib: Cat: no tensors")
	}
	d := ts[0].normDim("Cat", dim)
	shape := append([]int{}, ts[0].shape...)
	shape[d] = 0
	for i, t := range ts {
		if len(t.shape) != len(shape) {
			panic(fmt.Sprintf("tensorlib: Cat: tensor %d has shape %v, tensor 0 has %v", i, t.shape, ts[0].shape))
		}
		for k := range shape {
			if k != d && t.shape[k] != shape[k] {
				panic(fmt.Sprintf("tensorlib: Cat: tensor %d has shape %v, tensor 0 has %v (dimension %d differs)", i, t.shape, ts[0].shape, k))
			}
		}
		shape[d] += t.shape[d]
	}
	outer := 1
	for _, s := range shape[:d] {
		outer *= s
	}
	inner := 1
	for _, s := range shape[d+1:] {
		inner *= s
	}
	out := make([]float32, checkShape("Cat", shape))
	rowLen := shape[d] * inner
	off := 0
	for _, t := range ts {
		w := t.shape[d] * inner
		for o := 0; o < outer; o++ {
			copy(out[o*rowLen+off:o*rowLen+off+w], t.data[o*w:(o+1)*w])
		}
		off += w
	}
	res := fromData(out, shape)
	return record("CatBackward0", res, ts, func(g *Tensor) []*Tensor {
		grads := make([]*Tensor, len(ts))
		off := 0
		for i, t := range ts {
			w := t.shape[d] * inner
			if t.requiresGrad {
				gd := make([]float32, len(t.data))
				for o := 0; o < outer; o++ {
					copy(gd[o*w:(o+1)*w], g.data[o*rowLen+off:o*rowLen+off+w])
				}
				grads[i] = fromData(gd, t.shape)
			}
			off += w
		}
		return grads
	})
}

// Stack joins same-shape tensors along a new dimension dim.
func Stack(ts []*Tensor, dim int) *Tensor {
	if len(ts) == 0 {
		panic("tensorlib: Stack: no tensors")
	}
	us := make([]*Tensor, len(ts))
	for i, t := range ts {
		if !sameShape(t.shape, ts[0].shape) {
			panic(fmt.Sprintf("tensorlib: Stack: tensor %d has shape %v, tensor 0 has %v", i, t.shape, ts[0].shape))
		}
		us[i] = t.Unsqueeze(dim)
	}
	return Cat(us, dim)
}

// Narrow returns length elements of dimension dim starting at start.
func (t *Tensor) Narrow(dim, start, length int) *Tensor {
	d := t.normDim("Narrow", dim)
	if start < 0 {
		start += t.shape[d]
	}
	if start < 0 || length < 0 || start+length > t.shape[d] {
		panic(fmt.Sprintf("tensorlib: Narrow: start %d and length %d out of range for dimension %d of size %d", start, length, dim, t.shape[d]))
	}
	return t.slice("SliceBackward0", d, start, start+length)
}

// Slice returns elements start (included) to end (excluded) of dimension
// dim; negative positions count from the end and are clipped like Python's.
func (t *Tensor) Slice(dim, start, end int) *Tensor {
	d := t.normDim("Slice", dim)
	n := t.shape[d]
	clip := func(i int) int {
		if i < 0 {
			i += n
		}
		return min(max(i, 0), n)
	}
	start, end = clip(start), clip(end)
	if end < start {
		end = start
	}
	return t.slice("SliceBackward0", d, start, end)
}

func (t *Tensor) slice(name string, d, start, end int) *Tensor {
	outer := 1
	for _, s := range t.shape[:d] {
		outer *= s
	}
	inner := 1
	for _, s := range t.shape[d+1:] {
		inner *= s
	}
	shape := append([]int{}, t.shape...)
	shape[d] = end - start
	w, rowLen := (end-start)*inner, t.shape[d]*inner
	out := make([]float32, outer*w)
	for o := 0; o < outer; o++ {
		copy(out[o*w:(o+1)*w], t.data[o*rowLen+start*inner:])
	}
	return record(name, fromData(out, shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		gd := make([]float32, len(t.data))
		for o := 0; o < outer; o++ {
			copy(gd[o*rowLen+start*inner:o*rowLen+start*inner+w], g.data[o*w:(o+1)*w])
		}
		return []*Tensor{fromData(gd, t.shape)}
	})
}

// Select returns the slice at index along dim, removing that dimension.
func (t *Tensor) Select(dim, index int) *Tensor {
	d := t.normDim("Select", dim)
	n := t.shape[d]
	if index < -n || index >= n {
		panic(fmt.Sprintf("tensorlib: Select: index %d out of range for dimension %d of size %d", index, dim, n))
	}
	if index < 0 {
		index += n
	}
	s := t.slice("SelectBackward0", d, index, index+1)
	shape := slices.Delete(append([]int{}, t.shape...), d, d+1)
	s.shape = shape
	return s
}

// Index gathers rows of t (along dimension 0) at the positions held by
// index, a tensor of whole numbers; the result has shape index.Shape()
// followed by t.Shape()[1:]. Repeated positions add up in the gradient.
func (t *Tensor) Index(index *Tensor) *Tensor {
	if len(t.shape) == 0 {
		panic("tensorlib: Index: cannot index a 0-dimensional tensor")
	}
	n := t.shape[0]
	rows := make([]int, len(index.data))
	for i, v := range index.data {
		r := int(v)
		if float32(r) != v || r < -n || r >= n {
			panic(fmt.Sprintf("tensorlib: Index: index %v out of range for dimension 0 of size %d", v, n))
		}
		if r < 0 {
			r += n
		}
		rows[i] = r
	}
	inner := 1
	for _, s := range t.shape[1:] {
		inner *= s
	}
	shape := append(append([]int{}, index.shape...), t.shape[1:]...)
	out := make([]float32, len(rows)*inner)
	for i, r := range rows {
		copy(out[i*inner:(i+1)*inner], t.data[r*inner:(r+1)*inner])
	}
	return record("IndexBackward0", fromData(out, shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		gd := make([]float32, len(t.data))
		for i, r := range rows {
			addInto(gd[r*inner:(r+1)*inner], g.data[i*inner:(i+1)*inner])
		}
		return []*Tensor{fromData(gd, t.shape)}
	})
}

// Chunk splits t into n pieces along dim, as PyTorch's chunk: pieces of
// ⌈size/n⌉ elements, the last one smaller, and fewer than n pieces when
// the size leaves nothing for them. The pieces are copies whose gradients
// flow back through one node, SplitBackward0, as in PyTorch.
func (t *Tensor) Chunk(n, dim int) []*Tensor {
	d := t.normDim("Chunk", dim)
	if n <= 0 {
		panic(fmt.Sprintf("tensorlib: Chunk: %d chunks (want at least 1)", n))
	}
	size := t.shape[d]
	step := max(1, (size+n-1)/n)
	bounds := []int{0}
	for end := step; end < size; end += step {
		bounds = append(bounds, end)
	}
	bounds = append(bounds, size)
	return t.pieces("SplitBackward0", d, bounds, false)
}

// Unbind returns the slices of t along dim, that dimension removed, as
// PyTorch's unbind: copies whose gradients flow back through one node,
// UnbindBackward0, instead of one Select node each (whose gradients, each
// the size of t, would be added up one by one).
func (t *Tensor) Unbind(dim int) []*Tensor {
	d := t.normDim("Unbind", dim)
	bounds := make([]int, t.shape[d]+1)
	for i := range bounds {
		bounds[i] = i
	}
	return t.pieces("UnbindBackward0", d, bounds, true)
}

// pieces copies the slices [bounds[i], bounds[i+1]) of t along dimension d
// (removing d when squeeze) into tensors recorded as the outputs of one
// node, whose backward puts each piece's gradient in its place in one
// gradient of t (zero where a piece got none).
func (t *Tensor) pieces(name string, d int, bounds []int, squeeze bool) []*Tensor {
	outer := 1
	for _, s := range t.shape[:d] {
		outer *= s
	}
	inner := 1
	for _, s := range t.shape[d+1:] {
		inner *= s
	}
	rowLen := t.shape[d] * inner
	outs := make([]*Tensor, len(bounds)-1)
	for i := range outs {
		start, end := bounds[i], bounds[i+1]
		w := (end - start) * inner
		out := newBuf(outer * w)
		for o := 0; o < outer; o++ {
			copy(out[o*w:(o+1)*w], t.data[o*rowLen+start*inner:])
		}
		shape := append([]int{}, t.shape...)
		shape[d] = end - start
		if squeeze {
			shape = slices.Delete(shape, d, d+1)
		}
		outs[i] = fromData(out, shape)
	}
	attach(name, outs, []*Tensor{t}, func(g []*Tensor) []*Tensor {
		gd := newBuf(len(t.data))
		for i, gi := range g {
			start, end := bounds[i], bounds[i+1]
			w := (end - start) * inner
			for o := 0; o < outer; o++ {
				dst := gd[o*rowLen+start*inner:][:w]
				if gi == nil {
					clear(dst)
				} else {
					copy(dst, gi.data[o*w:(o+1)*w])
				}
			}
		}
		return []*Tensor{fromData(gd, t.shape)}
	})
	return outs
}
