package tensorlib

import "fmt"

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
