package tensorlib

import (
	"math"
	"runtime"
	"testing"
)

// A convolution's weight and bias gradients are sums over the batch; they
// are the same bits on any number of cores, so that a seeded training
// reproduces (notebook 05's pictures changed with GOMAXPROCS).
// The second shape's weight gradient is one product packed from the input
// (packedGrad), which the cores share out by columns.
func TestConvGradientsDoNotDependOnTheNumberOfCores(t *testing.T) {
	for _, shapes := range [][2][]int{{{64, 4, 12, 12}, {8, 4, 3, 3}}, {{16, 32, 8, 8}, {64, 32, 3, 3}}} {
		convGradientsOnCores(t, shapes[0], shapes[1])
	}
}

func convGradientsOnCores(t *testing.T, xs, ws []int) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	grads := func(procs int) (gw, gb []float32) {
		runtime.GOMAXPROCS(procs)
		ManualSeed(3)
		x := Randn(xs...)
		w := Randn(ws...).SetRequiresGrad(true)
		b := Randn(ws[0]).SetRequiresGrad(true)
		y := Conv2d(x, w, b, ConvOptions{Padding: [2]int{1, 1}})
		y.Mul(y).Sum().Backward()
		return w.Grad().Data(), b.Grad().Data()
	}
	gw1, gb1 := grads(1)
	for _, procs := range []int{2, 3, 8} {
		gw, gb := grads(procs)
		for i := range gw1 {
			if math.Float32bits(gw[i]) != math.Float32bits(gw1[i]) {
				t.Fatalf("GOMAXPROCS=%d: weight grad[%d] = %v, on one core %v", procs, i, gw[i], gw1[i])
			}
		}
		for i := range gb1 {
			if math.Float32bits(gb[i]) != math.Float32bits(gb1[i]) {
				t.Fatalf("GOMAXPROCS=%d: bias grad[%d] = %v, on one core %v", procs, i, gb[i], gb1[i])
			}
		}
	}
}
