package models

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// ResNetConfig sets a ResNet's size; zero fields take torchvision's values.
type ResNetConfig struct {
	// NumClasses is the size of fc's output (1000).
	NumClasses int
	// InChannels is the number of input channels (3).
	InChannels int
	// Width is the channel count of conv1 and layer1; layer2 to layer4
	// double it each (64, so 64-128-256-512).
	Width int
	// SmallInput replaces the 7×7 stride-2 stem and its max pooling by a
	// 3×3 stride-1 convolution and no pooling, the usual variant for
	// 32×32 images. State-dict names do not change (maxpool becomes an
	// Identity).
	SmallInput bool
}

func (c ResNetConfig) withDefaults() ResNetConfig {
	if c.NumClasses == 0 {
		c.NumClasses = 1000
	}
	if c.InChannels == 0 {
		c.InChannels = 3
	}
	if c.Width == 0 {
		c.Width = 64
	}
	if c.NumClasses < 0 || c.InChannels < 0 || c.Width < 0 {
		panic(fmt.Sprintf("models: ResNet: negative size in %+v", c))
	}
	return c
}

// ResNet18 is torchvision's resnet18: BasicBlocks [2, 2, 2, 2].
func ResNet18(cfg ResNetConfig) *nnlib.Module { return resnet(cfg, []int{2, 2, 2, 2}) }

// ResNet34 is torchvision's resnet34: BasicBlocks [3, 4, 6, 3].
func ResNet34(cfg ResNetConfig) *nnlib.Module { return resnet(cfg, []int{3, 4, 6, 3}) }

// kaimingConv is a bias-free Conv2d initialised as torchvision does:
// normal with std sqrt(2/fan_out), fan_out = out·k·k (groups or not).
func kaimingConv(in, out, k int, opts ...nnlib.Option) *nnlib.Module {
	c := nnlib.Conv2d(in, out, k, append(opts, nnlib.Bias(false))...)
	std := float32(math.Sqrt(2 / float64(out*k*k)))
	c.RegisterParameter("weight", tensorlib.Randn(c.Param("weight").Shape()...).MulScalar(std))
	return c
}

func resnet(cfg ResNetConfig, blocks []int) *nnlib.Module {
	cfg = cfg.withDefaults()
	m := nnlib.NewModule("ResNet", func(self *nnlib.Module, in ...*tensorlib.Tensor) *tensorlib.Tensor {
		if len(in) != 1 {
			panic(fmt.Sprintf("models: ResNet: Forward takes 1 input, got %d", len(in)))
		}
		x := in[0]
		for _, name := range []string{"conv1", "bn1", "relu", "maxpool", "layer1", "layer2", "layer3", "layer4", "avgpool"} {
			x = self.Child(name).Forward(x)
		}
		return self.Child("fc").Forward(x.Flatten(1, -1))
	})
	w := cfg.Width
	if cfg.SmallInput {
		m.AddModule("conv1", kaimingConv(cfg.InChannels, w, 3, nnlib.Padding(1)))
	} else {
		m.AddModule("conv1", kaimingConv(cfg.InChannels, w, 7, nnlib.Stride(2), nnlib.Padding(3)))
	}
	m.AddModule("bn1", nnlib.BatchNorm2d(w))
	m.AddModule("relu", nnlib.ReLU())
	if cfg.SmallInput {
		m.AddModule("maxpool", nnlib.Identity())
	} else {
		m.AddModule("maxpool", nnlib.MaxPool2d(3, nnlib.Stride(2), nnlib.Padding(1)))
	}
	in := w
	for i, n := range blocks {
		planes := w << i
		stride := 1
		if i > 0 {
			stride = 2
		}
		layer := nnlib.Sequential()
		for b := 0; b < n; b++ {
			layer.AddModule(strconv.Itoa(b), basicBlock(in, planes, stride))
			in, stride = planes, 1
		}
		m.AddModule(fmt.Sprintf("layer%d", i+1), layer)
	}
	m.AddModule("avgpool", nnlib.AdaptiveAvgPool2d(1, 1))
	m.AddModule("fc", nnlib.Linear(in, cfg.NumClasses))
	m.Doc = "ResNet from \"Deep Residual Learning for Image Recognition\", as torchvision builds it."
	return m
}

// basicBlock is torchvision's BasicBlock: two 3×3 convolutions with
// BatchNorm, a shortcut (downsample: 1×1 convolution and BatchNorm when the
// shape changes), the sum at hook point "residual", then ReLU. The one
// relu module runs twice, as in torchvision.
func basicBlock(in, planes, stride int) *nnlib.Module {
	m := nnlib.NewModule("BasicBlock", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		identity := x[0]
		relu := self.Child("relu")
		out := relu.Forward(self.Child("bn1").Forward(self.Child("conv1").Forward(x[0])))
		out = self.Child("bn2").Forward(self.Child("conv2").Forward(out))
		if stride != 1 || in != planes {
			identity = self.Child("downsample").Forward(x[0])
		}
		return relu.Forward(self.Point("residual", out.Add(identity)))
	})
	m.AddModule("conv1", kaimingConv(in, planes, 3, nnlib.Stride(stride), nnlib.Padding(1)))
	m.AddModule("bn1", nnlib.BatchNorm2d(planes))
	m.AddModule("relu", nnlib.ReLU())
	m.AddModule("conv2", kaimingConv(planes, planes, 3, nnlib.Padding(1)))
	m.AddModule("bn2", nnlib.BatchNorm2d(planes))
	if stride != 1 || in != planes {
		m.AddModule("downsample", nnlib.Sequential(kaimingConv(in, planes, 1, nnlib.Stride(stride)), nnlib.BatchNorm2d(planes)))
	}
	m.AddHookPoint("residual")
	return m
}
