package tensorlib

import "fmt"

// Pad surrounds x with value like PyTorch's torch.nn.functional.pad in
// constant mode. pads holds (before, after) pairs starting from the last
// dimension: [left, right] pads the last dimension, [left, right, top,
// bottom] the last two, and so on, up to every dimension. A negative pad
// removes that many elements from that side; a dimension may shrink to 0
// but not below. Its gradient node is ConstantPadNdBackward0: the gradient
// of x is the incoming gradient with the padding cut off (and zeros where x
// was cropped).
func Pad(x *Tensor, pads []int, value float32) *Tensor {
	if len(pads)%2 != 0 || len(pads) > 2*x.Dim() {
		panic(fmt.Sprintf("tensorlib: Pad: %d pads for a tensor of shape %v (want an even number, at most %d)", len(pads), x.shape, 2*x.Dim()))
	}
	out := padConstant(x, pads, value)
	neg := make([]int, len(pads))
	for i, p := range pads {
		neg[i] = -p
	}
	return record("ConstantPadNdBackward0", out, []*Tensor{x}, func(g *Tensor) []*Tensor {
		return []*Tensor{padConstant(g, neg, 0)}
	})
}

// padConstant does Pad's work without recording.
func padConstant(x *Tensor, pads []int, value float32) *Tensor {
	nd := x.Dim()
	before := make([]int, nd)
	shape := append([]int{}, x.shape...)
	for i := 0; i < len(pads)/2; i++ {
		d := nd - 1 - i
		before[d] = pads[2*i]
		shape[d] += pads[2*i] + pads[2*i+1]
		if shape[d] < 0 {
			panic(fmt.Sprintf("tensorlib: Pad: pads %v shrink dimension %d of shape %v below 0 (to %d)", pads, d, x.shape, shape[d]))
		}
	}
	n := checkShape("Pad", shape)
	out := make([]float32, n)
	if nd == 0 || n == 0 {
		copy(out, x.data)
		return fromData(out, shape)
	}
	inStrides := make([]int, nd)
	st := 1
	for d := nd - 1; d >= 0; d-- {
		inStrides[d] = st
		st *= x.shape[d]
	}
	// Copy row by row along the last dimension: the overlap of each output
	// row with its input row, value elsewhere.
	last := shape[nd-1]
	inLast := x.shape[nd-1]
	lo := max(0, before[nd-1])
	hi := min(last, before[nd-1]+inLast)
	idx := make([]int, nd)
	for o := 0; o < n; o += last {
		row := out[o : o+last]
		off, inside := 0, true
		for d := 0; d < nd-1; d++ {
			i := idx[d] - before[d]
			if i < 0 || i >= x.shape[d] {
				inside = false
				break
			}
			off += i * inStrides[d]
		}
		if !inside || lo >= hi {
			fill(row, value)
		} else {
			fill(row[:lo], value)
			fill(row[hi:], value)
			copy(row[lo:hi], x.data[off+lo-before[nd-1]:off+hi-before[nd-1]])
		}
		for d := nd - 2; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return fromData(out, shape)
}
