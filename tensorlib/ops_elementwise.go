package tensorlib

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/internal/vmath"
)

type binOp int

const (
	opAdd binOp = iota
	opSub
	opMul
	opDiv
	opPow
	opMax
	opMin
)

// binaryKernel sets out[i] = a[i] op b[i], block by block (forBlocks).
func binaryKernel(op binOp, out, a, b []float32) {
	a, b = a[:len(out)], b[:len(out)]
	forBlocks(len(out), func(lo, hi int) { binaryBlock(op, out[lo:hi], a[lo:hi], b[lo:hi]) })
}

// binaryBlock sets out[i] = a[i] op b[i]. The switch sits outside the loops
// so each loop is a plain compiled loop over contiguous memory.
func binaryBlock(op binOp, out, a, b []float32) {
	a, b = a[:len(out)], b[:len(out)]
	switch op {
	case opAdd:
		vmath.Add(out, a, b)
	case opSub:
		vmath.Sub(out, a, b)
	case opMul:
		vmath.Mul(out, a, b)
	case opDiv:
		vmath.Div(out, a, b)
	case opPow:
		for i := range out {
			out[i] = pow32(a[i], b[i])
		}
	case opMax:
		vmath.Maximum(out, a, b)
	case opMin:
		vmath.Minimum(out, a, b)
	}
}

// scalarKernel sets out[i] = a[i] op s, block by block (forBlocks).
func scalarKernel(op binOp, out, a []float32, s float32) {
	a = a[:len(out)]
	forBlocks(len(out), func(lo, hi int) { scalarBlock(op, out[lo:hi], a[lo:hi], s) })
}

// scalarBlock sets out[i] = a[i] op s.
func scalarBlock(op binOp, out, a []float32, s float32) {
	a = a[:len(out)]
	switch op {
	case opAdd:
		vmath.AddConst(out, a, s)
	case opSub:
		vmath.AddConst(out, a, -s) // a - s and a + (-s) round alike
	case opMul:
		vmath.Scale(out, a, s)
	case opDiv:
		for i := range out {
			out[i] = a[i] / s
		}
	case opPow:
		powScalarBlock(out, a, s)
	case opMax:
		for i := range out {
			out[i] = max32(a[i], s)
		}
	case opMin:
		for i := range out {
			out[i] = min32(a[i], s)
		}
	}
}

func pow32(a, b float32) float32 { return float32(math.Pow(float64(a), float64(b))) }

// max32 and min32 propagate NaN, as torch.maximum and torch.minimum do.
func max32(a, b float32) float32 {
	if a > b || a != a {
		return a
	}
	return b
}

func min32(a, b float32) float32 {
	if a < b || a != a {
		return a
	}
	return b
}

// compute returns a op b, broadcast, without recording.
func compute(name string, op binOp, a, b *Tensor) *Tensor {
	shape := broadcastShape(name, a.shape, b.shape)
	out := newBuf(checkShape(name, shape))
	switch {
	case sameShape(a.shape, b.shape):
		binaryKernel(op, out, a.data, b.data)
	case len(b.data) == 1 && len(a.data) == len(out):
		scalarKernel(op, out, a.data, b.data[0])
	default:
		broadcastKernel(op, out, shape, a, b)
	}
	return fromData(out, shape)
}

func scalarOp(op binOp, t *Tensor, s float32) *Tensor {
	out := newBuf(len(t.data))
	scalarKernel(op, out, t.data, s)
	return fromData(out, t.shape)
}

// Add returns t + o, broadcasting.
func (t *Tensor) Add(o *Tensor) *Tensor {
	out := compute("Add", opAdd, t, o)
	return record("AddBackward0", out, []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		return []*Tensor{reduceTo(g, t.shape), reduceTo(g, o.shape)}
	})
}

// Sub returns t - o, broadcasting.
func (t *Tensor) Sub(o *Tensor) *Tensor {
	out := compute("Sub", opSub, t, o)
	return record("SubBackward0", out, []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		var gother *Tensor
		if o.requiresGrad {
			gother = reduceTo(scalarOp(opMul, g, -1), o.shape)
		}
		return []*Tensor{reduceTo(g, t.shape), gother}
	})
}

// Mul returns t * o element-wise, broadcasting.
func (t *Tensor) Mul(o *Tensor) *Tensor {
	out := compute("Mul", opMul, t, o)
	return record("MulBackward0", out, []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		var gt, gother *Tensor
		if t.requiresGrad {
			gt = reduceTo(compute("Mul", opMul, g, o), t.shape)
		}
		if o.requiresGrad {
			gother = reduceTo(compute("Mul", opMul, g, t), o.shape)
		}
		return []*Tensor{gt, gother}
	})
}

// Div returns t / o element-wise, broadcasting.
func (t *Tensor) Div(o *Tensor) *Tensor {
	out := compute("Div", opDiv, t, o)
	return record("DivBackward0", out, []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		var gt, gother *Tensor
		if t.requiresGrad {
			gt = reduceTo(compute("Div", opDiv, g, o), t.shape)
		}
		if o.requiresGrad {
			// d(t/o)/do = -t/o² = -out/o
			q := compute("Div", opDiv, out.Detach(), o)
			gother = reduceTo(scalarOp(opMul, compute("Mul", opMul, g, q), -1), o.shape)
		}
		return []*Tensor{gt, gother}
	})
}

// Pow returns t raised to the power o element-wise, broadcasting.
func (t *Tensor) Pow(o *Tensor) *Tensor {
	out := compute("Pow", opPow, t, o)
	return record("PowBackward1", out, []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		shape := out.shape
		gd := expandData(g, shape)
		td := expandData(t, shape)
		od := expandData(o, shape)
		var gt, gother *Tensor
		if t.requiresGrad {
			d := make([]float32, len(gd))
			for i := range d {
				if od[i] == 0 {
					continue
				}
				d[i] = gd[i] * (od[i] * pow32(td[i], od[i]-1))
			}
			gt = reduceTo(fromData(d, shape), t.shape)
		}
		if o.requiresGrad {
			d := make([]float32, len(gd))
			for i := range d {
				if td[i] == 0 && od[i] >= 0 {
					continue
				}
				d[i] = gd[i] * (out.data[i] * float32(math.Log(float64(td[i]))))
			}
			gother = reduceTo(fromData(d, shape), o.shape)
		}
		return []*Tensor{gt, gother}
	})
}

// Maximum returns the element-wise maximum of t and o, broadcasting: NaN
// where either is NaN, and o's element where they are equal (+0 and -0
// included), as PyTorch's vector kernel. Where they are equal the gradient
// is split evenly; a NaN passes the gradient to both, as in PyTorch.
func (t *Tensor) Maximum(o *Tensor) *Tensor {
	return t.minMax("Maximum", "MaximumBackward0", opMax, o)
}

// Minimum returns the element-wise minimum of t and o, broadcasting, by
// Maximum's rules.
func (t *Tensor) Minimum(o *Tensor) *Tensor {
	return t.minMax("Minimum", "MinimumBackward0", opMin, o)
}

func (t *Tensor) minMax(name, gradName string, op binOp, o *Tensor) *Tensor {
	out := compute(name, op, t, o)
	return record(gradName, out, []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		shape := out.shape
		gd, td, od := expandData(g, shape), expandData(t, shape), expandData(o, shape)
		gt, gother := newBuf(len(gd)), newBuf(len(gd))
		forBlocks(len(gd), func(lo, hi int) {
			vmath.MaximumBackward(gt[lo:hi], gother[lo:hi], gd[lo:hi], td[lo:hi], od[lo:hi], op == opMax)
		})
		return []*Tensor{reduceTo(fromData(gt, shape), t.shape), reduceTo(fromData(gother, shape), o.shape)}
	})
}

// AddScalar returns t + s.
func (t *Tensor) AddScalar(s float32) *Tensor {
	return record("AddBackward0", scalarOp(opAdd, t, s), []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{g}
	})
}

// SubScalar returns t - s.
func (t *Tensor) SubScalar(s float32) *Tensor {
	return record("SubBackward0", scalarOp(opSub, t, s), []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{g}
	})
}

// MulScalar returns t * s.
func (t *Tensor) MulScalar(s float32) *Tensor {
	return record("MulBackward0", scalarOp(opMul, t, s), []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{scalarOp(opMul, g, s)}
	})
}

// DivScalar returns t / s.
func (t *Tensor) DivScalar(s float32) *Tensor {
	return record("DivBackward0", scalarOp(opDiv, t, s), []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{scalarOp(opDiv, g, s)}
	})
}

// PowScalar returns t raised to the power s. As in PyTorch 1.13, the
// exponents 0, 1, 2, 3, 0.5, -0.5, -1 and -2 are computed as 1, a copy,
// x·x, x·x·x, √x, 1/√x, 1/x and 1/(x·x) in float32 (so -Inf^0.5 is NaN,
// not +Inf); other exponents give the correctly rounded power. The
// gradient is g·(s·x^(s-1)), with x^(s-1) by the same rules, and 0 for
// s = 0.
func (t *Tensor) PowScalar(s float32) *Tensor {
	return record("PowBackward0", scalarOp(opPow, t, s), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(g.data))
		forBlocks(len(d), func(lo, hi int) {
			db := d[lo:hi]
			if s == 0 {
				clear(db)
				return
			}
			powScalarBlock(db, t.data[lo:hi], s-1)
			vmath.Scale(db, db, s)
			vmath.Mul(db, db, g.data[lo:hi])
		})
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// powScalarBlock sets out[i] = a[i]^s by PowScalar's rules.
func powScalarBlock(out, a []float32, s float32) {
	a = a[:len(out)]
	switch s {
	case 0:
		fill(out, 1)
	case 1:
		copy(out, a)
	case 2:
		vmath.Mul(out, a, a)
	case 3:
		vmath.Mul(out, a, a)
		vmath.Mul(out, out, a)
	case 0.5:
		vmath.Sqrt(out, a)
	case -0.5:
		vmath.Sqrt(out, a)
		vmath.Reciprocal(out, out)
	case -1:
		vmath.Reciprocal(out, a)
	case -2:
		vmath.Mul(out, a, a)
		vmath.Reciprocal(out, out)
	default:
		for i := range out {
			out[i] = pow32(a[i], s)
		}
	}
}

// unaryOut returns f applied to every element (f works on matching blocks
// of its slices, forBlocks), recorded under name, for operations whose
// gradient is g·f'(x) with f' written in terms of the output y: grad
// writes every element of d from g and y in one pass.
func (t *Tensor) unaryOut(name string, f func(dst, src []float32), grad func(d, g, y []float32)) *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { f(out[lo:hi], t.data[lo:hi]) })
	return record(name, fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) { grad(d[lo:hi], g.data[lo:hi], out[lo:hi]) })
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// Neg returns -t.
func (t *Tensor) Neg() *Tensor {
	return record("NegBackward0", scalarOp(opMul, t, -1), []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{scalarOp(opMul, g, -1)}
	})
}

// Exp returns e raised to each element (vmath.Exp: within 1.2 ulp).
func (t *Tensor) Exp() *Tensor {
	return t.unaryOut("ExpBackward0", vmath.Exp, func(d, g, y []float32) { vmath.Mul(d, y, g) })
}

// Log returns the natural logarithm of each element (vmath.Log: within
// 0.76 ulp); its gradient is g/x, one division as in PyTorch.
func (t *Tensor) Log() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.Log(out[lo:hi], t.data[lo:hi]) })
	return record("LogBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) { vmath.Div(d[lo:hi], g.data[lo:hi], t.data[lo:hi]) })
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// Sqrt returns the square root of each element.
func (t *Tensor) Sqrt() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.Sqrt(out[lo:hi], t.data[lo:hi]) })
	return record("SqrtBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) {
			for i, y := range out[lo:hi] {
				d[lo+i] = g.data[lo+i] / (2 * y) // PyTorch's grad / (2 * result)
			}
		})
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// Abs returns the absolute value of each element; its gradient is g·sgn(x),
// with sgn 0 at 0 and at NaN, as in PyTorch 1.13.
func (t *Tensor) Abs() *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.Abs(out[lo:hi], t.data[lo:hi]) })
	return record("AbsBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) {
			x, gb := t.data[lo:hi], g.data[lo:hi]
			for i, v := range x {
				var sgn float32
				if v > 0 {
					sgn = 1
				} else if v < 0 {
					sgn = -1
				}
				d[lo+i] = gb[i] * sgn
			}
		})
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// Tanh returns the hyperbolic tangent of each element (vmath.Tanh).
func (t *Tensor) Tanh() *Tensor {
	return t.unaryOut("TanhBackward0", vmath.Tanh, func(d, g, y []float32) {
		g = g[:len(d)]
		for i, v := range y[:len(d)] {
			d[i] = (1 - v*v) * g[i]
		}
	})
}

// Sigmoid returns 1/(1+e^-x) of each element (vmath.Sigmoid).
func (t *Tensor) Sigmoid() *Tensor {
	return t.unaryOut("SigmoidBackward0", vmath.Sigmoid, func(d, g, y []float32) {
		g = g[:len(d)]
		for i, v := range y[:len(d)] {
			d[i] = v * (1 - v) * g[i]
		}
	})
}

// ReLU returns max(x, 0) of each element; its gradient at 0 is 0, and where
// the output is 0 no gradient passes (not even NaN), as in PyTorch's
// threshold_backward.
func (t *Tensor) ReLU() *Tensor {
	// Branch-free (vmath.ReLU): the sign bit, smeared over the word, masks
	// negatives (and -0) to +0; on random data a branch mispredicts half
	// the time.
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.ReLU(out[lo:hi], t.data[lo:hi]) })
	return record("ReluBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) { vmath.ReLUBackward(d[lo:hi], g.data[lo:hi], out[lo:hi]) })
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// LeakyReLU returns x where x > 0 and slope*x elsewhere.
func (t *Tensor) LeakyReLU(slope float32) *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(lo, hi int) { vmath.LeakyReLU(out[lo:hi], t.data[lo:hi], slope) })
	return record("LeakyReluBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(lo, hi int) { vmath.LeakyReLUBackward(d[lo:hi], g.data[lo:hi], t.data[lo:hi], slope) })
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}

// Clamp limits every element to [lo, hi] (a NaN stays NaN); the gradient
// passes where the element lies within the bounds (bounds included) and
// is 0 elsewhere, as in PyTorch.
func (t *Tensor) Clamp(lo, hi float32) *Tensor {
	if lo > hi {
		panic(fmt.Sprintf("tensorlib: Clamp: lower bound %v above upper bound %v", lo, hi))
	}
	return t.clamp("ClampBackward1", lo, hi, true)
}

// clamp limits t to [lo, hi]; the gradient passes inside the bounds, the
// bounds themselves included when closed.
func (t *Tensor) clamp(name string, lo, hi float32, closed bool) *Tensor {
	out := newBuf(len(t.data))
	forBlocks(len(out), func(b0, b1 int) { vmath.Clamp(out[b0:b1], t.data[b0:b1], lo, hi) })
	return record(name, fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		d := newBuf(len(out))
		forBlocks(len(d), func(b0, b1 int) { vmath.PassInside(d[b0:b1], g.data[b0:b1], t.data[b0:b1], lo, hi, closed) })
		return []*Tensor{ownedGrad(d, t.shape)}
	})
}
