package nnlib

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gohooks/gohooks/tensorlib"
)

func pairOr(opts map[string]Option, name string, def [2]int) [2]int {
	if o, ok := opts[name]; ok {
		return [2]int{o.ints[0], o.ints[1]}
	}
	return def
}

func flagOr(opts map[string]Option, name string, def bool) bool {
	if o, ok := opts[name]; ok {
		return o.flag
	}
	return def
}

func valueOr(opts map[string]Option, name string, def float32) float32 {
	if o, ok := opts[name]; ok {
		return o.value
	}
	return def
}

// oneInput returns the only input of a layer's forward call.
func oneInput(layer string, in []*tensorlib.Tensor) *tensorlib.Tensor {
	if len(in) != 1 {
		panic(fmt.Sprintf("nnlib: %s: Forward takes 1 input, got %d", layer, len(in)))
	}
	return in[0]
}

// pyTuple prints a pair as PyTorch prints a tuple: "(3, 3)".
func pyTuple(p [2]int) string { return fmt.Sprintf("(%d, %d)", p[0], p[1]) }

// pyIntOrTuple prints a pooling setting as PyTorch does when it was given
// as an int (a square pair) and as a tuple otherwise.
func pyIntOrTuple(p [2]int) string {
	if p[0] == p[1] {
		return strconv.Itoa(p[0])
	}
	return pyTuple(p)
}

// pyBool prints a bool as Python does.
func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// pyFloat prints a float32 setting as Python's repr prints the float
// PyTorch stores: 0.1, 1e-05, 1.0.
func pyFloat(v float32) string {
	f := float64(v)
	if f != 0 && math.Abs(f) < 1e-4 || math.Abs(f) >= 1e16 {
		// Go, like Python, writes at least two exponent digits: 1e-05.
		return strconv.FormatFloat(f, 'e', -1, 32)
	}
	s := strconv.FormatFloat(f, 'f', -1, 32)
	if !strings.ContainsAny(s, ".nI") {
		s += ".0"
	}
	return s
}

func uniformInit(fanIn int, shape ...int) *tensorlib.Tensor {
	bound := float32(1 / math.Sqrt(float64(fanIn)))
	if fanIn == 0 {
		bound = 0
	}
	return tensorlib.Uniform(-bound, bound, shape...)
}

// Linear is PyTorch's nn.Linear: y = x Wᵀ + b with weight [out, in] and
// bias [out], both initialised uniformly in ±1/sqrt(in). Option: Bias.
func Linear(in, out int, opts ...Option) *Module {
	o := collectOptions("Linear", opts, "Bias")
	bias := flagOr(o, "Bias", true)
	m := NewModule("Linear", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		var b *tensorlib.Tensor
		if bias {
			b = self.Param("bias")
		}
		return tensorlib.Linear(oneInput("Linear", x), self.Param("weight"), b)
	})
	m.RegisterParameter("weight", uniformInit(in, out, in))
	if bias {
		m.RegisterParameter("bias", uniformInit(in, out))
	}
	m.Doc = "Applies a linear transformation to the incoming data: y = x W^T + b."
	m.ExtraRepr = func() string {
		return fmt.Sprintf("in_features=%d, out_features=%d, bias=%s", in, out, pyBool(bias))
	}
	return m
}

// Conv2d is PyTorch's nn.Conv2d with a square kernel: NCHW input, weight
// [out, in/groups, k, k], bias [out], both initialised uniformly in
// ±1/sqrt(fan_in) with fan_in = in/groups*k*k. Options: Stride, Padding,
// Dilation, Groups, Bias.
func Conv2d(in, out, kernel int, opts ...Option) *Module {
	o := collectOptions("Conv2d", opts, "Stride", "Padding", "Dilation", "Groups", "Bias")
	stride := pairOr(o, "Stride", [2]int{1, 1})
	padding := pairOr(o, "Padding", [2]int{0, 0})
	dilation := pairOr(o, "Dilation", [2]int{1, 1})
	groups := 1
	if g, ok := o["Groups"]; ok {
		groups = g.ints[0]
	}
	bias := flagOr(o, "Bias", true)
	if kernel <= 0 || stride[0] == 0 || stride[1] == 0 || dilation[0] == 0 || dilation[1] == 0 {
		panic(fmt.Sprintf("nnlib: Conv2d: kernel %d, stride %v and dilation %v must be positive", kernel, stride, dilation))
	}
	if groups <= 0 || in%groups != 0 || out%groups != 0 {
		panic(fmt.Sprintf("nnlib: Conv2d: groups %d must divide in_channels %d and out_channels %d", groups, in, out))
	}
	cfg := tensorlib.ConvOptions{Stride: stride, Padding: padding, Dilation: dilation, Groups: groups}
	m := NewModule("Conv2d", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		var b *tensorlib.Tensor
		if bias {
			b = self.Param("bias")
		}
		return tensorlib.Conv2d(oneInput("Conv2d", x), self.Param("weight"), b, cfg)
	})
	fanIn := in / groups * kernel * kernel
	m.RegisterParameter("weight", uniformInit(fanIn, out, in/groups, kernel, kernel))
	if bias {
		m.RegisterParameter("bias", uniformInit(fanIn, out))
	}
	m.Doc = "Applies a 2D convolution over an input signal composed of several input planes."
	m.ExtraRepr = func() string {
		s := fmt.Sprintf("%d, %d, kernel_size=%s, stride=%s", in, out, pyTuple([2]int{kernel, kernel}), pyTuple(stride))
		if padding != [2]int{0, 0} {
			s += ", padding=" + pyTuple(padding)
		}
		if dilation != [2]int{1, 1} {
			s += ", dilation=" + pyTuple(dilation)
		}
		if groups != 1 {
			s += fmt.Sprintf(", groups=%d", groups)
		}
		if !bias {
			s += ", bias=False"
		}
		return s
	}
	return m
}

func poolSetup(layer string, kernel int, opts []Option, allowed ...string) (k, stride, padding [2]int) {
	o := collectOptions(layer, opts, allowed...)
	k = [2]int{kernel, kernel}
	stride = pairOr(o, "Stride", k)
	padding = pairOr(o, "Padding", [2]int{0, 0})
	if d := pairOr(o, "Dilation", [2]int{1, 1}); d != [2]int{1, 1} {
		panic(fmt.Sprintf("nnlib: %s: dilation %v is not supported (only 1)", layer, d))
	}
	if kernel <= 0 || stride[0] == 0 || stride[1] == 0 {
		panic(fmt.Sprintf("nnlib: %s: kernel %d and stride %v must be positive", layer, kernel, stride))
	}
	return k, stride, padding
}

// MaxPool2d is PyTorch's nn.MaxPool2d with a square kernel: the stride
// defaults to the kernel size, padding counts as -inf, and the gradient goes
// to each window's first maximum. Options: Stride, Padding, Dilation (1
// only).
func MaxPool2d(kernel int, opts ...Option) *Module {
	k, stride, padding := poolSetup("MaxPool2d", kernel, opts, "Stride", "Padding", "Dilation")
	cfg := tensorlib.PoolOptions{Stride: stride, Padding: padding}
	m := NewModule("MaxPool2d", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return tensorlib.MaxPool2d(oneInput("MaxPool2d", x), k, cfg)
	})
	m.Doc = "Applies a 2D max pooling over an input signal composed of several input planes."
	m.ExtraRepr = func() string {
		return fmt.Sprintf("kernel_size=%s, stride=%s, padding=%s, dilation=1, ceil_mode=False", pyIntOrTuple(k), pyIntOrTuple(stride), pyIntOrTuple(padding))
	}
	return m
}

// AvgPool2d is PyTorch's nn.AvgPool2d with a square kernel and its defaults
// (padding counts as zeros in the average). Options: Stride, Padding.
func AvgPool2d(kernel int, opts ...Option) *Module {
	k, stride, padding := poolSetup("AvgPool2d", kernel, opts, "Stride", "Padding")
	cfg := tensorlib.PoolOptions{Stride: stride, Padding: padding}
	m := NewModule("AvgPool2d", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return tensorlib.AvgPool2d(oneInput("AvgPool2d", x), k, cfg)
	})
	m.Doc = "Applies a 2D average pooling over an input signal composed of several input planes."
	m.ExtraRepr = func() string {
		return fmt.Sprintf("kernel_size=%s, stride=%s, padding=%s", pyIntOrTuple(k), pyIntOrTuple(stride), pyIntOrTuple(padding))
	}
	return m
}

// activation makes a parameterless module that applies fn to its input.
func activation(name, doc, extra string, fn func(x *tensorlib.Tensor) *tensorlib.Tensor) *Module {
	m := NewModule(name, func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return fn(oneInput(name, x))
	})
	m.Doc = doc
	if extra != "" {
		m.ExtraRepr = func() string { return extra }
	}
	return m
}

// ReLU is PyTorch's nn.ReLU: max(x, 0), with gradient 0 at 0.
func ReLU() *Module {
	return activation("ReLU", "Applies the rectified linear unit function element-wise.", "", (*tensorlib.Tensor).ReLU)
}

// Sigmoid is PyTorch's nn.Sigmoid.
func Sigmoid() *Module {
	return activation("Sigmoid", "Applies the element-wise function 1 / (1 + exp(-x)).", "", (*tensorlib.Tensor).Sigmoid)
}

// Tanh is PyTorch's nn.Tanh.
func Tanh() *Module {
	return activation("Tanh", "Applies the hyperbolic tangent element-wise.", "", (*tensorlib.Tensor).Tanh)
}

// Identity is PyTorch's nn.Identity: it returns its input.
func Identity() *Module {
	return activation("Identity", "A placeholder that returns its input.", "", func(x *tensorlib.Tensor) *tensorlib.Tensor { return x })
}

// GELU is PyTorch's nn.GELU: x·Φ(x), or its tanh approximation with
// Approximate("tanh"). Option: Approximate.
func GELU(opts ...Option) *Module {
	o := collectOptions("GELU", opts, "Approximate")
	approx := "none"
	if a, ok := o["Approximate"]; ok {
		approx = a.text
	}
	fn := (*tensorlib.Tensor).GELU
	if approx == "tanh" {
		fn = (*tensorlib.Tensor).GELUTanh
	}
	return activation("GELU", "Applies the Gaussian Error Linear Units function.", "approximate='"+approx+"'", fn)
}

// ReLU6 is PyTorch's nn.ReLU6: min(max(x, 0), 6), with gradient 0 at 0
// and 6.
func ReLU6() *Module {
	return activation("ReLU6", "Applies min(max(0, x), 6) element-wise.", "",
		func(x *tensorlib.Tensor) *tensorlib.Tensor { return x.Hardtanh(0, 6) })
}

// SiLU is PyTorch's nn.SiLU: x·σ(x).
func SiLU() *Module {
	return activation("SiLU", "Applies the Sigmoid Linear Unit (SiLU) function, element-wise.", "", (*tensorlib.Tensor).SiLU)
}

// optionalFloat returns the single optional value of a variadic argument.
func optionalFloat(layer string, v []float32, def float32) float32 {
	switch len(v) {
	case 0:
		return def
	case 1:
		return v[0]
	}
	panic(fmt.Sprintf("nnlib: %s: takes at most one value, got %d", layer, len(v)))
}

// LeakyReLU is PyTorch's nn.LeakyReLU; the optional argument is the
// negative slope (default 0.01).
func LeakyReLU(negativeSlope ...float32) *Module {
	s := optionalFloat("LeakyReLU", negativeSlope, 0.01)
	return activation("LeakyReLU", "Applies max(0, x) + negative_slope * min(0, x) element-wise.",
		"negative_slope="+pyFloat(s), func(x *tensorlib.Tensor) *tensorlib.Tensor { return x.LeakyReLU(s) })
}

// Softmax is PyTorch's nn.Softmax over dimension dim.
func Softmax(dim int) *Module {
	return activation("Softmax", "Applies the softmax function along a dimension.",
		fmt.Sprintf("dim=%d", dim), func(x *tensorlib.Tensor) *tensorlib.Tensor { return x.Softmax(dim) })
}

// LogSoftmax is PyTorch's nn.LogSoftmax over dimension dim.
func LogSoftmax(dim int) *Module {
	return activation("LogSoftmax", "Applies log(softmax(x)) along a dimension.",
		fmt.Sprintf("dim=%d", dim), func(x *tensorlib.Tensor) *tensorlib.Tensor { return x.LogSoftmax(dim) })
}

// Flatten is PyTorch's nn.Flatten: with no arguments it flattens every
// dimension but the first (start_dim=1, end_dim=-1); with two it flattens
// dimensions start through end.
func Flatten(startEnd ...int) *Module {
	start, end := 1, -1
	switch len(startEnd) {
	case 0:
	case 2:
		start, end = startEnd[0], startEnd[1]
	default:
		panic(fmt.Sprintf("nnlib: Flatten: takes no dimensions or two (start, end), got %v", startEnd))
	}
	return activation("Flatten", "Flattens a contiguous range of dimensions into one.",
		fmt.Sprintf("start_dim=%d, end_dim=%d", start, end), func(x *tensorlib.Tensor) *tensorlib.Tensor { return x.Flatten(start, end) })
}

// Dropout is PyTorch's nn.Dropout: in training mode it zeroes elements with
// probability p (optional, default 0.5) and scales the rest by 1/(1-p); in
// evaluation mode it returns its input.
func Dropout(p ...float32) *Module {
	prob := optionalFloat("Dropout", p, 0.5)
	if !(prob >= 0 && prob <= 1) {
		panic(fmt.Sprintf("nnlib: Dropout: probability %v is not between 0 and 1", prob))
	}
	m := NewModule("Dropout", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return tensorlib.Dropout(oneInput("Dropout", x), prob, self.Training())
	})
	m.Doc = "Randomly zeroes elements of the input with probability p during training."
	m.ExtraRepr = func() string { return "p=" + pyFloat(prob) + ", inplace=False" }
	return m
}

// BatchNorm2d is PyTorch's nn.BatchNorm2d over the channels of NCHW input:
// parameters weight (ones) and bias (zeros), buffers running_mean (zeros),
// running_var (ones) and num_batches_tracked (0). In training mode it
// normalises with the batch's mean and biased variance and updates the
// running statistics (with the unbiased variance); in evaluation mode it
// uses them. Options: Eps, Momentum, Affine, TrackRunningStats.
func BatchNorm2d(numFeatures int, opts ...Option) *Module {
	return batchNorm("BatchNorm2d", "Applies Batch Normalization over a 4D input (a mini-batch of 2D inputs with channels).", numFeatures, opts, 4)
}

// BatchNorm1d is PyTorch's nn.BatchNorm1d: BatchNorm2d's rules for input
// [N, C] or [N, C, L]. Options: Eps, Momentum, Affine, TrackRunningStats.
func BatchNorm1d(numFeatures int, opts ...Option) *Module {
	return batchNorm("BatchNorm1d", "Applies Batch Normalization over a 2D or 3D input.", numFeatures, opts, 2, 3)
}

func batchNorm(name, doc string, numFeatures int, opts []Option, dims ...int) *Module {
	o := collectOptions(name, opts, "Eps", "Momentum", "Affine", "TrackRunningStats")
	eps := valueOr(o, "Eps", 1e-5)
	momentum := valueOr(o, "Momentum", 0.1)
	affine := flagOr(o, "Affine", true)
	track := flagOr(o, "TrackRunningStats", true)
	m := NewModule(name, func(self *Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		x := oneInput(name, in)
		ok := false
		for _, d := range dims {
			ok = ok || x.Dim() == d
		}
		if !ok {
			panic(fmt.Sprintf("nnlib: %s: expected %s input, got shape %v", name, dimsText(dims), x.Shape()))
		}
		var w, b, rm, rv *tensorlib.Tensor
		if affine {
			w, b = self.Param("weight"), self.Param("bias")
		}
		useBatch := self.Training() || !track
		if track {
			rm, rv = self.Buffer("running_mean"), self.Buffer("running_var")
			if self.Training() {
				n := self.Buffer("num_batches_tracked")
				n.Fill(n.Item() + 1)
			}
		}
		return tensorlib.BatchNorm(x, rm, rv, w, b, useBatch, momentum, eps)
	})
	if affine {
		m.RegisterParameter("weight", tensorlib.Ones(numFeatures))
		m.RegisterParameter("bias", tensorlib.Zeros(numFeatures))
	}
	if track {
		m.RegisterBuffer("running_mean", tensorlib.Zeros(numFeatures), true)
		m.RegisterBuffer("running_var", tensorlib.Ones(numFeatures), true)
		m.RegisterBuffer("num_batches_tracked", tensorlib.Scalar(0), true)
	}
	m.Doc = doc
	m.ExtraRepr = func() string {
		return fmt.Sprintf("%d, eps=%s, momentum=%s, affine=%s, track_running_stats=%s", numFeatures, pyFloat(eps), pyFloat(momentum), pyBool(affine), pyBool(track))
	}
	return m
}

// dimsText says which input ranks a layer takes: "4D", "2D or 3D".
func dimsText(dims []int) string {
	s := ""
	for i, d := range dims {
		if i > 0 {
			s += " or "
		}
		s += strconv.Itoa(d) + "D"
	}
	return s
}

// Sequential is PyTorch's nn.Sequential: the modules are its children "0",
// "1", ..., and Forward passes its input through them in order.
func Sequential(modules ...*Module) *Module {
	m := NewModule("Sequential", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		var out *tensorlib.Tensor
		first := true
		for _, c := range self.children {
			switch {
			case c.m == nil:
			case first:
				out, first = c.m.Forward(x...), false
			default:
				out = c.m.Forward(out)
			}
		}
		if first {
			return oneInput("Sequential", x)
		}
		return out
	})
	for i, c := range modules {
		if c == nil {
			panic(fmt.Sprintf("nnlib: Sequential: module %d is nil", i))
		}
		m.AddModule(strconv.Itoa(i), c)
	}
	m.Doc = "A sequential container: modules run in the order they were passed."
	return m
}
