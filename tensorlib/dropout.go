package tensorlib

import "fmt"

// Dropout zeroes each element of x with probability p and scales the others
// by 1/(1-p), like PyTorch's torch.nn.functional.dropout, when training is
// true. The mask comes from the package's random number generator, so
// ManualSeed makes it reproducible; p == 0 and p == 1 draw nothing (p == 1
// gives zeros). When training is false, x itself is returned. The gradient
// is the incoming gradient times the same mask and scale, through a node
// named MulBackward0 as on PyTorch's CPU.
func Dropout(x *Tensor, p float32, training bool) *Tensor {
	if !(p >= 0 && p <= 1) {
		panic(fmt.Sprintf("tensorlib: Dropout: probability %v is not between 0 and 1", p))
	}
	if !training {
		return x
	}
	// mask holds 0 for a dropped element and the scale for a kept one.
	mask := make([]float32, len(x.data))
	switch p {
	case 0:
		fill(mask, 1)
	case 1:
	default:
		scale := 1 / (1 - p)
		keep := 1 - p
		rngMu.Lock()
		for i := range mask {
			if rng.Float32() < keep {
				mask[i] = scale
			}
		}
		rngMu.Unlock()
	}
	out := make([]float32, len(x.data))
	binaryKernel(opMul, out, x.data, mask)
	return record("MulBackward0", fromData(out, x.shape), []*Tensor{x}, func(g *Tensor) []*Tensor {
		dx := make([]float32, len(mask))
		binaryKernel(opMul, dx, g.data, mask)
		return []*Tensor{fromData(dx, x.shape)}
	})
}
