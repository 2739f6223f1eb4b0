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
		gx := permuteData(g, inv)
		gx.ownedGrad = true
		return []*Tensor{gx}
	})
}

// permuteData copies t's values into the layout of its permuted shape.
// Dimensions of size 1 are dropped and output dimensions that stay
// contiguous in t merged, leaving either rows that move whole (copied) or
// a transpose: the output's last dimension A is strided in t, and another
// output dimension B is t's contiguous one. The copy then runs over small
// B×A tiles, each read along B and written along A, in parallel.
func permuteData(t *Tensor, perm []int) *Tensor {
	nd := len(perm)
	shape := make([]int, nd)
	for i, p := range perm {
		shape[i] = t.shape[p]
	}
	out := newBuf(len(t.data))
	if len(out) == 0 {
		return fromData(out, shape)
	}
	src := stridesOf(t.shape)
	// The output's dimensions as (size, stride in t), simplified.
	var size, stride []int
	for i, p := range perm {
		if shape[i] == 1 {
			continue
		}
		if k := len(size) - 1; k >= 0 && stride[k] == src[p]*shape[i] {
			size[k] *= shape[i]
			stride[k] = src[p]
			continue
		}
		size, stride = append(size, shape[i]), append(stride, src[p])
	}
	if len(size) == 0 || stride[len(size)-1] == 1 {
		// Whole rows of the last dimension move (or nothing moves).
		inner := 1
		if len(size) > 0 {
			inner = size[len(size)-1]
			size, stride = size[:len(size)-1], stride[:len(stride)-1]
		}
		rows := len(out) / inner
		forItems(rows, inner, func(lo, hi int) {
			o := newOdometer(size, stride, lo)
			for r := lo; r < hi; r++ {
				copy(out[r*inner:(r+1)*inner], t.data[o.off:o.off+inner])
				o.next()
			}
		})
		return fromData(out, shape)
	}
	last := len(size) - 1
	na, sa := size[last], stride[last]
	jb := -1
	for j, s := range stride {
		if s == 1 {
			jb = j
		}
	}
	nb := size[jb]
	// The other dimensions, outermost first, with their output strides.
	var osize, ostride, ooff []int
	acc := 1
	outStride := make([]int, len(size))
	for j := last; j >= 0; j-- {
		outStride[j] = acc
		acc *= size[j]
	}
	for j := range size {
		if j != jb && j != last {
			osize, ostride, ooff = append(osize, size[j]), append(ostride, stride[j]), append(ooff, outStride[j])
		}
	}
	ob := outStride[jb]
	const tile = 16
	tilesB := (nb + tile - 1) / tile
	outer := len(out) / (na * nb)
	forItems(outer*tilesB, tile*na, func(lo, hi int) {
		for item := lo; item < hi; item++ {
			c, tb := item/tilesB, item%tilesB
			so, do := 0, 0
			for j := len(osize) - 1; j >= 0; j-- {
				i := c % osize[j]
				c /= osize[j]
				so += i * ostride[j]
				do += i * ooff[j]
			}
			transposeTile(out[do:], ob, t.data[so:], sa, tb*tile, min(nb, (tb+1)*tile), na)
		}
	})
	return fromData(out, shape)
}

// transposeTile sets dst[b·ob + a] = src[a·sa + b] for b in [b0, b1) and
// a in [0, na): 8×8 blocks through fixed-size arrays (no bounds checks,
// eight rows read and eight written at a time), the edges element by
// element.
func transposeTile(dst []float32, ob int, src []float32, sa, b0, b1, na int) {
	b := b0
	for ; b+8 <= b1; b += 8 {
		a := 0
		for ; a+8 <= na; a += 8 {
			var s [8]*[8]float32
			for i := range s {
				s[i] = (*[8]float32)(src[(a+i)*sa+b:])
			}
			for j := 0; j < 8; j++ {
				d := (*[8]float32)(dst[(b+j)*ob+a:])
				d[0], d[1], d[2], d[3] = s[0][j], s[1][j], s[2][j], s[3][j]
				d[4], d[5], d[6], d[7] = s[4][j], s[5][j], s[6][j], s[7][j]
			}
		}
		for j := b; j < b+8; j++ {
			for i := a; i < na; i++ {
				dst[j*ob+i] = src[i*sa+j]
			}
		}
	}
	for ; b < b1; b++ {
		d := dst[b*ob : b*ob+na]
		for i := range d {
			d[i] = src[i*sa+b]
		}
	}
}

// odometer walks the offsets in t of consecutive positions of an output
// whose dimensions have the given sizes and strides in t.
type odometer struct {
	size, stride, idx []int
	off               int
}

// newOdometer starts at position n (in row-major order of size).
func newOdometer(size, stride []int, n int) *odometer {
	o := &odometer{size: size, stride: stride, idx: make([]int, len(size))}
	for d := len(size) - 1; d >= 0; d-- {
		o.idx[d] = n % size[d]
		n /= size[d]
		o.off += o.idx[d] * stride[d]
	}
	return o
}

func (o *odometer) next() {
	for d := len(o.size) - 1; d >= 0; d-- {
		o.idx[d]++
		o.off += o.stride[d]
		if o.idx[d] < o.size[d] {
			return
		}
		o.off -= o.idx[d] * o.stride[d]
		o.idx[d] = 0
	}
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
	out := newBuf(checkShape("Cat", shape))
	rowLen := shape[d] * inner
	off := 0
	for _, t := range ts {
		w := t.shape[d] * inner
		copyRows(out, off, rowLen, t.data, 0, w, outer, w)
		off += w
	}
	res := fromData(out, shape)
	return record("CatBackward0", res, ts, func(g *Tensor) []*Tensor {
		grads := make([]*Tensor, len(ts))
		off := 0
		for i, t := range ts {
			w := t.shape[d] * inner
			if t.requiresGrad {
				gd := newBuf(len(t.data))
				copyRows(gd, 0, w, g.data, off, rowLen, outer, w)
				grads[i] = ownedGrad(gd, t.shape)
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
	out := newBuf(outer * w)
	copyRows(out, 0, w, t.data, start*inner, rowLen, outer, w)
	return record(name, fromData(out, shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		gd := zeroBuf(len(t.data))
		copyRows(gd, start*inner, rowLen, g.data, 0, w, outer, w)
		return []*Tensor{ownedGrad(gd, t.shape)}
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
	return t.gatherRows("IndexBackward0", index.shape, rows, -1)
}

// Embedding gathers rows of weight, a [num, dim] table, at the positions
// held by index (whole numbers from 0 to num-1), like PyTorch's
// torch.nn.functional.embedding: the result has shape index.Shape()
// followed by dim. The table's gradient adds up the gradients of the rows
// read from each position, except at paddingIdx, whose row gets none
// (-1: no padding row). Its gradient node is EmbeddingBackward0.
func Embedding(weight, index *Tensor, paddingIdx int) *Tensor {
	if weight.Dim() != 2 {
		panic(fmt.Sprintf("tensorlib: Embedding: weight of shape %v is not a [num dim] table", weight.shape))
	}
	n := weight.shape[0]
	if paddingIdx < -1 || paddingIdx >= n {
		panic(fmt.Sprintf("tensorlib: Embedding: padding index %d out of range for %d embeddings", paddingIdx, n))
	}
	rows := make([]int, len(index.data))
	for i, v := range index.data {
		r := int(v)
		if float32(r) != v || r < 0 || r >= n {
			panic(fmt.Sprintf("tensorlib: Embedding: index %v out of range for %d embeddings", v, n))
		}
		rows[i] = r
	}
	return weight.gatherRows("EmbeddingBackward0", index.shape, rows, paddingIdx)
}

// gatherRows is Index and Embedding once the positions are checked: the
// rows of t at rows, in the shape lead followed by t's other dimensions;
// the gradient of row skip (-1 for none) stays zero.
func (t *Tensor) gatherRows(name string, lead []int, rows []int, skip int) *Tensor {
	n := t.shape[0]
	inner := 1
	for _, s := range t.shape[1:] {
		inner *= s
	}
	shape := append(append([]int{}, lead...), t.shape[1:]...)
	out := newBuf(len(rows) * inner)
	forItems(len(rows), inner, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := rows[i]
			copy(out[i*inner:(i+1)*inner], t.data[r*inner:(r+1)*inner])
		}
	})
	return record(name, fromData(out, shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		gd := newBuf(len(t.data))
		addRowsAt(gd, g.data, rows, n, inner)
		if skip >= 0 {
			clear(gd[skip*inner : (skip+1)*inner])
		}
		return []*Tensor{ownedGrad(gd, t.shape)}
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
		copyRows(out, 0, w, t.data, start*inner, rowLen, outer, w)
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
			if gi != nil {
				copyRows(gd, start*inner, rowLen, gi.data, 0, w, outer, w)
				continue
			}
			for o := 0; o < outer; o++ {
				clear(gd[o*rowLen+start*inner:][:w])
			}
		}
		return []*Tensor{ownedGrad(gd, t.shape)}
	})
	return outs
}

// copyRows copies rows of w elements, row r from src[so+r·ss:] to
// dst[do+r·ds:], in parallel when there is enough to copy: by rows, or by
// pieces of a row when rows are few and long.
func copyRows(dst []float32, do, ds int, src []float32, so, ss, rows, w int) {
	if w == 0 {
		return
	}
	pieces := max(1, w/elemBlock)
	pw := (w + pieces - 1) / pieces
	forItems(rows*pieces, pw, func(lo, hi int) {
		for it := lo; it < hi; it++ {
			r, a := it/pieces, it%pieces*pw
			b := min(w, a+pw)
			copy(dst[do+r*ds+a:do+r*ds+b], src[so+r*ss+a:so+r*ss+b])
		}
	})
}

// addRowsAt sets dst, n rows of inner elements, to the sum of the rows of
// src sent to each: row i of src goes to row rows[i]. It groups the rows
// of src by destination first, so that the destinations can be shared out
// among the cores and each sums its sources in order.
func addRowsAt(dst, src []float32, rows []int, n, inner int) {
	first := make([]int32, n+1) // sources of row r: order[first[r]:first[r+1]]
	for _, r := range rows {
		first[r+1]++
	}
	for r := 0; r < n; r++ {
		first[r+1] += first[r]
	}
	order := make([]int32, len(rows))
	next := append([]int32(nil), first[:n]...)
	for i, r := range rows {
		order[next[r]] = int32(i)
		next[r]++
	}
	forItems(n, inner+len(rows)*inner/max(n, 1), func(lo, hi int) {
		for r := lo; r < hi; r++ {
			d := dst[r*inner : (r+1)*inner]
			srcs := order[first[r]:first[r+1]]
			if len(srcs) == 0 {
				clear(d)
				continue
			}
			copy(d, src[int(srcs[0])*inner:])
			for _, i := range srcs[1:] {
				s := src[int(i)*inner : (int(i)+1)*inner]
				for j, v := range s {
					d[j] += v
				}
			}
		}
	})
}
