package tensorlib

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/internal/vmath"
)

// The activations of transformers and mobile networks. GELU and SiLU run
// vector kernels in float32; GELUTanh computes in float64 and rounds once,
// which PyTorch's float32 kernel agrees with to the last bit or two.

// GELU returns x·Φ(x), Φ the standard normal distribution function
// (PyTorch's gelu with approximate="none"), computed in float32 by
// vmath.GELU (within 8 ulp, closer than PyTorch's in the left tail).
func (t *Tensor) GELU() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.GELU(out[lo:hi], t.data[lo:hi]) })
	return record("GeluBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) { vmath.GELUBackward(d[lo:hi], t.data[lo:hi], g.data[lo:hi]) })
		return []*Tensor{fromData(d, t.shape)}
	})
}

// GELUTanh returns PyTorch's gelu with approximate="tanh":
// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))).
func (t *Tensor) GELUTanh() *Tensor {
	const k0, k1 = 0.7978845608028654, 0.044715 // √(2/π)
	return t.unary("GeluBackward0", func(dst, src []float32) {
		for i, v := range src {
			x := float64(v)
			dst[i] = float32(0.5 * x * (1 + math.Tanh(k0*(x+k1*x*x*x))))
		}
	}, func(d, x, _ []float32) {
		for i, v := range x {
			xv := float64(v)
			th := math.Tanh(k0 * (xv + k1*xv*xv*xv))
			inner := k0 * (1 + 3*k1*xv*xv)
			d[i] = float32(0.5*(1+th) + 0.5*xv*(1-th*th)*inner)
		}
	})
}

// SiLU returns x·σ(x) (also called swish), computed in float32 as
// PyTorch 1.13's vector kernel does: x / (1 + e^-x), and the gradient
// g·σ·(1 + x·(1 - σ)) with σ = 1 / (1 + e^-x).
func (t *Tensor) SiLU() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) {
		y, x := out[lo:hi], t.data[lo:hi]
		vmath.Scale(y, x, -1)
		vmath.Exp(y, y)
		vmath.AddConst(y, y, 1)
		vmath.Div(y, x, y)
	})
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
		return []*Tensor{fromData(d, t.shape)}
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
