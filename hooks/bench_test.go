package hooks

import (
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// quizCNN is the network of the hook exercises, section 5.
func quizCNN() *nnlib.Module {
	tensorlib.ManualSeed(1)
	return nnlib.Sequential(
		nnlib.Conv2d(1, 8, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Conv2d(8, 16, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Flatten(), nnlib.Linear(16*7*7, 10),
	)
}

func crossEntropy9(out *tensorlib.Tensor) *tensorlib.Tensor {
	return nnlib.CrossEntropyLoss(out, tensorlib.Tensor1(9))
}

// The cost of capturing compared with a plain forward (and backward) of the
// notebook CNN on one Fashion-MNIST image.
func BenchmarkCaptureCNN(b *testing.B) {
	net := quizCNN()
	img, _ := nnlib.FashionMNIST().Sample(0)
	b.Run("forward", func(b *testing.B) {
		for b.Loop() {
			net.Forward(img)
		}
	})
	b.Run("capture_all", func(b *testing.B) {
		for b.Loop() {
			Capture(net, img)
		}
	})
	b.Run("forward_backward", func(b *testing.B) {
		for b.Loop() {
			crossEntropy9(net.Forward(img)).Backward()
		}
	})
	b.Run("capture_with_grad_all", func(b *testing.B) {
		for b.Loop() {
			CaptureWithGrad(net, img, crossEntropy9)
		}
	})
	b.Run("forward_backward_monitored", func(b *testing.B) {
		mon := GradientMonitor(net, 0, 0)
		defer mon.Remove()
		for b.Loop() {
			crossEntropy9(net.Forward(img)).Backward()
		}
	})
}
