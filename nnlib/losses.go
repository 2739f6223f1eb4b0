package nnlib

import (
	"fmt"
	"slices"

	"github.com/gohooks/gohooks/tensorlib"
)

func lossOptions(loss string, opts []Option, kl bool) (reduction string, logTarget bool) {
	allowed := []string{"Reduction"}
	if kl {
		allowed = append(allowed, "LogTarget")
	}
	o := collectOptions(loss, opts, allowed...)
	reduction, logTarget = "mean", flagOr(o, "LogTarget", false)
	if r, ok := o["Reduction"]; ok {
		reduction = r.text
	}
	if reduction == "batchmean" && !kl {
		panic(fmt.Sprintf("nnlib: %s: reduction \"batchmean\" applies only to KLDivLoss", loss))
	}
	return reduction, logTarget
}

func reduce(loss *tensorlib.Tensor, reduction string) *tensorlib.Tensor {
	switch reduction {
	case "sum":
		return loss.Sum()
	case "none":
		return loss
	case "batchmean":
		n := 1
		if loss.Dim() > 0 {
			n = loss.Size(0)
		}
		return loss.Sum().DivScalar(float32(n))
	}
	return loss.Mean()
}

func checkSameShape(loss string, input, target *tensorlib.Tensor) {
	a, b := input.Shape(), target.Shape()
	if !slices.Equal(a, b) {
		panic(fmt.Sprintf("nnlib: %s: input of shape %v and target of shape %v differ", loss, a, b))
	}
}

// classTargets checks that target holds one class index per row of the
// [N, C] (or [C]) input and returns the indices.
func classTargets(loss string, input, target *tensorlib.Tensor) (n, c int, idx []int) {
	switch input.Dim() {
	case 2:
		n, c = input.Size(0), input.Size(1)
		if target.Dim() != 1 || target.Size(0) != n {
			panic(fmt.Sprintf("nnlib: %s: target of shape %v for input of shape %v (want [%d] class indices)", loss, target.Shape(), input.Shape(), n))
		}
	case 1:
		n, c = 1, input.Size(0)
		if target.Numel() != 1 || target.Dim() > 1 {
			panic(fmt.Sprintf("nnlib: %s: target of shape %v for unbatched input of shape %v (want one class index)", loss, target.Shape(), input.Shape()))
		}
	default:
		panic(fmt.Sprintf("nnlib: %s: input of shape %v is not [N C] or [C]", loss, input.Shape()))
	}
	idx = make([]int, n)
	for i, v := range target.Data() {
		k := int(v)
		if float32(k) != v || k < 0 || k >= c {
			panic(fmt.Sprintf("nnlib: %s: target %v at %d is not a class index in [0, %d)", loss, v, i, c))
		}
		idx[i] = k
	}
	return n, c, idx
}

// NLLLoss is PyTorch's nll_loss: input holds log-probabilities, [N, C] (or
// [C] for one sample), target holds class indices as float32 ([N], or one
// value). The loss of sample i is -input[i, target[i]]. Option: Reduction
// ("mean" divides by N). Its gradient node is NllLossBackward0.
func NLLLoss(input, target *tensorlib.Tensor, opts ...Option) *tensorlib.Tensor {
	reduction, _ := lossOptions("NLLLoss", opts, false)
	n, c, idx := classTargets("NLLLoss", input, target)
	scale := float32(1)
	if reduction == "mean" {
		scale = 1 / float32(n)
	}
	return tensorlib.Function("NllLossBackward0", []*tensorlib.Tensor{input}, func(in []*tensorlib.Tensor) []*tensorlib.Tensor {
		x := in[0].Data()
		if reduction == "none" {
			out := make([]float32, n)
			for i, k := range idx {
				out[i] = -x[i*c+k]
			}
			if input.Dim() == 1 {
				return []*tensorlib.Tensor{tensorlib.Scalar(out[0])}
			}
			return []*tensorlib.Tensor{tensorlib.New(out, n)}
		}
		var s float64
		for i, k := range idx {
			s -= float64(x[i*c+k])
		}
		return []*tensorlib.Tensor{tensorlib.Scalar(float32(s) * scale)}
	}, func(g []*tensorlib.Tensor) []*tensorlib.Tensor {
		gv := g[0].Data()
		dx := make([]float32, n*c)
		for i, k := range idx {
			if reduction == "none" {
				dx[i*c+k] = -gv[i]
			} else {
				dx[i*c+k] = -gv[0] * scale
			}
		}
		return []*tensorlib.Tensor{tensorlib.New(dx, input.Shape()...)}
	})[0]
}

// CrossEntropyLoss is PyTorch's cross_entropy: NLLLoss of LogSoftmax over
// the classes, computed in one step (tensorlib.CrossEntropy). input holds
// logits [N, C] (or [C]); target holds class indices as float32. Its
// gradient with respect to the logits is (softmax - onehot)/N with the
// default "mean" reduction. Option: Reduction.
func CrossEntropyLoss(input, target *tensorlib.Tensor, opts ...Option) *tensorlib.Tensor {
	reduction, _ := lossOptions("CrossEntropyLoss", opts, false)
	_, _, idx := classTargets("CrossEntropyLoss", input, target)
	return tensorlib.CrossEntropy(input, idx, reduction)
}

// MSELoss is PyTorch's mse_loss: (input - target)² per element, reduced,
// in one step with one gradient node, MseLossBackward0
// (tensorlib.MSELoss). Option: Reduction.
func MSELoss(input, target *tensorlib.Tensor, opts ...Option) *tensorlib.Tensor {
	reduction, _ := lossOptions("MSELoss", opts, false)
	checkSameShape("MSELoss", input, target)
	return tensorlib.MSELoss(input, target, reduction)
}

// L1Loss is PyTorch's l1_loss: |input - target| per element, reduced (the
// gradient at a zero difference is 0). Option: Reduction.
func L1Loss(input, target *tensorlib.Tensor, opts ...Option) *tensorlib.Tensor {
	reduction, _ := lossOptions("L1Loss", opts, false)
	checkSameShape("L1Loss", input, target)
	return reduce(input.Sub(target).Abs(), reduction)
}

// KLDivLoss is PyTorch's kl_div: input holds log-probabilities, target
// probabilities (log-probabilities with LogTarget(true)); the loss per
// element is target*(log(target) - input), and 0 where target is 0.
// Options: Reduction ("mean" divides by the number of elements, as PyTorch
// does; "batchmean" by the batch size, which is the true KL divergence),
// LogTarget.
func KLDivLoss(input, target *tensorlib.Tensor, opts ...Option) *tensorlib.Tensor {
	reduction, logTarget := lossOptions("KLDivLoss", opts, true)
	checkSameShape("KLDivLoss", input, target)
	var loss *tensorlib.Tensor
	if logTarget {
		loss = target.Exp().Mul(target.Sub(input))
	} else {
		loss = xlogy(target).Sub(target.Mul(input))
	}
	return reduce(loss, reduction)
}

// xlogy returns t*log(t), with 0 where t is 0, in float32 as PyTorch's
// xlogy: the logarithms come from tensorlib's vector Log.
func xlogy(t *tensorlib.Tensor) *tensorlib.Tensor {
	return tensorlib.Function("XlogyBackward0", []*tensorlib.Tensor{t}, func(in []*tensorlib.Tensor) []*tensorlib.Tensor {
		v, lg := in[0].Data(), in[0].Log().Data()
		for i, x := range v {
			if x != 0 {
				v[i] = x * lg[i]
			}
		}
		return []*tensorlib.Tensor{tensorlib.New(v, t.Shape()...)}
	}, func(g []*tensorlib.Tensor) []*tensorlib.Tensor {
		lg, gv := t.Detach().Log().Data(), g[0].Data()
		for i := range lg {
			lg[i] = gv[i] * (lg[i] + 1)
		}
		return []*tensorlib.Tensor{tensorlib.New(lg, t.Shape()...)}
	})[0]
}

// BCEWithLogitsLoss is PyTorch's binary_cross_entropy_with_logits: the
// binary cross-entropy of sigmoid(input) against target, computed stably
// as PyTorch does, in one step with one gradient node,
// BinaryCrossEntropyWithLogitsBackward0 (tensorlib.BCEWithLogits); the
// gradient with respect to the input is sigmoid(x) - t per element.
// Option: Reduction.
func BCEWithLogitsLoss(input, target *tensorlib.Tensor, opts ...Option) *tensorlib.Tensor {
	reduction, _ := lossOptions("BCEWithLogitsLoss", opts, false)
	checkSameShape("BCEWithLogitsLoss", input, target)
	return tensorlib.BCEWithLogits(input, target, reduction)
}
