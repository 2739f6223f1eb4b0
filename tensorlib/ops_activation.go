package tensorlib

import (
	"fmt"

	"github.com/gohooks/gohooks/internal/vmath"
)

// The activations of transformers and mobile networks. GELU and SiLU run
// vector kernels in float32; GELUTanh takes PyTorch's float32 steps one
// element at a time.

// GELU returns x·Φ(x), Φ the standard normal distribution function
// (PyTorch's gelu with approximate="none"), and its gradient, with
// PyTorch 1.13's own float32 steps (vmath.GELU): the same values to the
// bit, within 1e-7·(1 + |x|) of the exact ones, and 0 below about x =
// -5.5, where PyTorch's 1 + erf(x/√2) cancels.
func (t *Tensor) GELU() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.GELU(out[lo:hi], t.data[lo:hi]) })
	return record("GeluBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) { vmath.GELUBackward(d[lo:hi], t.data[lo:hi], g.data[lo:hi]) })
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// GELUTanh returns PyTorch's gelu with approximate="tanh":
// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), and its gradient, in
// PyTorch 1.13's float32 steps (vmath.GELUTanh): its tanh is SLEEF's and
// this one is correctly rounded, so that about 1 value in 200 differs
// from PyTorch's in the last bits.
func (t *Tensor) GELUTanh() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.GELUTanh(out[lo:hi], t.data[lo:hi]) })
	return record("GeluBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) { vmath.GELUTanhBackward(d[lo:hi], t.data[lo:hi], g.data[lo:hi]) })
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// SiLU returns x·σ(x) (also called swish), computed in float32 as
// PyTorch 1.13's vector kernel does: x / (1 + e^-x), and the gradient
// g·σ·(1 + x·(1 - σ)) with σ = 1 / (1 + e^-x).
func (t *Tensor) SiLU() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.SiLU(out[lo:hi], t.data[lo:hi]) })
	return record("SiluBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) {
			db, x, gb := d[lo:hi], t.data[lo:hi], g.data[lo:hi]
			vmath.Scale(db, x, -1)
			vmath.Exp(db, db)
			for i, e := range db {
				s := 1 / (1 + e)
				db[i] = gb[i] * s * (1 + x[i]*(1-s))
			}
		})
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// Hardtanh returns t clamped to [lo, hi], as PyTorch's hardtanh (and ReLU6
// with 0 and 6): unlike Clamp, the gradient is zero at the bounds
// themselves.
func (t *Tensor) Hardtanh(lo, hi float32) *Tensor {
	if lo > hi {
		panic(fmt.Sprintf("tensorlib: Hardtanh: lower bound %v above upper bound %v", lo, hi))
	}
	return t.clamp("HardtanhBackward0", lo, hi, false)
}
