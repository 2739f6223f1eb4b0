package tensorlib

import (
	"fmt"
	"math"
	"runtime"
)

// reduction describes which dimensions a reduction removes: keep is the
// shape with reduced dimensions set to 1, out the shape the caller gets.
type reduction struct {
	keep, out []int
	count     int // elements reduced into each output element
}

func (t *Tensor) reduction(op string, dims []int, keepdim bool) reduction {
	reduced := make([]bool, len(t.shape))
	if len(dims) == 0 {
		for i := range reduced {
			reduced[i] = true
		}
	}
	for _, d := range dims {
		d = t.normDim(op, d)
		if reduced[d] && len(dims) > 0 {
			panic(fmt.Sprintf("tensorlib: %s: dimension %d repeated in %v", op, d, dims))
		}
		reduced[d] = true
	}
	r := reduction{keep: make([]int, len(t.shape)), out: []int{}, count: 1}
	for i, s := range t.shape {
		if reduced[i] {
			r.keep[i] = 1
			r.count *= s
			if keepdim {
				r.out = append(r.out, 1)
			}
		} else {
			r.keep[i] = s
			r.out = append(r.out, s)
		}
	}
	return r
}

// Sum adds up all elements, or the elements along dims, removing them.
func (t *Tensor) Sum(dims ...int) *Tensor { return t.sum(dims, false) }

// SumKeepDim is Sum keeping the reduced dimensions with size 1.
func (t *Tensor) SumKeepDim(dims ...int) *Tensor { return t.sum(dims, true) }

func (t *Tensor) sum(dims []int, keepdim bool) *Tensor {
	r := t.reduction("Sum", dims, keepdim)
	s := sumTo(t, r.keep)
	out := fromData(s.data, r.out)
	name := "SumBackward1"
	if len(dims) == 0 {
		name = "SumBackward0"
	}
	return record(name, out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{fromData(expandData(&Tensor{data: g.data, shape: r.keep}, t.shape), t.shape)}
	})
}

// Mean averages all elements, or the elements along dims, removing them.
func (t *Tensor) Mean(dims ...int) *Tensor { return t.mean(dims, false) }

// MeanKeepDim is Mean keeping the reduced dimensions with size 1.
func (t *Tensor) MeanKeepDim(dims ...int) *Tensor { return t.mean(dims, true) }

func (t *Tensor) mean(dims []int, keepdim bool) *Tensor {
	r := t.reduction("Mean", dims, keepdim)
	s := sumTo(t, r.keep)
	inv := 1 / float64(r.count)
	for i := range s.data {
		s.data[i] = float32(float64(s.data[i]) * inv)
	}
	out := fromData(s.data, r.out)
	name := "MeanBackward1"
	if len(dims) == 0 {
		name = "MeanBackward0"
	}
	return record(name, out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		// PyTorch's mean_backward: the gradient expanded, divided by the
		// count in float32; dividing before expanding gives the same values.
		q := make([]float32, len(g.data))
		for i, v := range g.data {
			q[i] = v / float32(r.count)
		}
		return []*Tensor{fromData(expandData(&Tensor{data: q, shape: r.keep}, t.shape), t.shape)}
	})
}

// Var is the unbiased variance (divided by n-1) of all elements, or along
// dims, removing them.
func (t *Tensor) Var(dims ...int) *Tensor { return t.variance("Var", dims, false, false) }

// Std is the unbiased standard deviation, the square root of Var.
func (t *Tensor) Std(dims ...int) *Tensor { return t.variance("Std", dims, false, true) }

func (t *Tensor) variance(op string, dims []int, keepdim, std bool) *Tensor {
	r := t.reduction(op, dims, keepdim)
	outer, n, inner, ok := t.reducedRun(r)
	if !ok {
		p, last := t.reducedLast(r)
		return keepShape(p.variance(op, last, false, std), r)
	}
	mean := make([]float32, outer*inner)
	ss := make([]float64, len(mean))
	momentLanes(mean, ss, t.data, outer, n, inner)
	denom := float64(r.count - 1)
	res := make([]float32, len(mean))
	for i, v := range ss {
		v /= denom
		if std {
			v = math.Sqrt(v)
		}
		res[i] = float32(v)
	}
	name := "VarBackward0"
	if std {
		name = "StdBackward0"
	}
	return record(name, fromData(res, r.out), []*Tensor{t}, func(g *Tensor) []*Tensor {
		// PyTorch's var_backward: (2/(n-1))·g·(x - mean); std_backward
		// passes g/(2·std) to it, 0 where std is 0.
		scale := make([]float32, len(mean))
		c := float32(2 / denom)
		for i, gv := range g.data {
			if std {
				if gv = gv / (res[i] * 2); res[i] == 0 {
					gv = 0
				}
			}
			scale[i] = c * gv
		}
		d := newBuf(len(t.data))
		scaleDevLanes(d, t.data, mean, scale, outer, n, inner)
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// reducedLast returns t with the dimensions r reduces moved last (a
// permuted copy, recorded for autograd), and their positions there: a
// reduction over dimensions that are not one run becomes one over the
// last dimensions.
func (t *Tensor) reducedLast(r reduction) (*Tensor, []int) {
	var perm, last []int
	for i := range t.shape {
		if r.keep[i] != 1 || t.shape[i] == 1 {
			perm = append(perm, i)
		}
	}
	for i := range t.shape {
		if r.keep[i] == 1 && t.shape[i] != 1 {
			last = append(last, len(perm))
			perm = append(perm, i)
		}
	}
	return t.Permute(perm...), last
}

// keepShape gives a reduction of reducedLast's tensor the shape the
// caller asked for (with keepdim, the reduced dimensions as 1s in place;
// reduced dimensions of size 1 removed or kept).
func keepShape(res *Tensor, r reduction) *Tensor {
	if sameShape(res.shape, r.out) {
		return res
	}
	return res.Reshape(r.out...)
}

// walkReduced calls fn(i, o) for every element i of t with o the index of
// the output element it reduces into, for the keep shape.
func walkReduced(shape, keep []int, fn func(i, o int)) {
	nd := len(shape)
	if nd == 0 {
		fn(0, 0)
		return
	}
	ks := stridesOf(keep)
	for d := range keep {
		if keep[d] == 1 {
			ks[d] = 0
		}
	}
	idx := make([]int, nd)
	n := checkShape("reduce", shape)
	o := 0
	for i := 0; i < n; i++ {
		fn(i, o)
		for d := nd - 1; d >= 0; d-- {
			idx[d]++
			o += ks[d]
			if idx[d] < shape[d] {
				break
			}
			o -= ks[d] * shape[d]
			idx[d] = 0
		}
	}
}

// Max is the largest element, or the largest along dims (removing them).
// The gradient is shared evenly between tied maxima, as torch.amax does.
func (t *Tensor) Max(dims ...int) *Tensor { return t.extreme("Max", dims, true) }

// Min is the smallest element, or the smallest along dims.
func (t *Tensor) Min(dims ...int) *Tensor { return t.extreme("Min", dims, false) }

func (t *Tensor) extreme(op string, dims []int, isMax bool) *Tensor {
	if len(t.data) == 0 {
		panic(fmt.Sprintf("tensorlib: %s: empty tensor", op))
	}
	r := t.reduction(op, dims, false)
	outer, n, inner, ok := t.reducedRun(r)
	if !ok {
		p, last := t.reducedLast(r)
		return keepShape(p.extreme(op, last, isMax), r)
	}
	best := make([]float32, outer*inner)
	extremeLanes(best, t.data, outer, n, inner, isMax)
	name := "AmaxBackward0"
	if !isMax {
		name = "AminBackward0"
	}
	if len(dims) == 0 {
		name = "MaxBackward1"
		if !isMax {
			name = "MinBackward1"
		}
	}
	return record(name, fromData(best, r.out), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(t.data))
		extremeLanesBackward(d, g.data, t.data, best, outer, n, inner)
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// ArgMax returns the position of the largest element: over the flattened
// tensor with no dim, or along one dim (removed). Positions are whole
// numbers stored as float32; the first of tied maxima wins, and a NaN
// counts as the largest (and as the smallest for ArgMin), as in PyTorch.
func (t *Tensor) ArgMax(dim ...int) *Tensor { return t.argExtreme("ArgMax", dim, true) }

// ArgMin returns the position of the smallest element, like ArgMax.
func (t *Tensor) ArgMin(dim ...int) *Tensor { return t.argExtreme("ArgMin", dim, false) }

func (t *Tensor) argExtreme(op string, dim []int, isMax bool) *Tensor {
	if len(dim) > 1 {
		panic(fmt.Sprintf("tensorlib: %s: at most one dimension, got %v", op, dim))
	}
	if len(t.data) == 0 {
		panic(fmt.Sprintf("tensorlib: %s: empty tensor", op))
	}
	src := t
	d := 0
	if len(dim) == 0 {
		src = t.Detach().Reshape(-1)
	} else {
		d = t.normDim(op, dim[0])
	}
	r := src.reduction(op, []int{d}, false)
	outer, n, inner, _ := src.reducedRun(r) // one dimension is always a run
	pos := make([]float32, outer*inner)
	argExtremeLanes(pos, src.data, outer, n, inner, isMax)
	return fromData(pos, r.out)
}

// Norm is the p-norm of all elements, or along dims: (Σ|x|^p)^(1/p).
func (t *Tensor) Norm(p float32, dims ...int) *Tensor {
	if p <= 0 {
		panic(fmt.Sprintf("tensorlib: Norm: p must be positive, got %v", p))
	}
	r := t.reduction("Norm", dims, false)
	acc := make([]float64, checkShape("Norm", r.keep))
	outer, n, inner, run := t.reducedRun(r)
	lanes := run && (p == 1 || p == 2)
	if lanes {
		normLanes(acc, t.data, outer, n, inner, p)
	} else {
		walkReduced(t.shape, r.keep, func(i, o int) {
			acc[o] += math.Pow(math.Abs(float64(t.data[i])), float64(p))
		})
	}
	norms := make([]float32, len(acc))
	for i, v := range acc {
		norms[i] = float32(math.Pow(v, 1/float64(p)))
	}
	return record("NormBackward1", fromData(norms, r.out), []*Tensor{t}, func(g *Tensor) []*Tensor {
		if lanes {
			d := newBuf(len(t.data))
			normLanesBackward(d, g.data, t.data, norms, outer, n, inner, p)
			return []*Tensor{ownedGrad(d, t.shape)}
		}
		d := make([]float32, len(t.data))
		walkReduced(t.shape, r.keep, func(i, o int) {
			x, nrm := float64(t.data[i]), float64(norms[o])
			if nrm == 0 || x == 0 {
				return
			}
			// d‖x‖/dx = sign(x)|x|^(p-1) / ‖x‖^(p-1)
			v := math.Copysign(math.Pow(math.Abs(x)/nrm, float64(p)-1), x)
			d[i] = float32(float64(g.data[o]) * v)
		})
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// lanes splits t around dim: outer blocks of n values spaced inner apart.
func (t *Tensor) lanes(op string, dim int) (outer, n, inner int) {
	d := t.normDim(op, dim)
	outer, inner = 1, 1
	for _, s := range t.shape[:d] {
		outer *= s
	}
	for _, s := range t.shape[d+1:] {
		inner *= s
	}
	return outer, t.shape[d], inner
}

// forRows calls fn(lo, hi) over rows [0, rows) of rowLen elements each,
// in blocks of about elemBlock elements on several goroutines when there
// are at least parallelElems elements (as forBlocks does).
func forRows(rows, rowLen int, fn func(lo, hi int)) {
	per := max(1, elemBlock/max(rowLen, 1))
	if rows*rowLen < parallelElems || rows <= per || runtime.GOMAXPROCS(0) < 2 {
		fn(0, rows)
		return
	}
	blocks := (rows + per - 1) / per
	runSamples(blocks, min(runtime.GOMAXPROCS(0), blocks), func(_, b int) {
		fn(b*per, min((b+1)*per, rows))
	})
}

// sumTo sums t to keep (a shape t broadcasts from) into fresh storage.
func sumTo(t *Tensor, keep []int) *Tensor {
	if sameShape(t.shape, keep) {
		return fromData(t.Data(), keep)
	}
	if outer, n, inner, ok := t.reducedRun(reduction{keep: keep}); ok {
		out := make([]float32, outer*inner)
		sumLanes(out, t.data, outer, n, inner)
		return fromData(out, keep)
	}
	return reduceTo(t.Detach(), keep)
}
