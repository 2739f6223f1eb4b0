package nnlib

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/tensorlib"
)

// AdaptiveAvgPool2d is PyTorch's nn.AdaptiveAvgPool2d: it averages each
// plane of NCHW input down to the given size (one value for a square, or
// height and width), whatever the input's size.
func AdaptiveAvgPool2d(size ...int) *Module {
	if len(size) != 1 && len(size) != 2 {
		panic(fmt.Sprintf("nnlib: AdaptiveAvgPool2d: want one output size or two (height, width), got %v", size))
	}
	hw := [2]int{size[0], size[len(size)-1]}
	if hw[0] <= 0 || hw[1] <= 0 {
		panic(fmt.Sprintf("nnlib: AdaptiveAvgPool2d: output size %v must be positive", size))
	}
	shown := fmt.Sprint(size[0])
	if len(size) == 2 {
		shown = pyTuple(hw)
	}
	return activation("AdaptiveAvgPool2d", "Applies a 2D adaptive average pooling over an input signal composed of several input planes.",
		"output_size="+shown, func(x *tensorlib.Tensor) *tensorlib.Tensor {
			return tensorlib.AdaptiveAvgPool2d(x, hw[0], hw[1])
		})
}

// ConvTranspose2d is PyTorch's nn.ConvTranspose2d with a square kernel:
// weight [in, out/groups, k, k] and bias [out], both initialised uniformly
// in ±1/sqrt(fan_in) with fan_in = out/groups·k·k (PyTorch computes it from
// the weight's second dimension). Options: Stride, Padding, OutputPadding,
// Dilation, Groups, Bias.
func ConvTranspose2d(in, out, kernel int, opts ...Option) *Module {
	o := collectOptions("ConvTranspose2d", opts, "Stride", "Padding", "OutputPadding", "Dilation", "Groups", "Bias")
	cfg := tensorlib.ConvTransposeOptions{
		Stride:        pairOr(o, "Stride", [2]int{1, 1}),
		Padding:       pairOr(o, "Padding", [2]int{0, 0}),
		OutputPadding: pairOr(o, "OutputPadding", [2]int{0, 0}),
		Dilation:      pairOr(o, "Dilation", [2]int{1, 1}),
		Groups:        1,
	}
	if g, ok := o["Groups"]; ok {
		cfg.Groups = g.ints[0]
	}
	bias := flagOr(o, "Bias", true)
	if kernel <= 0 || cfg.Stride[0] == 0 || cfg.Stride[1] == 0 || cfg.Dilation[0] == 0 || cfg.Dilation[1] == 0 {
		panic(fmt.Sprintf("nnlib: ConvTranspose2d: kernel %d, stride %v and dilation %v must be positive", kernel, cfg.Stride, cfg.Dilation))
	}
	if cfg.Groups <= 0 || in%cfg.Groups != 0 || out%cfg.Groups != 0 {
		panic(fmt.Sprintf("nnlib: ConvTranspose2d: groups %d must divide in_channels %d and out_channels %d", cfg.Groups, in, out))
	}
	m := NewModule("ConvTranspose2d", func(self *Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		var b *tensorlib.Tensor
		if bias {
			b = self.Param("bias")
		}
		return tensorlib.ConvTranspose2d(oneInput("ConvTranspose2d", x), self.Param("weight"), b, cfg)
	})
	fanIn := out / cfg.Groups * kernel * kernel
	m.RegisterParameter("weight", uniformInit(fanIn, in, out/cfg.Groups, kernel, kernel))
	if bias {
		m.RegisterParameter("bias", uniformInit(fanIn, out))
	}
	m.Doc = "Applies a 2D transposed convolution operator over an input image composed of several input planes."
	m.ExtraRepr = func() string {
		s := fmt.Sprintf("%d, %d, kernel_size=%s, stride=%s", in, out, pyTuple([2]int{kernel, kernel}), pyTuple(cfg.Stride))
		if cfg.Padding != [2]int{0, 0} {
			s += ", padding=" + pyTuple(cfg.Padding)
		}
		if cfg.Dilation != [2]int{1, 1} {
			s += ", dilation=" + pyTuple(cfg.Dilation)
		}
		if cfg.OutputPadding != [2]int{0, 0} {
			s += ", output_padding=" + pyTuple(cfg.OutputPadding)
		}
		if cfg.Groups != 1 {
			s += fmt.Sprintf(", groups=%d", cfg.Groups)
		}
		if !bias {
			s += ", bias=False"
		}
		return s
	}
	return m
}

// Upsample is PyTorch's nn.Upsample for NCHW input: it resizes each plane
// to Size, or by ScaleFactor (output floor(input·factor)), one of which must
// be given, by Mode "nearest" (the default) or "bilinear" (with
// AlignCorners, default false). Options: Size, ScaleFactor, Mode,
// AlignCorners.
func Upsample(opts ...Option) *Module {
	o := collectOptions("Upsample", opts, "Size", "ScaleFactor", "Mode", "AlignCorners")
	size, hasSize := o["Size"]
	scale, hasScale := o["ScaleFactor"]
	if hasSize == hasScale {
		panic("nnlib: Upsample: give exactly one of Size and ScaleFactor")
	}
	mode := "nearest"
	if md, ok := o["Mode"]; ok {
		mode = md.text
	}
	align := flagOr(o, "AlignCorners", false)
	if align && mode != "bilinear" {
		panic("nnlib: Upsample: AlignCorners applies only to mode bilinear")
	}
	m := NewModule("Upsample", func(self *Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		x := oneInput("Upsample", in)
		if x.Dim() != 4 {
			panic(fmt.Sprintf("nnlib: Upsample: expected 4D input [N C H W], got shape %v", x.Shape()))
		}
		var oh, ow int
		var sh, sw float64 // input/output ratios as PyTorch passes them
		if hasSize {
			oh, ow = size.ints[0], size.ints[1]
		} else {
			f := float64(scale.value)
			oh = int(math.Floor(float64(x.Size(2)) * f))
			ow = int(math.Floor(float64(x.Size(3)) * f))
			sh, sw = 1/f, 1/f
		}
		if mode == "bilinear" {
			return tensorlib.UpsampleBilinear2d(x, oh, ow, align, sh, sw)
		}
		return tensorlib.UpsampleNearest2d(x, oh, ow, sh, sw)
	})
	m.Doc = "Upsamples a given multi-channel 2D (spatial) data."
	m.ExtraRepr = func() string {
		var s string
		if hasScale {
			s = "scale_factor=" + pyFloat(scale.value)
		} else if size.text == "one" {
			s = fmt.Sprintf("size=%d", size.ints[0])
		} else {
			s = "size=" + pyTuple([2]int{size.ints[0], size.ints[1]})
		}
		return s + ", mode=" + mode
	}
	return m
}
