package tensorlib

import (
	"fmt"

	"github.com/gohooks/gohooks/internal/vmath"
)

// broadcastShape returns the shape two operands broadcast to, as PyTorch
// aligns them: trailing dimensions first, size 1 stretching.
func broadcastShape(op string, a, b []int) []int {
	n := max(len(a), len(b))
	out := make([]int, n)
	for i := 0; i < n; i++ {
		da, db := 1, 1
		if j := len(a) - n + i; j >= 0 {
			da = a[j]
		}
		if j := len(b) - n + i; j >= 0 {
			db = b[j]
		}
		switch {
		case da == db, db == 1:
			out[i] = da
		case da == 1:
			out[i] = db
		default:
			panic(fmt.Sprintf("tensorlib: %s: shapes %v and %v do not broadcast", op, a, b))
		}
	}
	return out
}

// expandData returns t's values laid out for shape, which t broadcasts to.
// It returns t's own storage when no stretching is needed.
func expandData(t *Tensor, shape []int) []float32 {
	if sameShape(t.shape, shape) {
		return t.data
	}
	n := 1
	for _, s := range shape {
		n *= s
	}
	out := make([]float32, n)
	if len(t.data) == 1 {
		fill(out, t.data[0])
		return out
	}
	// Strides of t seen through shape: 0 where t is stretched.
	nd := len(shape)
	strides := make([]int, nd)
	s := 1
	for i := nd - 1; i >= 0; i-- {
		j := len(t.shape) - nd + i
		if j >= 0 && t.shape[j] != 1 {
			strides[i] = s
			s *= t.shape[j]
		} else if j >= 0 {
			s *= t.shape[j]
		}
	}
	// The innermost run: copy it whole when t is contiguous there.
	inner := shape[nd-1]
	innerStride := strides[nd-1]
	idx := make([]int, nd)
	for o := 0; o < n; o += inner {
		off := 0
		for d := 0; d < nd-1; d++ {
			off += idx[d] * strides[d]
		}
		row := out[o : o+inner]
		if innerStride == 1 {
			copy(row, t.data[off:off+inner])
		} else {
			fill(row, t.data[off])
		}
		for d := nd - 2; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

// reduceTo sums g over the dimensions along which a tensor of shape was
// broadcast to g's shape, giving the gradient for that tensor.
func reduceTo(g *Tensor, shape []int) *Tensor {
	if sameShape(g.shape, shape) {
		return g
	}
	if checkShape("reduceTo", shape) == 1 {
		return fromData([]float32{float32(sum64(g.data))}, shape)
	}
	nd := len(g.shape)
	lead := nd - len(shape)
	// Accumulate in float64, then round once.
	acc := make([]float64, checkShape("reduceTo", shape))
	strides := make([]int, nd) // strides into acc, 0 along reduced dims
	s := 1
	for i := nd - 1; i >= lead; i-- {
		if shape[i-lead] != 1 {
			strides[i] = s
		}
		s *= shape[i-lead]
	}
	idx := make([]int, nd)
	inner := g.shape[nd-1]
	innerStride := strides[nd-1]
	for o := 0; o < len(g.data); o += inner {
		off := 0
		for d := 0; d < nd-1; d++ {
			off += idx[d] * strides[d]
		}
		row := g.data[o : o+inner]
		if innerStride == 1 {
			dst := acc[off : off+inner]
			for i, v := range row {
				dst[i] += float64(v)
			}
		} else {
			var sum float64
			for _, v := range row {
				sum += float64(v)
			}
			acc[off] += sum
		}
		for d := nd - 2; d >= 0; d-- {
			idx[d]++
			if idx[d] < g.shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	out := newBuf(len(acc))
	for i, v := range acc {
		out[i] = float32(v)
	}
	return fromData(out, shape)
}

func sum64(d []float32) float64 {
	// Four partial sums: one chain of float64 additions waits on each
	// add's latency, four keep the adder busy (4× faster on the
	// convolutions' bias gradients). The order changes the last bits of
	// the float64 sum, which rounding to float32 almost always hides.
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(d); i += 4 {
		v := d[i : i+4 : i+4]
		s0 += float64(v[0])
		s1 += float64(v[1])
		s2 += float64(v[2])
		s3 += float64(v[3])
	}
	for ; i < len(d); i++ {
		s0 += float64(d[i])
	}
	return (s0 + s1) + (s2 + s3)
}

// broadcastKernel sets out (of shape) to a op b, which broadcast to shape,
// without laying either out in full: the dimensions are merged where both
// operands run on contiguously, and each row of the innermost run is one
// vector step, with an operand that is stretched along the row taken as a
// constant.
func broadcastKernel(op binOp, out []float32, shape []int, a, b *Tensor) {
	nd := len(shape)
	sa, sb := broadcastStrides(a.shape, shape), broadcastStrides(b.shape, shape)
	// Merge dimension i into i+1 where both operands step through them as
	// one run (a stride of 0 continues a stride of 0).
	dims := []int{shape[nd-1]}
	as, bs := []int{sa[nd-1]}, []int{sb[nd-1]}
	for i := nd - 2; i >= 0; i-- {
		last := len(dims) - 1
		if sa[i] == as[last]*dims[last] && sb[i] == bs[last]*dims[last] {
			dims[last] *= shape[i]
			continue
		}
		dims, as, bs = append(dims, shape[i]), append(as, sa[i]), append(bs, sb[i])
	}
	// dims[0] is now the innermost run; its strides are 0 or 1.
	row := dims[0]
	rows := len(out) / max(row, 1)
	forRows(rows, row, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			offA, offB, q := 0, 0, r
			for d := 1; d < len(dims); d++ {
				i := q % dims[d]
				q /= dims[d]
				offA += i * as[d]
				offB += i * bs[d]
			}
			o := out[r*row : (r+1)*row]
			switch {
			case as[0] == 1 && bs[0] == 1:
				binaryBlock(op, o, a.data[offA:offA+row], b.data[offB:offB+row])
			case as[0] == 1:
				scalarBlock(op, o, a.data[offA:offA+row], b.data[offB])
			case bs[0] == 1:
				scalarFirstBlock(op, o, a.data[offA], b.data[offB:offB+row])
			default:
				var v [1]float32
				binaryBlock(op, v[:], a.data[offA:offA+1], b.data[offB:offB+1])
				fill(o, v[0])
			}
		}
	})
}

// broadcastStrides returns the strides of a contiguous tensor of shape
// from seen through shape (which it broadcasts to): 0 along the
// dimensions it is stretched over or lacks.
func broadcastStrides(from, shape []int) []int {
	strides := make([]int, len(shape))
	s := 1
	for i := len(shape) - 1; i >= 0; i-- {
		j := len(from) - len(shape) + i
		if j < 0 {
			continue
		}
		if from[j] != 1 {
			strides[i] = s
		}
		s *= from[j]
	}
	return strides
}

// scalarFirstBlock sets out[i] = s op b[i].
func scalarFirstBlock(op binOp, out []float32, s float32, b []float32) {
	b = b[:len(out)]
	switch op {
	case opAdd, opMul:
		scalarBlock(op, out, b, s) // commutative, same rounding
	case opSub:
		// s - b rounds to exactly -(b - s).
		scalarBlock(opSub, out, b, s)
		vmath.Scale(out, out, -1)
	case opDiv:
		for i, v := range b {
			out[i] = s / v
		}
	case opPow:
		for i, v := range b {
			out[i] = pow32(s, v)
		}
	case opMax:
		for i, v := range b {
			out[i] = max32(s, v)
		}
	case opMin:
		for i, v := range b {
			out[i] = min32(s, v)
		}
	}
}
