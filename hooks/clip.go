package hooks

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// clipEps is what torch.nn.utils.clip_grad_norm_ adds to the norm before
// dividing.
const clipEps float32 = 1e-6

func checkMaxNorm(op string, maxNorm float32) {
	if !(maxNorm >= 0) || math.IsInf(float64(maxNorm), 1) {
		panic(fmt.Sprintf("hooks: %s: max norm must be a non-negative finite number (%v)", op, maxNorm))
	}
}

func checkClipValue(op string, v float32) {
	if !(v >= 0) {
		panic(fmt.Sprintf("hooks: %s: clip value must be non-negative (%v)", op, v))
	}
}

// normCoef returns the factor clip_grad_norm_ scales gradients by:
// maxNorm/(norm+1e-6), computed in float32 the way PyTorch evaluates it
// (the reciprocal, then the product), and clamped to at most 1. A NaN norm
// gives NaN, as in PyTorch.
func normCoef(norm, maxNorm float32) float32 {
	r := 1 / (norm + clipEps)
	c := r * maxNorm
	if c > 1 {
		return 1
	}
	return c
}

// scaled returns d multiplied by c in float32.
func scaled(d []float32, c float32) []float32 {
	out := make([]float32, len(d))
	for i, v := range d {
		out[i] = v * c
	}
	return out
}

// ClipGradNorm registers a tensor hook on every parameter of model (as
// NamedParameters lists them now) that clips the parameter's gradient as it
// is computed, before it accumulates into Grad: a gradient g whose L2 norm n
// gives maxNorm/(n+1e-6) < 1 is replaced by g*maxNorm/(n+1e-6).
//
// The clipping is per parameter and per backward pass: each parameter's
// gradient is held to maxNorm on its own, so the gradients of a model can
// together have a norm up to sqrt(number of parameters)*maxNorm, and their
// directions relative to each other change. torch.nn.utils.clip_grad_norm_,
// which ClipGradNormParams reproduces, instead scales every gradient by one
// factor computed from the global norm after backward. Remove the hooks with
// the returned group's Remove.
func ClipGradNorm(model *nnlib.Module, maxNorm float32) *Group {
	checkMaxNorm("ClipGradNorm", maxNorm)
	if model == nil {
		panic("hooks: ClipGradNorm: nil model")
	}
	g := &Group{}
	for _, p := range model.Parameters() {
		g.Add(p.RegisterHook(func(grad *tensorlib.Tensor) *tensorlib.Tensor {
			d := grad.Data()
			c := normCoef(l2(d), maxNorm)
			if c >= 1 { // false for NaN, which PyTorch multiplies by too
				return nil
			}
			return tensorlib.New(scaled(d, c), grad.Shape()...)
		}))
	}
	return g
}

// ClipGradValue registers a tensor hook on every parameter of model (as
// NamedParameters lists them now) that clamps each element of the
// parameter's gradient to [-v, v] as it is computed, before it accumulates
// into Grad; this is the hook PyTorch's documentation suggests,
// p.register_hook(lambda g: g.clamp(-v, v)). Because clamping acts element by
// element, clipping each backward's gradient gives the same Grad as
// ClipGradValueParams after a single backward; over several backwards
// without ZeroGrad, the accumulated Grad may exceed v. Remove the hooks with
// the returned group's Remove.
func ClipGradValue(model *nnlib.Module, v float32) *Group {
	checkClipValue("ClipGradValue", v)
	if model == nil {
		panic("hooks: ClipGradValue: nil model")
	}
	g := &Group{}
	for _, p := range model.Parameters() {
		g.Add(p.RegisterHook(func(grad *tensorlib.Tensor) *tensorlib.Tensor {
			return grad.Clamp(-v, v)
		}))
	}
	return g
}

// ClipGradNormParams clips the gradients of params after backward exactly as
// torch.nn.utils.clip_grad_norm_(params, maxNorm, normType) does in PyTorch
// 1.13, and returns the total norm. Parameters with no Grad are skipped;
// with none at all the total is 0. The total norm is the normType-norm of
// the per-parameter normType-norms, each rounded to float32 (normType +Inf
// gives the largest absolute element). Every gradient is then multiplied in
// place by maxNorm/(total+1e-6) when that is below 1 (and by NaN when the
// total is NaN, as PyTorch does), and left as it is otherwise. Use normType 2
// for the usual Euclidean norm.
func ClipGradNormParams(params []*tensorlib.Tensor, maxNorm, normType float32) float32 {
	checkMaxNorm("ClipGradNormParams", maxNorm)
	if !(normType > 0) {
		panic(fmt.Sprintf("hooks: ClipGradNormParams: norm type must be positive (%v)", normType))
	}
	var grads []*tensorlib.Tensor
	for _, p := range params {
		if p != nil && p.Grad() != nil {
			grads = append(grads, p.Grad())
		}
	}
	if len(grads) == 0 {
		return 0
	}
	norms := make([]float32, len(grads))
	for i, g := range grads {
		norms[i] = pNorm(g.Data(), normType)
	}
	total := pNorm(norms, normType)
	c := normCoef(total, maxNorm)
	if !(c >= 1) {
		for _, g := range grads {
			g.CopyFrom(tensorlib.New(scaled(g.Data(), c), g.Shape()...))
		}
	}
	return total
}

// pNorm is (Σ|x|^p)^(1/p), accumulated in float64, or max |x| for p = +Inf.
func pNorm(d []float32, p float32) float32 {
	if math.IsInf(float64(p), 1) {
		var m float32
		for _, v := range d {
			a := float32(math.Abs(float64(v)))
			if a > m || a != a {
				m = a
			}
		}
		return m
	}
	if p == 2 {
		return l2(d)
	}
	var s float64
	for _, v := range d {
		s += math.Pow(math.Abs(float64(v)), float64(p))
	}
	return float32(math.Pow(s, 1/float64(p)))
}

// ClipGradValueParams clamps every element of each parameter's Grad to
// [-v, v] in place, as torch.nn.utils.clip_grad_value_(params, v) does.
// Parameters with no Grad are skipped.
func ClipGradValueParams(params []*tensorlib.Tensor, v float32) {
	checkClipValue("ClipGradValueParams", v)
	for _, p := range params {
		if p == nil || p.Grad() == nil {
			continue
		}
		g := p.Grad()
		g.CopyFrom(g.Clamp(-v, v))
	}
}
