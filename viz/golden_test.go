package viz

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/tensorlib"
)

var update = flag.Bool("update", false, "regenerate the golden PNGs in testdata")

// Golden images are compared pixel by pixel, as gonum/plot's cmpimg does,
// within a tolerance: a pixel differs when a channel differs by more than
// channelTolerance, and at most maxDiffering of the pixels may differ (text
// anti-aliasing is the part that may move between library versions).
const (
	channelTolerance = 16
	maxDiffering     = 0.002
)

// checkGolden compares f's PNG with testdata/name.png, or writes it with
// -update. On a mismatch the new image is written beside the golden one as
// name.got.png (ignored by git) to look at.
func checkGolden(t *testing.T, name string, f *Figure) {
	t.Helper()
	got := f.PNG()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden image: %v (run go test ./viz -update to create it)", err)
	}
	if diff := comparePNG(got, want); diff != "" {
		gotPath := filepath.Join("testdata", name+".got.png")
		_ = os.WriteFile(gotPath, got, 0o644)
		t.Errorf("%s differs from the golden image: %s (see %s)", name, diff, gotPath)
	}
}

// comparePNG returns "" when the two PNGs decode to the same size and
// pixels within the tolerance, else what differs.
func comparePNG(got, want []byte) string {
	g, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		return "new image: " + err.Error()
	}
	w, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		return "golden image: " + err.Error()
	}
	if g.Bounds() != w.Bounds() {
		return fmt.Sprintf("size %v, want %v", g.Bounds().Size(), w.Bounds().Size())
	}
	b := g.Bounds()
	differing := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if channelDiff(g, w, x, y) > channelTolerance {
				differing++
			}
		}
	}
	if frac := float64(differing) / float64(b.Dx()*b.Dy()); frac > maxDiffering {
		return fmt.Sprintf("%d pixels (%.2f%%) differ", differing, 100*frac)
	}
	return ""
}

// channelDiff is the largest difference of one 8-bit channel at (x, y).
func channelDiff(a, b image.Image, x, y int) int {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	d := 0
	for _, p := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
		d = max(d, absInt(int(p[0]>>8)-int(p[1]>>8)))
	}
	return d
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// ring is a 28×28 grayscale picture in [0, 1]: a bright ring on black,
// shaded from left to right, like an MNIST digit zero.
func ring() *tensorlib.Tensor {
	d := make([]float32, 28*28)
	for r := range 28 {
		for c := range 28 {
			dist := math.Hypot(float64(r)-13.5, float64(c)-13.5)
			if dist > 5.5 && dist < 9.5 {
				d[r*28+c] = float32(0.4 + 0.6*float64(c)/27)
			}
		}
	}
	return tensorlib.New(d, 1, 1, 28, 28)
}

// wave is an h×w signed field, like a gradient: positive above, negative
// below, growing to the right.
func wave(h, w int, phase float64) []float32 {
	d := make([]float32, h*w)
	for r := range h {
		for c := range w {
			d[r*w+c] = float32(math.Sin(float64(r)/4+phase) * float64(c+1) / float64(w))
		}
	}
	return d
}

// withGrad returns a tensor of the given shape whose gradient has the given
// values.
func withGrad(grad []float32, shape ...int) *tensorlib.Tensor {
	t := tensorlib.Zeros(shape...)
	t.SetGrad(tensorlib.New(grad, shape...))
	return t
}

func TestGolden(t *testing.T) {
	pos := make([]float32, 28*28)
	for i, v := range wave(28, 28, 0) {
		pos[i] = float32(math.Abs(float64(v)))
	}
	maps := make([]float32, 0, 16*14*14)
	for ch := range 16 {
		m := wave(14, 14, float64(ch)/2)
		for i := range m {
			m[i] = float32(math.Max(0, float64(m[i])*float64(ch%5)))
		}
		maps = append(maps, m...)
	}
	rgb := make([]float32, 3*16*16)
	for r := range 16 {
		for c := range 16 {
			rgb[r*16+c] = float32(r) / 15          // red grows downwards
			rgb[256+r*16+c] = float32(c) / 15      // green grows rightwards
			rgb[512+r*16+c] = float32((r+c)%2) / 2 // blue checks
		}
	}
	losses := make([]float32, 40)
	tests := make([]float32, 40)
	for i := range losses {
		losses[i] = float32(2.3*math.Exp(-float64(i)/8) + 0.2 + 0.05*math.Sin(float64(i)))
		tests[i] = float32(2.3*math.Exp(-float64(i)/10) + 0.35)
	}
	hist := make([]float32, 2000)
	for i := range hist {
		// A deterministic bell: the sum of three "uniforms".
		u := func(k int) float64 { return math.Mod(float64(i*k)*0.618034, 1) }
		hist[i] = float32(u(1) + u(7) + u(13) - 1.5)
	}
	// Gradient norms of nine layers over 30 steps, 1e-7 at the input to 1
	// at the output, as a deep sigmoid network's monitor records them.
	var norms []Series
	for layer := range 9 {
		y := make([]float32, 30)
		for step := range y {
			y[step] = float32(math.Pow(10, float64(layer)*0.8-7+0.3*math.Sin(float64(step+layer)/4)))
		}
		norms = append(norms, NewSeries(fmt.Sprintf("%d.weight", 2*layer), y))
	}
	cases := []struct {
		name string
		fig  *Figure
	}{
		{"heatmap_viridis", Heatmap(tensorlib.New(pos, 1, 1, 28, 28), Title("activation"))},
		{"heatmap_diverging", Heatmap(tensorlib.New(wave(28, 28, 0), 28, 28), Title("gradient"))},
		{"heatmap_wide", Heatmap(tensorlib.New(wave(4, 40, 1), 4, 40))},
		{"featuremaps", FeatureMaps(tensorlib.New(maps, 1, 16, 14, 14), 16, Title("conv2 output"))},
		{"image_gray", Image(ring())},
		{"image_rgb", Image(tensorlib.New(rgb, 3, 16, 16), Title("RGB"))},
		{"overlay", Overlay(ring(), tensorlib.New([]float32{0, 1, 2, 3, 1, 2, 3, 4, 0, 1, 2, 1, 0, 0, 1, 0}, 1, 1, 4, 4), Title("Grad-CAM"))},
		{"histogram", Histogram(tensorlib.New(hist, 20, 100), Title("weights"))},
		{"line", Line(NewSeries("train", losses), NewSeries("test", tests)).With(Title("loss"), XLabel("epoch"))},
		{"line_log", Line(norms...).With(LogScale(), Title("gradient norms"), XLabel("step"))},
		{"gradient_flow", GradientFlowOf(
			[]string{"0.weight", "0.bias", "3.weight", "3.bias", "7.weight"},
			[]*tensorlib.Tensor{
				withGrad([]float32{0.01, -0.02, 0.005, 0.03}, 2, 2),
				withGrad([]float32{0.02, -0.01}, 2),
				withGrad([]float32{0.1, -0.3, 0.2, 0.05}, 4),
				tensorlib.Zeros(2), // never reached by backward
				withGrad([]float32{0.5, -0.9, 0.4, 0.2}, 1, 4),
			})},
		{"gradient_flow_log", GradientFlowOf(
			[]string{"0.weight", "2.weight", "4.weight", "6.weight"},
			[]*tensorlib.Tensor{
				withGrad([]float32{3e-8, -8e-8}, 2),
				withGrad([]float32{2e-6, -5e-6}, 2),
				withGrad([]float32{1e-3, -4e-4}, 2),
				withGrad([]float32{0.2, -0.7}, 2),
			}, LogScale())},
		{"grid", Grid(Image(ring()), Heatmap(tensorlib.New(wave(8, 8, 0), 8, 8)), Histogram(tensorlib.New(hist, 2000), Bins(20))).With(Columns(3), Title("a grid"))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkGolden(t, c.name, c.fig) })
	}
}

func TestComparePNGDetectsChanges(t *testing.T) {
	a := Heatmap(tensorlib.New(wave(8, 8, 0), 8, 8)).PNG()
	b := Heatmap(tensorlib.New(wave(8, 8, 0.3), 8, 8)).PNG()
	if d := comparePNG(a, a); d != "" {
		t.Errorf("an image differs from itself: %s", d)
	}
	if d := comparePNG(a, b); !strings.Contains(d, "pixels") {
		t.Errorf("different heatmaps compare equal (%q)", d)
	}
	c := Heatmap(tensorlib.New(wave(8, 8, 0), 8, 8), Size(300, 300)).PNG()
	if d := comparePNG(a, c); !strings.HasPrefix(d, "size") {
		t.Errorf("different sizes compare equal (%q)", d)
	}
}
