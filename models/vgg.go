package models

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// VGGConfig sets a VGG's size; zero fields take torchvision's values.
type VGGConfig struct {
	// NumClasses is the size of the last Linear's output (1000).
	NumClasses int
	// InChannels is the number of input channels (3).
	InChannels int
	// Width is the channel count of the first convolution; later ones
	// scale with it as in torchvision (64: 64-128-256-512-512).
	Width int
	// Hidden is the width of the classifier's two hidden layers (4096).
	Hidden int
	// Pool is the side of avgpool's output (7).
	Pool int
}

// VGG11 is torchvision's vgg11 (configuration "A", no batch norm):
// features.N (3×3 convolutions with ReLU, and max pooling), avgpool, and
// classifier (Linear, ReLU, Dropout, Linear, ReLU, Dropout, Linear).
// Convolutions are initialised Kaiming-normal (fan_out) with zero bias,
// Linear layers normal(0, 0.01) with zero bias, as torchvision does.
func VGG11(cfg VGGConfig) *nnlib.Module {
	if cfg.NumClasses == 0 {
		cfg.NumClasses = 1000
	}
	if cfg.InChannels == 0 {
		cfg.InChannels = 3
	}
	if cfg.Width == 0 {
		cfg.Width = 64
	}
	if cfg.Hidden == 0 {
		cfg.Hidden = 4096
	}
	if cfg.Pool == 0 {
		cfg.Pool = 7
	}
	if cfg.NumClasses < 0 || cfg.InChannels < 0 || cfg.Width < 0 || cfg.Hidden < 0 || cfg.Pool < 0 {
		panic(fmt.Sprintf("models: VGG11: negative size in %+v", cfg))
	}
	w := cfg.Width
	layout := []int{w, 0, 2 * w, 0, 4 * w, 4 * w, 0, 8 * w, 8 * w, 0, 8 * w, 8 * w, 0} // 0 is a max pooling
	features := nnlib.Sequential()
	in, i := cfg.InChannels, 0
	add := func(m *nnlib.Module) {
		features.AddModule(fmt.Sprint(i), m)
		i++
	}
	for _, v := range layout {
		if v == 0 {
			add(nnlib.MaxPool2d(2, nnlib.Stride(2)))
			continue
		}
		c := nnlib.Conv2d(in, v, 3, nnlib.Padding(1))
		c.RegisterParameter("weight", tensorlib.Randn(v, in, 3, 3).MulScalar(float32(math.Sqrt(2/float64(v*9)))))
		c.RegisterParameter("bias", tensorlib.Zeros(v))
		add(c)
		add(nnlib.ReLU())
		in = v
	}
	linear := func(a, b int) *nnlib.Module {
		l := nnlib.Linear(a, b)
		l.RegisterParameter("weight", tensorlib.Randn(b, a).MulScalar(0.01))
		l.RegisterParameter("bias", tensorlib.Zeros(b))
		return l
	}
	classifier := nnlib.Sequential(
		linear(in*cfg.Pool*cfg.Pool, cfg.Hidden), nnlib.ReLU(), nnlib.Dropout(0.5),
		linear(cfg.Hidden, cfg.Hidden), nnlib.ReLU(), nnlib.Dropout(0.5),
		linear(cfg.Hidden, cfg.NumClasses))
	m := nnlib.NewModule("VGG", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor {
		if len(x) != 1 {
			panic(fmt.Sprintf("models: VGG: Forward takes 1 input, got %d", len(x)))
		}
		h := self.Child("avgpool").Forward(self.Child("features").Forward(x[0]))
		return self.Child("classifier").Forward(h.Flatten(1, -1))
	})
	m.AddModule("features", features)
	m.AddModule("avgpool", nnlib.AdaptiveAvgPool2d(cfg.Pool, cfg.Pool))
	m.AddModule("classifier", classifier)
	m.Doc = "VGG from \"Very Deep Convolutional Networks for Large-Scale Image Recognition\", as torchvision builds it."
	return m
}
