package viz_test

import (
	"fmt"
	"math"
	"slices"

	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
	"github.com/gohooks/gohooks/viz"
)

// describe prints what a front end would receive for f: the MIME types of
// its bundle and the image size.
func describe(f *viz.Figure) {
	b := f.Bundle()
	var keys []string
	for k := range b.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	w, h := f.Size()
	fmt.Println(keys, w, h)
}

// ramp returns n values 0, 1/n, 2/n, … shifted by off.
func ramp(n int, off float32) []float32 {
	d := make([]float32, n)
	for i := range d {
		d[i] = float32(i)/float32(n) + off
	}
	return d
}

func ExampleHeatmap() {
	act := tensorlib.New(ramp(28*28, 0), 1, 1, 28, 28) // an activation, all >= 0
	f := viz.Heatmap(act, viz.Title("conv1, channel 0"))
	fmt.Println(f)
	describe(f)

	grad := tensorlib.New(ramp(28*28, -0.5), 28, 28) // both signs: diverging
	fmt.Println(viz.Heatmap(grad))
	// Output:
	// Heatmap 28×28, values in [0, 0.9987] (viridis, 0 to 0.9987)
	// [image/png text/plain] 440 380
	// Heatmap 28×28, values in [-0.5, 0.4987] (diverging, -0.5 to 0.5)
}

func ExampleFeatureMaps() {
	out := tensorlib.New(ramp(1*16*14*14, 0), 1, 16, 14, 14) // [N C H W]
	f := viz.FeatureMaps(out, 16)
	fmt.Println(f)
	describe(f)
	// Output:
	// FeatureMaps: 16 channels of 14×14, values in [0, 0.9997] (viridis, 0 to 0.9997)
	// [image/png text/plain] 562 490
}

func ExampleImage() {
	img := tensorlib.New(ramp(28*28, 0), 1, 1, 28, 28) // an MNIST-sized input
	f := viz.Image(img, viz.Size(280, 280))
	fmt.Println(f)
	describe(f)
	// Output:
	// Image 28×28 grayscale, black..white = [0, 1]
	// [image/png text/plain] 280 280
}

func ExampleOverlay() {
	img := tensorlib.New(ramp(28*28, 0), 1, 1, 28, 28)
	cam := tensorlib.New(ramp(7*7, 0), 1, 1, 7, 7) // a Grad-CAM map, upsampled to 28×28
	f := viz.Overlay(img, cam, viz.Alpha(0.6))
	fmt.Println(f)
	describe(f)
	// Output:
	// Overlay of 7×7 heat on image 28×28 grayscale, black..white = [0, 1]; heat viridis, 0 to 0.9796, alpha 0.6
	// [image/png text/plain] 400 340
}

func ExampleGradientFlow() {
	tensorlib.ManualSeed(0)
	model := nnlib.Sequential(nnlib.Linear(4, 3), nnlib.ReLU(), nnlib.Linear(3, 1))
	for _, p := range model.NamedParameters() {
		// As if after backward: every gradient entry is 0.5 in magnitude.
		p.Tensor.SetGrad(tensorlib.Full(-0.5, p.Tensor.Shape()...))
	}
	f := viz.GradientFlow(model)
	fmt.Println(f)
	describe(f)
	// Output:
	// GradientFlow: 0.weight mean 0.5 max 0.5; 0.bias mean 0.5 max 0.5; 2.weight mean 0.5 max 0.5; 2.bias mean 0.5 max 0.5
	// [image/png text/plain] 480 360
}

func ExampleGradientFlowOf() {
	w := tensorlib.Zeros(2, 2)
	w.SetGrad(tensorlib.New([]float32{1, -3, 2, 0}, 2, 2))
	b := tensorlib.Zeros(2) // no gradient
	fmt.Println(viz.GradientFlowOf([]string{"weight", "bias"}, []*tensorlib.Tensor{w, b}))
	// Output:
	// GradientFlow: weight mean 1.5 max 3; bias (no grad) mean 0 max 0
}

func ExampleHistogram() {
	f := viz.Histogram(tensorlib.New(ramp(1000, -0.5), 10, 100), viz.Bins(20), viz.Title("weights"))
	fmt.Println(f)
	describe(f)
	// Output:
	// Histogram of 1000 values in [-0.5, 0.499], 20 bins
	// [image/png text/plain] 440 320
}

// A loss curve redrawn in place while training runs. Outside a kernel
// display does nothing, so this example prints only the last figure.
func ExampleLine() {
	id := display.NewDisplayID()
	var train, test []float32
	display.ShowID(id, viz.Line(viz.NewSeries("train", train)))
	for epoch := range 20 {
		train = append(train, float32(2*math.Exp(-float64(epoch)/5)))
		test = append(test, float32(2*math.Exp(-float64(epoch)/6)+0.1))
		display.Update(id, viz.Line(viz.NewSeries("train", train), viz.NewSeries("test", test)).
			With(viz.Title("loss"), viz.XLabel("epoch")))
	}
	f := viz.Line(viz.NewSeries("train", train), viz.NewSeries("test", test))
	fmt.Println(f)
	describe(f)
	// Output:
	// Line: train (20 points, last 0.04474), test (20 points, last 0.1843)
	// [image/png text/plain] 560 320
}

func ExampleGrid() {
	x := tensorlib.New(ramp(28*28, 0), 1, 1, 28, 28)
	f := viz.Grid(viz.Image(x), viz.Heatmap(x), viz.Histogram(x)).With(viz.Columns(3))
	describe(f)
	// Output:
	// [image/png text/plain] 1320 380
}

func ExampleFigure_With() {
	f := viz.Heatmap(tensorlib.New(ramp(64, 0), 8, 8))
	g := f.With(viz.SVG(), viz.Size(300, 260))
	describe(f)
	describe(g)
	// Output:
	// [image/png text/plain] 440 380
	// [image/svg+xml text/plain] 300 260
}

func ExampleFigure_PNG() {
	f := viz.Heatmap(tensorlib.New(ramp(64, 0), 8, 8))
	b := f.PNG()
	fmt.Println(string(b[1:4]), slices.Equal(b, f.PNG())) // deterministic
	// Output:
	// PNG true
}

func ExampleFigure_Save() {
	f := viz.Histogram(tensorlib.New(ramp(100, 0), 100))
	if err := f.Save("/nonexistent-dir/hist.png"); err != nil {
		fmt.Println("error:", err != nil)
	}
	// Output:
	// error: true
}
