package tensorlib

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/gohooks/gohooks/internal/vmath"
)

// The element-wise losses of nnlib, each one pass forward and one backward
// with one gradient node named as PyTorch names it, in float32 with
// PyTorch 1.13's steps; the sum of a reduction is added in float64 and
// rounded once (PyTorch adds in float32 by a cascade: the last bit may
// differ). reduction is "mean", "sum" or "none" (the loss of each element,
// input's shape).

// MSELoss returns PyTorch's mse_loss of input against target (same shape):
// (input - target)² per element, reduced. Its gradient node,
// MseLossBackward0, gives input (norm·(x - t))·g and target (norm·(t - x))·g,
// norm being 2/n for "mean" and 2 otherwise.
func MSELoss(input, target *Tensor, reduction string) *Tensor {
	n := checkLoss("MSELoss", input, target, reduction)
	x, t := input.data, target.data
	var out *Tensor
	if reduction == "none" {
		o := newBuf(n)
		forBlocks(n, func(lo, hi int) {
			vmath.Sub(o[lo:hi], x[lo:hi], t[lo:hi])
			vmath.Mul(o[lo:hi], o[lo:hi], o[lo:hi])
		})
		out = fromData(o, slices.Clone(input.shape))
	} else {
		s := sumOverBlocks(n, func(lo, hi int) float64 {
			var s float64
			for i, v := range x[lo:hi] {
				d := v - t[lo+i]
				s += float64(d * d)
			}
			return s
		})
		out = Scalar(lossReduce(s, n, reduction))
	}
	norm := float32(2)
	if reduction == "mean" {
		norm = float32(2 / float64(n))
	}
	return record("MseLossBackward0", out, []*Tensor{input, target}, func(g *Tensor) []*Tensor {
		dx, dt := lossGrads(input, target)
		forBlocks(n, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				gv := lossGrad(g, i)
				if dx != nil {
					dx[i] = norm * (x[i] - t[i]) * gv
				}
				if dt != nil {
					dt[i] = norm * (t[i] - x[i]) * gv
				}
			}
		})
		return lossResults(input, dx, dt)
	})
}

// BCEWithLogits returns PyTorch's binary_cross_entropy_with_logits of
// input (logits) against target (probabilities, same shape), without
// weights: with m = max(-x, 0), (1 - t)·x + m + log(e^-m + e^(-x-m)) per
// element, reduced. Its gradient node,
// BinaryCrossEntropyWithLogitsBackward0, gives input (σ(x) - t)·g and
// target -x·g, each divided by n for "mean".
func BCEWithLogits(input, target *Tensor, reduction string) *Tensor {
	n := checkLoss("BCEWithLogits", input, target, reduction)
	x, t := input.data, target.data
	var out *Tensor
	if reduction == "none" {
		o := newBuf(n)
		forBlocks(n, func(lo, hi int) { bceChunks(o[lo:hi], x[lo:hi], t[lo:hi]) })
		out = fromData(o, slices.Clone(input.shape))
	} else {
		s := sumOverBlocks(n, func(lo, hi int) float64 {
			sc := lossScratch.Get().(*[3][lossChunk]float32)
			defer lossScratch.Put(sc)
			var s float64
			for c := lo; c < hi; c += lossChunk {
				e := min(hi, c+lossChunk)
				l := sc[2][:e-c]
				bceChunks(l, x[c:e], t[c:e])
				for _, v := range l {
					s += float64(v)
				}
			}
			return s
		})
		out = Scalar(lossReduce(s, n, reduction))
	}
	return record("BinaryCrossEntropyWithLogitsBackward0", out, []*Tensor{input, target}, func(g *Tensor) []*Tensor {
		dx, dt := lossGrads(input, target)
		mean := reduction == "mean"
		forBlocks(n, func(lo, hi int) {
			if dx != nil {
				vmath.Sigmoid(dx[lo:hi], x[lo:hi])
			}
			for i := lo; i < hi; i++ {
				gv := lossGrad(g, i)
				if dx != nil {
					dx[i] = (dx[i] - t[i]) * gv
				}
				if dt != nil {
					dt[i] = -x[i] * gv
				}
				if mean {
					if dx != nil {
						dx[i] /= float32(n)
					}
					if dt != nil {
						dt[i] /= float32(n)
					}
				}
			}
		})
		return lossResults(input, dx, dt)
	})
}

// lossChunk is how many elements bceChunks computes at a time, in scratch
// buffers that stay in the first-level cache.
const lossChunk = 1024

var lossScratch = sync.Pool{New: func() any { return new([3][lossChunk]float32) }}

// bceChunks sets loss to binary_cross_entropy_with_logits of x against t
// per element, in PyTorch's float32 steps.
func bceChunks(loss, x, t []float32) {
	sc := lossScratch.Get().(*[3][lossChunk]float32)
	defer lossScratch.Put(sc)
	for c := 0; c < len(x); c += lossChunk {
		e := min(len(x), c+lossChunk)
		xs, ts, l := x[c:e], t[c:e], loss[c:e]
		m, e1, e2 := sc[0][:len(xs)], sc[1][:len(xs)], sc[2][:len(xs)]
		vmath.Scale(m, xs, -1)
		vmath.Clamp(m, m, 0, float32(math.Inf(1))) // max(-x, 0)
		vmath.Scale(e2, xs, -1)
		vmath.Sub(e2, e2, m)
		vmath.Exp(e2, e2) // e^(-x-m)
		vmath.Scale(e1, m, -1)
		vmath.Exp(e1, e1) // e^-m
		vmath.Add(e1, e1, e2)
		vmath.Log(e1, e1)
		vmath.Scale(l, ts, -1)
		vmath.AddConst(l, l, 1) // 1 - t
		vmath.Mul(l, l, xs)
		vmath.Add(l, l, m)
		vmath.Add(l, l, e1)
	}
}

// checkLoss checks that input and target match and that reduction is
// known, and returns the number of elements.
func checkLoss(op string, input, target *Tensor, reduction string) int {
	if !slices.Equal(input.shape, target.shape) {
		panic(fmt.Sprintf("tensorlib: %s: input of shape %v and target of shape %v differ", op, input.shape, target.shape))
	}
	switch reduction {
	case "mean", "sum", "none":
	default:
		panic(fmt.Sprintf("tensorlib: %s: reduction %q is not \"mean\", \"sum\" or \"none\"", op, reduction))
	}
	return len(input.data)
}

// sumOverBlocks adds up sum(lo, hi) over forBlocks' blocks, in block order
// whatever goroutine computed each, so the result does not depend on the
// number of cores.
func sumOverBlocks(n int, sum func(lo, hi int) float64) float64 {
	parts := make([]float64, (n+elemBlock-1)/elemBlock)
	forBlocks(n, func(lo, hi int) {
		for b := lo; b < hi; b += elemBlock {
			parts[b/elemBlock] = sum(b, min(hi, b+elemBlock))
		}
	})
	var s float64
	for _, p := range parts {
		s += p
	}
	return s
}

// lossReduce rounds a reduction's float64 sum of n losses.
func lossReduce(s float64, n int, reduction string) float32 {
	if reduction == "mean" {
		return float32(s / float64(n)) // NaN for no elements, as PyTorch
	}
	return float32(s)
}

// lossGrad is the incoming gradient for element i: the scalar one of a
// reduction, or element i's for "none".
func lossGrad(g *Tensor, i int) float32 {
	if len(g.data) == 1 {
		return g.data[0]
	}
	return g.data[i]
}

// lossGrads returns buffers for the gradients of the operands that need
// one (nil for the others).
func lossGrads(input, target *Tensor) (dx, dt []float32) {
	if input.requiresGrad {
		dx = newBuf(len(input.data))
	}
	if target.requiresGrad {
		dt = newBuf(len(target.data))
	}
	return dx, dt
}

// lossResults wraps lossGrads' buffers as the backward's results, owned:
// nothing else refers to them.
func lossResults(input *Tensor, dx, dt []float32) []*Tensor {
	res := make([]*Tensor, 2)
	if dx != nil {
		res[0] = ownedGrad(dx, input.shape)
	}
	if dt != nil {
		res[1] = ownedGrad(dt, input.shape)
	}
	return res
}
