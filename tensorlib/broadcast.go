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
	out := newBuf(checkShape("expand", shape))
	if len(out) == 0 {
		return out
	}
	if len(t.data) == 1 {
		forBlocks(len(out), func(lo, hi int) { fill(out[lo:hi], t.data[0]) })
		return out
	}
	dims, strides := mergeRuns(shape, broadcastStrides(t.shape, shape))
	row, st := dims[0], strides[0]
	forRows(len(out)/row, row, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			off := rowOffsets(r, dims, strides)
			if st[0] == 1 {
				copy(out[r*row:(r+1)*row], t.data[off[0]:off[0]+row])
			} else {
				fill(out[r*row:(r+1)*row], t.data[off[0]])
			}
		}
	})
	return out
}

// reduceTo sums g over the dimensions along which a tensor of shape was
// broadcast to g's shape, giving the gradient for that tensor. The sums
// are in float64, rounded once. g is walked in rows of its innermost
// merged run (mergeRuns): a row that the target does not vary along adds
// into one accumulator (a vector sum), a row it does adds into a row of
// accumulators.
func reduceTo(g *Tensor, shape []int) *Tensor {
	if sameShape(g.shape, shape) {
		return g
	}
	n := checkShape("reduceTo", shape)
	if n == 1 {
		return fromData([]float32{float32(vmath.Sum64(g.data))}, shape)
	}
	acc := make([]float64, n)
	if len(g.data) > 0 {
		target := &Tensor{shape: shape}
		dims, strides := mergeRuns(g.shape, broadcastStrides(target.shape, g.shape))
		row, st := dims[0], strides[0]
		for r := range len(g.data) / row {
			off := rowOffsets(r, dims, strides)[0]
			gr := g.data[r*row : (r+1)*row]
			if st[0] == 0 {
				acc[off] += vmath.Sum64(gr)
			} else {
				vmath.AddWiden(acc[off:off+row], gr)
			}
		}
	}
	out := newBuf(n)
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
// without laying either out in full: each row of the innermost merged run
// (mergeRuns) is one vector step, with an operand that is stretched along
// the row taken as a constant.
func broadcastKernel(op binOp, out []float32, shape []int, a, b *Tensor) {
	if len(out) == 0 {
		return
	}
	dims, strides := mergeRuns(shape, broadcastStrides(a.shape, shape), broadcastStrides(b.shape, shape))
	row, as, bs := dims[0], strides[0], strides[1]
	forRows(len(out)/row, row, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			off := rowOffsets(r, dims, strides)
			offA, offB := off[0], off[1]
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

// mergeRuns merges the dimensions of shape (outermost first) through which
// every operand, given by its strides, steps as through one dimension (a
// stride of 0 continues a stride of 0). It returns the merged sizes and
// each operand's strides, innermost first: dims[0] is the innermost run,
// along which every stride is 0 or 1.
func mergeRuns(shape []int, strides ...[]int) (dims []int, merged [][]int) {
	nd := len(shape)
	dims = []int{shape[nd-1]}
	merged = make([][]int, len(strides))
	for k, s := range strides {
		merged[k] = []int{s[nd-1]}
	}
	for i := nd - 2; i >= 0; i-- {
		last := len(dims) - 1
		joins := true
		for k, s := range strides {
			joins = joins && s[i] == merged[k][last]*dims[last]
		}
		if joins {
			dims[last] *= shape[i]
			continue
		}
		dims = append(dims, shape[i])
		for k, s := range strides {
			merged[k] = append(merged[k], s[i])
		}
	}
	return dims, merged
}

// rowOffsets returns each operand's offset of row r of mergeRuns' result:
// r counts the rows of dims[0] elements, innermost dimension fastest.
func rowOffsets(r int, dims []int, strides [][]int) [2]int {
	var off [2]int
	for d := 1; d < len(dims); d++ {
		i := r % dims[d]
		r /= dims[d]
		for k := range strides {
			off[k] += i * strides[k][d]
		}
	}
	return off
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
