package tensorlib

import (
	"fmt"

	"github.com/gohooks/gohooks/internal/vmath"
)

// CrossEntropy returns PyTorch's cross_entropy of logits [N, C] (or [C],
// one sample) against class indices (one per sample, each in [0, C)):
// the negative log-softmax over the classes at each sample's class.
// reduction is "mean" (over the samples, the default of
// nnlib.CrossEntropyLoss, which calls this), "sum" or "none" (the loss of
// each sample, of shape [N], or a scalar for [C]).
//
// It is log-softmax and the negative log-likelihood in one step, with one
// gradient node, NllLossBackward0, as PyTorch names the last one; the
// log-softmax values are computed as LogSoftmax does and the gradient,
// g·(softmax - onehot), from them in one pass, so the results are those
// of NLL of LogSoftmax.
func CrossEntropy(logits *Tensor, classes []int, reduction string) *Tensor {
	n, c := 1, 0
	switch len(logits.shape) {
	case 1:
		c = logits.shape[0]
	case 2:
		n, c = logits.shape[0], logits.shape[1]
	default:
		panic(fmt.Sprintf("tensorlib: CrossEntropy: logits of shape %v are not [N C] or [C]", logits.shape))
	}
	if len(classes) != n {
		panic(fmt.Sprintf("tensorlib: CrossEntropy: %d class indices for logits of shape %v", len(classes), logits.shape))
	}
	for i, k := range classes {
		if k < 0 || k >= c {
			panic(fmt.Sprintf("tensorlib: CrossEntropy: class %d at %d is not in [0, %d)", k, i, c))
		}
	}
	scale := float32(1)
	switch reduction {
	case "mean":
		scale = 1 / float32(n)
	case "sum", "none":
	default:
		panic(fmt.Sprintf("tensorlib: CrossEntropy: reduction %q is not \"mean\", \"sum\" or \"none\"", reduction))
	}
	logp := logits.softmax("CrossEntropy", -1, true).data
	var out *Tensor
	if reduction == "none" {
		loss := make([]float32, n)
		for i, k := range classes {
			loss[i] = -logp[i*c+k]
		}
		out = fromData(loss, logits.shape[:len(logits.shape)-1])
	} else {
		var s float64
		for i, k := range classes {
			s -= float64(logp[i*c+k])
		}
		out = Scalar(float32(s) * scale)
	}
	return record("NllLossBackward0", out, []*Tensor{logits}, func(g *Tensor) []*Tensor {
		// Each row's gradient of the log-likelihood is gk at the class
		// and 0 elsewhere; log-softmax's backward makes it
		// onehot·gk - e^logp·gk.
		d := newBuf(len(logp))
		forRows(n, c, func(lo, hi int) {
			vmath.Exp(d[lo*c:hi*c], logp[lo*c:hi*c])
			for r := lo; r < hi; r++ {
				gk := -g.data[0] * scale
				if reduction == "none" {
					gk = -g.data[r]
				}
				dr, k := d[r*c:(r+1)*c], classes[r]
				ek := dr[k]
				for j, e := range dr {
					dr[j] = 0 - e*gk
				}
				dr[k] = gk - ek*gk
			}
		})
		return []*Tensor{ownedGrad(d, logits.shape)}
	})
}
