package nnlib

import (
	"fmt"
	"strings"
)

// Option is a setting passed to a layer, a loss or an optimizer after its
// required arguments, e.g. Conv2d(1, 8, 3, Padding(1)) or
// SGD(params, 0.1, Momentum(0.9)). Each constructor takes the options that
// make sense for it (its doc comment lists them); passing another panics,
// naming the option and what it was passed to.
type Option struct {
	name  string
	ints  []int
	flag  bool
	value float32
	pair  [2]float32
	text  string
}

func intPair(name string, v []int) Option {
	if len(v) != 1 && len(v) != 2 {
		panic(fmt.Sprintf("nnlib: %s: want one value or two (height, width), got %d", name, len(v)))
	}
	for _, x := range v {
		if x < 0 {
			panic(fmt.Sprintf("nnlib: %s: negative value in %v", name, v))
		}
	}
	if len(v) == 1 {
		v = []int{v[0], v[0]}
	}
	return Option{name: name, ints: append([]int(nil), v...)}
}

// Stride sets a convolution's or pooling's step: one value for both
// directions, or height and width.
func Stride(s ...int) Option { return intPair("Stride", s) }

// Padding sets the zero padding (-inf for MaxPool2d) added on each side:
// one value for both directions, or height and width.
func Padding(p ...int) Option { return intPair("Padding", p) }

// Dilation sets the spacing of a convolution's kernel elements: one value
// or height and width.
func Dilation(d ...int) Option { return intPair("Dilation", d) }

// Groups splits a convolution's channels into groups convolved separately.
func Groups(g int) Option { return Option{name: "Groups", ints: []int{g}} }

// Bias switches a layer's additive bias on (the default) or off.
func Bias(on bool) Option { return Option{name: "Bias", flag: on} }

// Eps sets the small constant of BatchNorm2d (added to the variance,
// default 1e-5) or Adam (added to the denominator, default 1e-8).
func Eps(eps float32) Option { return Option{name: "Eps", value: eps} }

// Momentum sets BatchNorm2d's running-average factor (default 0.1) or
// SGD's momentum (default 0).
func Momentum(m float32) Option { return Option{name: "Momentum", value: m} }

// Affine switches BatchNorm2d's learnable weight and bias on (the default)
// or off.
func Affine(on bool) Option { return Option{name: "Affine", flag: on} }

// TrackRunningStats switches BatchNorm2d's running statistics on (the
// default) or off; without them it normalises with batch statistics in
// evaluation mode too.
func TrackRunningStats(on bool) Option {
	return Option{name: "TrackRunningStats", flag: on}
}

// Reduction sets how a loss combines the per-element losses: "mean" (the
// default), "sum", "none" (no reduction), or, for KLDivLoss only,
// "batchmean" (the sum divided by the batch size).
func Reduction(r string) Option {
	switch r {
	case "mean", "sum", "none", "batchmean":
		return Option{name: "Reduction", text: r}
	}
	panic(fmt.Sprintf("nnlib: Reduction: unknown reduction %q (want mean, sum, none or batchmean)", r))
}

// LogTarget tells KLDivLoss that its target holds log-probabilities
// (PyTorch's log_target=True).
func LogTarget(on bool) Option { return Option{name: "LogTarget", flag: on} }

// WeightDecay adds wd*param to each gradient before an optimizer's update
// (L2 regularisation; default 0).
func WeightDecay(wd float32) Option { return Option{name: "WeightDecay", value: wd} }

// Dampening scales the gradient's contribution to SGD's momentum buffer by
// 1-dampening (default 0); the first step uses the raw gradient.
func Dampening(d float32) Option { return Option{name: "Dampening", value: d} }

// Nesterov switches SGD to Nesterov momentum (needs a momentum and no
// dampening).
func Nesterov(on bool) Option { return Option{name: "Nesterov", flag: on} }

// Betas sets Adam's averaging factors for the gradient and its square
// (default 0.9 and 0.999).
func Betas(beta1, beta2 float32) Option {
	return Option{name: "Betas", pair: [2]float32{beta1, beta2}}
}

// collectOptions gathers opts for what, panicking on one it does not take.
func collectOptions(what string, opts []Option, allowed ...string) map[string]Option {
	out := map[string]Option{}
	for _, o := range opts {
		ok := false
		for _, a := range allowed {
			ok = ok || a == o.name
		}
		if !ok {
			if o.name == "" {
				panic(fmt.Sprintf("nnlib: %s: empty Option; make options with Stride, Padding, Reduction, Momentum, ...", what))
			}
			panic(fmt.Sprintf("nnlib: %s: option %s does not apply (%s takes %s)", what, o.name, what, strings.Join(allowed, ", ")))
		}
		out[o.name] = o
	}
	return out
}

// ElementwiseAffine switches LayerNorm's learnable weight and bias on (the
// default) or off.
func ElementwiseAffine(on bool) Option { return Option{name: "ElementwiseAffine", flag: on} }

// PaddingIdx makes one row of an Embedding the padding row: initialised to
// zeros and never given a gradient.
func PaddingIdx(i int) Option { return Option{name: "PaddingIdx", ints: []int{i}} }

// Approximate selects GELU's form: "none" (the default, exact) or "tanh".
func Approximate(a string) Option {
	if a != "none" && a != "tanh" {
		panic(fmt.Sprintf("nnlib: Approximate: unknown approximation %q (want none or tanh)", a))
	}
	return Option{name: "Approximate", text: a}
}

// OutputPadding adds rows and columns on one side of ConvTranspose2d's
// output (one value or height and width; default 0).
func OutputPadding(p ...int) Option { return intPair("OutputPadding", p) }

// Size sets Upsample's output size: one value for both directions, or
// height and width.
func Size(s ...int) Option {
	o := intPair("Size", s)
	if len(s) == 1 {
		o.text = "one" // printed as an int, as PyTorch prints size=4
	}
	return o
}

// ScaleFactor sets Upsample's scale: the output is floor(input·factor).
func ScaleFactor(f float32) Option {
	if !(f > 0) {
		panic(fmt.Sprintf("nnlib: ScaleFactor: %v is not positive", f))
	}
	return Option{name: "ScaleFactor", value: f}
}

// Mode sets Upsample's interpolation: "nearest" (the default) or
// "bilinear".
func Mode(m string) Option {
	if m != "nearest" && m != "bilinear" {
		panic(fmt.Sprintf("nnlib: Mode: unknown mode %q (want nearest or bilinear)", m))
	}
	return Option{name: "Mode", text: m}
}

// AlignCorners makes bilinear Upsample align the corner pixels of input
// and output (default false).
func AlignCorners(on bool) Option { return Option{name: "AlignCorners", flag: on} }

// BatchFirst makes attention, transformer and recurrent layers take and
// return [batch, sequence, features] instead of [sequence, batch,
// features] (default false, as in PyTorch).
func BatchFirst(on bool) Option { return Option{name: "BatchFirst", flag: on} }

// NeedWeights makes MultiheadAttention return its attention weights as
// second output (the default); with false the second output is nil.
func NeedWeights(on bool) Option { return Option{name: "NeedWeights", flag: on} }

// AverageAttnWeights makes MultiheadAttention's weights the mean over heads
// (the default, [N, L, S]); with false they are per head ([N, heads, L, S]).
func AverageAttnWeights(on bool) Option { return Option{name: "AverageAttnWeights", flag: on} }

// Causal makes attention mask every key after the query's position, as
// PyTorch's is_causal and the square subsequent mask do.
func Causal(on bool) Option { return Option{name: "Causal", flag: on} }

// DropoutP sets the dropout probability inside attention, transformer and
// recurrent layers (PyTorch's dropout argument; defaults: 0 for
// MultiheadAttention, LSTM and GRU, 0.1 for transformer layers).
func DropoutP(p float32) Option {
	if !(p >= 0 && p <= 1) {
		panic(fmt.Sprintf("nnlib: DropoutP: probability %v is not between 0 and 1", p))
	}
	return Option{name: "DropoutP", value: p}
}

// DimFeedforward sets the hidden width of a transformer layer's
// feed-forward block (default 2048).
func DimFeedforward(n int) Option { return Option{name: "DimFeedforward", ints: []int{n}} }

// Activation sets a transformer layer's feed-forward activation: "relu"
// (the default) or "gelu".
func Activation(a string) Option {
	if a != "relu" && a != "gelu" {
		panic(fmt.Sprintf("nnlib: Activation: unknown activation %q (want relu or gelu)", a))
	}
	return Option{name: "Activation", text: a}
}

// NormFirst makes a transformer layer apply LayerNorm before attention and
// feed-forward (pre-norm) instead of after (default false).
func NormFirst(on bool) Option { return Option{name: "NormFirst", flag: on} }

// LayerNormEps sets the eps of a transformer layer's LayerNorms (default
// 1e-5).
func LayerNormEps(eps float32) Option { return Option{name: "LayerNormEps", value: eps} }

// NumLayers stacks recurrent layers, each reading the previous one's output
// sequence (default 1).
func NumLayers(n int) Option { return Option{name: "NumLayers", ints: []int{n}} }

// Bidirectional adds a recurrent layer that reads the sequence backwards;
// the outputs of both directions are concatenated (default false).
func Bidirectional(on bool) Option { return Option{name: "Bidirectional", flag: on} }
