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

func (b *backwardHook) setupOutput(out *tensorlib.Tensor) *tensorlib.Tensor {
	if out == nil || !out.RequiresGrad() || !tensorlib.IsGradEnabled() {
		return out
	}
	return tensorlib.Function(backwardHookNode, []*tensorlib.Tensor{out}, identity, b.outputBackward)[0]
}

// outputBackward runs when the gradient with respect to the output has
// arrived: it keeps it for the full backward hooks and runs the pre-hooks.
func (b *backwardHook) outputBackward(g []*tensorlib.Tensor) []*tensorlib.Tensor {
	gradOut := []*tensorlib.Tensor{g[0]}
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
	return []*tensorlib.Tensor{gradOut[0]}
}
