package nnlib

import (
	"fmt"

	"github.com/gohooks/gohooks/tensorlib"
)

// backwardHook carries one call's full backward hooks, as PyTorch's
// torch.utils.hooks.BackwardHook does: an identity node around the inputs
// that need grad, whose backward runs the full backward hooks, and an
// identity node around the output, whose backward saves gradOut and runs the
// backward pre-hooks. Each Forward call makes its own, so a module used twice
// fires once per call.
type backwardHook struct {
	module *Module
	pre    []hookEntry
	post   []hookEntry

	args      []*tensorlib.Tensor
	noInputs  bool // no input needed grad: the output node calls post
	gradOut   []*tensorlib.Tensor
	haveGrads bool
	nOut      int   // outputs of the call, gradOut's length
	outIdx    []int // the outputs wrapped in the identity node
}

const backwardHookNode = "BackwardHookFunctionBackward"

// identity returns a new slice: tensorlib.Function replaces the tensors in
// the slice forward returns, which must not be the slice of its inputs.
func identity(in []*tensorlib.Tensor) []*tensorlib.Tensor {
	return append([]*tensorlib.Tensor(nil), in...)
}

func (b *backwardHook) setupInput(args []*tensorlib.Tensor) []*tensorlib.Tensor {
	b.args = args
	var wrapIdx []int
	var wrap []*tensorlib.Tensor
	for i, a := range args {
		if a != nil && a.RequiresGrad() {
			wrapIdx = append(wrapIdx, i)
			wrap = append(wrap, a)
		}
	}
	if len(wrap) == 0 || !tensorlib.IsGradEnabled() {
		b.noInputs = true
		return args
	}
	outs := tensorlib.Function(backwardHookNode, wrap, identity, func(g []*tensorlib.Tensor) []*tensorlib.Tensor {
		return b.inputBackward(wrapIdx, g)
	})
	res := append([]*tensorlib.Tensor(nil), args...)
	for k, i := range wrapIdx {
		res[i] = outs[k]
	}
	return res
}

// inputBackward runs when the gradients with respect to the inputs are
// known: it calls the full backward hooks and returns what they leave.
func (b *backwardHook) inputBackward(wrapIdx []int, g []*tensorlib.Tensor) []*tensorlib.Tensor {
	gradIn := make([]*tensorlib.Tensor, len(b.args))
	for k, i := range wrapIdx {
		gradIn[i] = g[k]
	}
	// Inputs that need no grad, and those no gradient reached, get zeros,
	// as PyTorch's BackwardHookFunction materialises them.
	for i, a := range b.args {
		if a != nil && gradIn[i] == nil {
			gradIn[i] = tensorlib.ZerosLike(a)
		}
	}
	if b.haveGrads {
		for _, h := range b.post {
			r := h.bwPost(b.module, gradIn, b.gradOut)
			if r == nil {
				continue
			}
			if len(r) != len(gradIn) {
				panic(fmt.Sprintf("nnlib: full backward hook of %s returned %d gradients, but the module has %d inputs", b.module.name, len(r), len(gradIn)))
			}
			gradIn = r
		}
		b.gradOut, b.haveGrads = nil, false
	}
	res := make([]*tensorlib.Tensor, len(wrapIdx))
	for k, i := range wrapIdx {
		res[k] = gradIn[i]
	}
	return res
}

// setupOutput wraps the outputs that require grad in one identity node, as
// PyTorch's BackwardHook wraps every tensor of the output tuple in one
// BackwardHookFunction. gradOut keeps one slot per output.
func (b *backwardHook) setupOutput(outs []*tensorlib.Tensor) []*tensorlib.Tensor {
	b.nOut = len(outs)
	if !tensorlib.IsGradEnabled() {
		return outs
	}
	var wrap []*tensorlib.Tensor
	b.outIdx = nil
	for i, o := range outs {
		if o != nil && o.RequiresGrad() {
			b.outIdx = append(b.outIdx, i)
			wrap = append(wrap, o)
		}
	}
	if len(wrap) == 0 {
		return outs
	}
	wrapped := tensorlib.Function(backwardHookNode, wrap, identity, b.outputBackward)
	res := append([]*tensorlib.Tensor(nil), outs...)
	for k, i := range b.outIdx {
		res[i] = wrapped[k]
	}
	return res
}

// outputBackward runs when the gradients with respect to the outputs have
// arrived (nil for an output no gradient reached): it keeps them for the
// full backward hooks and runs the pre-hooks.
func (b *backwardHook) outputBackward(g []*tensorlib.Tensor) []*tensorlib.Tensor {
	gradOut := make([]*tensorlib.Tensor, b.nOut)
	for k, i := range b.outIdx {
		gradOut[i] = g[k]
	}
	for _, h := range b.pre {
		r := h.bwPre(b.module, gradOut)
		if r == nil {
			continue
		}
		if len(r) != len(gradOut) {
			panic(fmt.Sprintf("nnlib: full backward pre-hook of %s returned %d gradients, but the module has %d outputs", b.module.name, len(r), len(gradOut)))
		}
		gradOut = r
	}
	b.gradOut, b.haveGrads = gradOut, true
	if b.noInputs {
		gradIn := make([]*tensorlib.Tensor, len(b.args))
		for _, h := range b.post {
			for _, r := range h.bwPost(b.module, gradIn, gradOut) {
				if r != nil {
					panic(fmt.Sprintf("nnlib: full backward hook of %s: backward hook for a module whose inputs need no gradient must return nil", b.module.name))
				}
			}
		}
		b.gradOut, b.haveGrads = nil, false
	}
	res := make([]*tensorlib.Tensor, len(b.outIdx))
	for k, i := range b.outIdx {
		res[k] = gradOut[i]
	}
	return res
}
