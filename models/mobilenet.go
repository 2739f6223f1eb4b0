package models

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// MobileNetConfig sets a MobileNetV2's size; zero fields take
// torchvision's values.
type MobileNetConfig struct {
	NumClasses int     // size of the classifier's output (1000)
	WidthMult  float64 // channel multiplier (1.0)
	Dropout    float32 // before the classifier (0.2)
}

// makeDivisible rounds v to a multiple of 8, at least 8 and not more than
// 10% below v, as torchvision's _make_divisible.
func makeDivisible(v float64) int {
	n := max(8, int(v+4)/8*8)
	if float64(n) < 0.9*v {
		n += 8
	}
	return n
}

// MobileNetV2 is torchvision's mobilenet_v2: features.0 (a strided 3×3
// convolution, BatchNorm and ReLU6, printed as Conv2dNormActivation),
// features.1-17 (InvertedResidual blocks: a 1×1 expansion, a depthwise 3×3
// convolution, a linear 1×1 projection, and a residual connection when the
// shape allows), features.18 (a 1×1 convolution to 1280 channels), global
// average pooling (a function, not a module, as in torchvision) and
// classifier (Dropout, Linear). Convolutions are Kaiming-normal (fan_out),
// the Linear normal(0, 0.01), biases zero.
func MobileNetV2(cfg MobileNetConfig) *nnlib.Module {
	if cfg.NumClasses == 0 {
		cfg.NumClasses = 1000
	}
	if cfg.WidthMult == 0 {
		cfg.WidthMult = 1
	}
	if cfg.Dropout == 0 {
		cfg.Dropout = 0.2
	}
	if cfg.NumClasses < 0 || !(cfg.WidthMult > 0) {
		panic(fmt.Sprintf("models: MobileNetV2: bad config %+v", cfg))
	}
	features := nnlib.Sequential()
	in := makeDivisible(32 * cfg.WidthMult)
	last := makeDivisible(1280 * math.Max(1, cfg.WidthMult))
	features.AddModule("0", convBNReLU6(3, in, 3, 2, 1))
	i := 1
	for _, s := range [][4]int{{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2}, {6, 64, 4, 2}, {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}} {
		out := makeDivisible(float64(s[1]) * cfg.WidthMult)
		for k := 0; k < s[2]; k++ {
			stride := 1
			if k == 0 {
				stride = s[3]
			}
			features.AddModule(strconv.Itoa(i), invertedResidual(in, out, stride, s[0]))
			in = out
			i++
		}
	}
	features.AddModule(strconv.Itoa(i), convBNReLU6(in, last, 1, 1, 1))
	fc := nnlib.Linear(last, cfg.NumClasses)
	fc.RegisterParameter("weight", tensorlib.Randn(cfg.NumClasses, last).MulScalar(0.01))
	fc.RegisterParameter("bias", tensorlib.Zeros(cfg.NumClasses))
	m := nnlib.NewModule("MobileNetV2", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		if len(x) != 1 {
			panic(fmt.Sprintf("models: MobileNetV2: Forward takes 1 input, got %d", len(x)))
		}
		h := self.Child("features").Forward(x[0])
		h = tensorlib.AdaptiveAvgPool2d(h, 1, 1).Flatten(1, -1)
		return self.Child("classifier").Forward(h)
	})
	m.AddModule("features", features)
	m.AddModule("classifier", nnlib.Sequential(nnlib.Dropout(cfg.Dropout), fc))
	m.Doc = "MobileNet V2 from \"MobileNetV2: Inverted Residuals and Linear Bottlenecks\", as torchvision builds it."
	return m
}

// convBNReLU6 is torchvision's Conv2dNormActivation with ReLU6: a
// bias-free convolution (padding (k-1)/2), BatchNorm2d and ReLU6.
func convBNReLU6(in, out, k, stride, groups int) *nnlib.Module {
	m := nnlib.Sequential(kaimingConv(in, out, k, nnlib.Stride(stride), nnlib.Padding((k-1)/2), nnlib.Groups(groups)), nnlib.BatchNorm2d(out), nnlib.ReLU6())
	return renamed(m, "Conv2dNormActivation")
}

// renamed returns a Sequential whose class name is name, for printing.
func renamed(seq *nnlib.Module, name string) *nnlib.Module {
	m := nnlib.NewModule(name, func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		return seq.Forward(x...)
	})
	for _, c := range seq.NamedChildren() {
		m.AddModule(c.Name, c.Module)
	}
	return m
}

// invertedResidual is torchvision's InvertedResidual: the child conv holds
// the expansion (unless expand is 1), the depthwise convolution, the
// projection and its BatchNorm; with stride 1 and equal widths the input
// is added (at hook point "residual").
func invertedResidual(in, out, stride, expand int) *nnlib.Module {
	hidden := int(math.Round(float64(in * expand)))
	conv := nnlib.Sequential()
	var layers []*nnlib.Module
	if expand != 1 {
		layers = append(layers, convBNReLU6(in, hidden, 1, 1, 1))
	}
	layers = append(layers, convBNReLU6(hidden, hidden, 3, stride, hidden), kaimingConv(hidden, out, 1), nnlib.BatchNorm2d(out))
	for i, l := range layers {
		conv.AddModule(strconv.Itoa(i), l)
	}
	residual := stride == 1 && in == out
	m := nnlib.NewModule("InvertedResidual", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		y := self.Child("conv").Forward(x[0])
		if residual {
			return self.Point("residual", x[0].Add(y))
		}
		return y
	})
	m.AddModule("conv", conv)
	if residual {
		m.AddHookPoint("residual")
	}
	return m
}
