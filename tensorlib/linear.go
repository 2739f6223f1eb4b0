package tensorlib

import (
	"fmt"

	"github.com/gohooks/gohooks/internal/gemm"
)

// Linear applies the affine map of PyTorch's torch.nn.functional.linear,
// y = x Wᵀ + b: x is [..., in] with any number of leading dimensions (or
// just [in]), w is [out, in], and b, which may be nil, is [out]. The result
// is [..., out]. The product is one matrix multiplication over all leading
// dimensions at once.
//
// The gradient node is named as in PyTorch: AddmmBackward0 (with a bias)
// or MmBackward0 (without) for 2-D x. For x of three or more dimensions
// that node sits below a ViewBackward0 (with a bias) or UnsafeViewBackward0
// (without) that restores the leading dimensions; for 1-D x the result's
// node is AddBackward0 (with a bias) or SqueezeBackward3 (without).
func Linear(x, w, b *Tensor) *Tensor {
	if w.Dim() != 2 {
		panic(fmt.Sprintf("tensorlib: Linear: weight of shape %v is not [out in]", w.shape))
	}
	out, in := w.shape[0], w.shape[1]
	if x.Dim() == 0 || x.shape[x.Dim()-1] != in {
		panic(fmt.Sprintf("tensorlib: Linear: input of shape %v does not fit weight of shape %v (last dimension must be %d)", x.shape, w.shape, in))
	}
	if b != nil && (b.Dim() != 1 || b.shape[0] != out) {
		panic(fmt.Sprintf("tensorlib: Linear: bias of shape %v for %d outputs", b.shape, out))
	}
	if x.Dim() != 2 {
		m := len(x.data) / max(in, 1)
		if in == 0 {
			m = checkShape("Linear", x.shape[:x.Dim()-1])
		}
		y := Linear(viewRecorded("ViewBackward0", x, []int{m, in}), w, b)
		shape := append(append([]int{}, x.shape[:x.Dim()-1]...), out)
		name := "ViewBackward0"
		switch {
		case x.Dim() == 1 && b != nil:
			name = "AddBackward0"
		case x.Dim() == 1:
			name = "SqueezeBackward3"
		case b == nil:
			name = "UnsafeViewBackward0"
		}
		return viewRecorded(name, y, shape)
	}
	m := x.shape[0]
	y := newBuf(m * out)
	beta := float32(0)
	if b != nil {
		for i := 0; i < m; i++ {
			copy(y[i*out:(i+1)*out], b.data)
		}
		beta = 1
	}
	gemm.Sgemm(false, true, m, out, in, 1, x.data, in, w.data, in, beta, y, out)
	name := "MmBackward0"
	if b != nil {
		name = "AddmmBackward0"
	}
	needX, needW, needB := x.requiresGrad, w.requiresGrad, b != nil && b.requiresGrad
	return record(name, fromData(y, []int{m, out}), []*Tensor{x, w, b}, func(g *Tensor) []*Tensor {
		var gx, gw, gb *Tensor
		if needX {
			dx := newBuf(m * in)
			gemm.Sgemm(false, false, m, in, out, 1, g.data, out, w.data, in, 0, dx, in)
			gx = fromData(dx, x.shape)
		}
		if needW {
			dw := newBuf(out * in)
			gemm.Sgemm(true, false, out, in, m, 1, g.data, out, x.data, in, 0, dw, in)
			gw = fromData(dw, w.shape)
		}
		if needB {
			gb = reduceTo(g, b.shape)
		}
		return []*Tensor{gx, gw, gb}
	})
}

// viewRecorded returns t's values under shape (same element count), sharing
// storage, recorded as a view named name whose gradient is the incoming one
// reshaped back. Linear and Conv2d use it to present PyTorch's node names
// around their batched kernels.
func viewRecorded(name string, t *Tensor, shape []int) *Tensor {
	out := fromData(t.data, shape)
	from := t.shape
	return record(name, out, []*Tensor{t}, func(g *Tensor) []*Tensor {
		return []*Tensor{fromData(g.data, from)}
	})
}
