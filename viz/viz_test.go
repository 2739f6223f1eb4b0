package viz

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func TestColourTablesMatchMatplotlib(t *testing.T) {
	// matplotlib 3.6.3: to_hex(cm.viridis.colors[i]), to_hex(cm.RdBu_r(i)).
	cases := []struct {
		name  string
		table *[256]color.NRGBA
		i     int
		want  string
	}{
		{"viridis", viridis, 0, "#440154"},
		{"viridis", viridis, 128, "#21918c"},
		{"viridis", viridis, 255, "#fde725"},
		{"RdBu_r", diverging, 0, "#053061"},
		{"RdBu_r", diverging, 128, "#f7f6f6"},
		{"RdBu_r", diverging, 255, "#67001f"},
	}
	for _, c := range cases {
		if got := hex(c.table[c.i]); got != c.want {
			t.Errorf("%s[%d] = %s, want %s", c.name, c.i, got, c.want)
		}
	}
}

func TestColorMapIndexesAsMatplotlib(t *testing.T) {
	m := colorMap{table: viridis, min: 0, max: 1}
	cases := []struct {
		v    float64
		want color.NRGBA
	}{
		{0, viridis[0]},
		{0.25, viridis[64]},
		{0.5, viridis[128]},
		{0.999, viridis[255]},
		{1, viridis[255]},
		{-5, viridis[0]}, // below the range: the lowest colour
		{7, viridis[255]},
		{math.NaN(), nanColor},
	}
	for _, c := range cases {
		if got := m.at(c.v); got != c.want {
			t.Errorf("at(%v) = %s, want %s", c.v, hex(got), hex(c.want))
		}
	}
}

func TestChooseColorMap(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name     string
		data     []float64
		opts     []Option
		table    *[256]color.NRGBA
		min, max float64
	}{
		{"non-negative: viridis over the data", []float64{0, 2, 1}, nil, viridis, 0, 2},
		{"both signs: diverging, symmetric", []float64{-1, 2}, nil, diverging, -2, 2},
		{"negative only: viridis", []float64{-3, -1}, nil, viridis, -3, -1},
		{"forced diverging", []float64{1, 3}, []Option{Diverging()}, diverging, -3, 3},
		{"forced viridis", []float64{-1, 2}, []Option{Viridis()}, viridis, -1, 2},
		{"fixed range", []float64{-1, 2}, []Option{Range(0, 10)}, diverging, 0, 10},
		{"all zero diverging", []float64{0, 0}, []Option{Diverging()}, diverging, -1, 1},
		{"NaN and Inf ignored", []float64{nan, 1, math.Inf(1), 3}, nil, viridis, 1, 3},
		{"all NaN", []float64{nan}, nil, viridis, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := defaultOptions()
			for _, opt := range c.opts {
				opt(&o)
			}
			m := chooseColorMap(c.data, &o)
			if m.table != c.table || m.min != c.min || m.max != c.max {
				t.Errorf("got %s [%v, %v], want %s [%v, %v]", mapName(m), m.min, m.max, mapName(colorMap{table: c.table}), c.min, c.max)
			}
		})
	}
}

// decode decodes a PNG.
func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// region finds the pixels of exactly colour c among x < xmax: their bounding
// box and how many there are.
func region(img image.Image, c color.NRGBA, xmax int) (box image.Rectangle, n int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < xmax; x++ {
			if color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) == c {
				box = box.Union(image.Rect(x, y, x+1, y+1))
				n++
			}
		}
	}
	return box, n
}

// cellsEnd returns the x just right of the widest run of non-white pixels on
// the middle row: the heatmap's cells, which a white gap separates from the
// colour bar.
func cellsEnd(img image.Image) int {
	b := img.Bounds()
	y := (b.Min.Y + b.Max.Y) / 2
	bestLen, bestEnd, start := 0, 0, -1
	for x := b.Min.X; x <= b.Max.X; x++ {
		white := x == b.Max.X || color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y == 255
		switch {
		case !white && start < 0:
			start = x
		case white && start >= 0:
			if x-start > bestLen {
				bestLen, bestEnd = x-start, x
			}
			start = -1
		}
	}
	return bestEnd
}

func TestHeatmapCellsAreCrispSquaresWithRowZeroOnTop(t *testing.T) {
	f := Heatmap(tensorlib.New([]float32{0, 1, 2, 3}, 2, 2))
	img := decode(t, f.PNG())
	left := cellsEnd(img) // the heatmap, without the colour bar
	// Values 0..3 over [0, 3] take entries floor(v/3*256): 0, 85, 170, 255.
	boxes := make([]image.Rectangle, 4)
	for v, entry := range []int{0, 85, 170, 255} {
		box, n := region(img, viridis[entry], left)
		if n == 0 {
			t.Fatalf("value %d: no pixel of %s", v, hex(viridis[entry]))
		}
		// Crisp: the cell is a solid rectangle of one colour, no blending.
		if n != box.Dx()*box.Dy() {
			t.Errorf("value %d: %d pixels of %s in a %v box: not a solid cell", v, n, hex(viridis[entry]), box)
		}
		if d := box.Dx() - box.Dy(); d < -2 || d > 2 || box.Dx() < 100 {
			t.Errorf("value %d: cell %v is not a square of 100+ pixels", v, box)
		}
		boxes[v] = box
	}
	// Row 0 (values 0, 1) above row 1 (2, 3); column 0 left of column 1.
	if !(boxes[0].Max.Y <= boxes[2].Min.Y+1 && boxes[1].Max.Y <= boxes[3].Min.Y+1) {
		t.Errorf("row 0 is not on top: %v", boxes)
	}
	if !(boxes[0].Max.X <= boxes[1].Min.X+1 && boxes[2].Max.X <= boxes[3].Min.X+1) {
		t.Errorf("column 0 is not on the left: %v", boxes)
	}
}

func TestImageShowsValuesAsGrey(t *testing.T) {
	f := Image(tensorlib.New([]float32{0, 1, 0.5, 0.25}, 1, 2, 2))
	img := decode(t, f.PNG())
	w, _ := f.Size()
	for _, c := range []struct {
		v    float64
		grey uint8
	}{{0, 0}, {1, 255}, {0.5, 128}, {0.25, 64}} {
		_, n := region(img, color.NRGBA{c.grey, c.grey, c.grey, 255}, w)
		if n < 100*100 {
			t.Errorf("value %v: %d pixels of grey %d, want a cell of 100×100 or more", c.v, n, c.grey)
		}
	}
}

func TestImageOfRGB(t *testing.T) {
	// One red, one green, one blue and one white pixel.
	data := []float32{
		1, 0, 0, 1, // red channel
		0, 1, 0, 1, // green
		0, 0, 1, 1, // blue
	}
	f := Image(tensorlib.New(data, 1, 3, 2, 2))
	img := decode(t, f.PNG())
	w, _ := f.Size()
	for _, c := range []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}} {
		if _, n := region(img, c, w); n < 100*100 {
			t.Errorf("%s: %d pixels, want a cell of 100×100 or more", hex(c), n)
		}
	}
}

func TestPictureScaling(t *testing.T) {
	cases := []struct {
		name string
		in   []float32
		want []float64
		lo   float64
		hi   float64
	}{
		{"in [0, 1]: as is", []float32{0.2, 0.6}, []float64{0.2, 0.6}, 0, 1},
		{"normalised: stretched", []float32{-1, 0, 3}, []float64{0, 0.25, 1}, -1, 3},
		{"constant outside [0, 1]: black", []float32{5, 5}, []float64{0, 0}, 5, 5},
	}
	for _, c := range cases {
		p := pictureOf("test", tensorlib.New(c.in, 1, len(c.in)))
		for i, w := range c.want {
			if math.Abs(p.data[i]-w) > 1e-6 {
				t.Errorf("%s: pixel %d = %v, want %v", c.name, i, p.data[i], w)
			}
		}
		if p.lo != c.lo || p.hi != c.hi {
			t.Errorf("%s: range [%v, %v], want [%v, %v]", c.name, p.lo, p.hi, c.lo, c.hi)
		}
	}
}

func TestResizeBilinearMatchesPyTorch(t *testing.T) {
	// torch.nn.functional.interpolate(x, size, mode="bilinear", align_corners=False)
	cases := []struct {
		in         []float64
		rows, cols int
		outR, outC int
		want       []float64
	}{
		{[]float64{1, 2, 3, 4}, 2, 2, 4, 4, []float64{
			1.0, 1.25, 1.75, 2.0,
			1.5, 1.75, 2.25, 2.5,
			2.5, 2.75, 3.25, 3.5,
			3.0, 3.25, 3.75, 4.0,
		}},
		{[]float64{0, 1, 2, 3, 4, 5}, 2, 3, 3, 5, []float64{
			0.0, 0.4, 1.0, 1.6, 2.0,
			1.5, 1.9, 2.5, 3.1, 3.5,
			3.0, 3.4, 4.0, 4.6, 5.0,
		}},
	}
	for _, c := range cases {
		got := resizeBilinear(grid{data: c.in, rows: c.rows, cols: c.cols}, c.outR, c.outC)
		for i, w := range c.want {
			if math.Abs(got.data[i]-w) > 1e-9 {
				t.Errorf("%d×%d→%d×%d: out[%d] = %v, want %v", c.rows, c.cols, c.outR, c.outC, i, got.data[i], w)
			}
		}
	}
}

func TestHistogramBinsMatchNumpy(t *testing.T) {
	cases := []struct {
		data    []float64
		n       int
		want    []float64
		skipped int
	}{
		// numpy.histogram(data, bins=n)[0]
		{[]float64{0, 1, 2, 3, 4}, 4, []float64{1, 1, 1, 2}, 0},
		{[]float64{0.5, 0.5, 1.5, 2}, 3, []float64{2, 0, 2}, 0},
		{[]float64{math.NaN(), 1, math.Inf(-1), 3}, 2, []float64{1, 1}, 2},
		{[]float64{7, 7, 7}, 2, []float64{0, 3}, 0}, // one value: range 6.5..7.5
	}
	for _, c := range cases {
		bins, skipped := histogramBins(c.data, c.n)
		for i, w := range c.want {
			if bins[i].Weight != w {
				t.Errorf("%v in %d bins: bin %d has %v, want %v", c.data, c.n, i, bins[i].Weight, w)
			}
		}
		if skipped != c.skipped {
			t.Errorf("%v: skipped %d, want %d", c.data, skipped, c.skipped)
		}
	}
}

func TestGradientFlowOfComputesMeanAndMaxOfAbsoluteGradients(t *testing.T) {
	f := GradientFlowOf([]string{"a", "b"}, []*tensorlib.Tensor{
		withGrad([]float32{1, -3, 2, 0}, 2, 2),
		tensorlib.Zeros(3),
	})
	want := "GradientFlow: a mean 1.5 max 3; b (no grad) mean 0 max 0"
	if f.String() != want {
		t.Errorf("got %q, want %q", f.String(), want)
	}
}

func TestGradientFlowOfAModelFollowsNamedParameters(t *testing.T) {
	model := nnlib.Sequential(nnlib.Linear(2, 3), nnlib.ReLU(), nnlib.Linear(3, 1))
	for _, p := range model.NamedParameters() {
		g := make([]float32, p.Tensor.Numel())
		for i := range g {
			g[i] = -2 // |grad| = 2 everywhere
		}
		p.Tensor.SetGrad(tensorlib.New(g, p.Tensor.Shape()...))
	}
	got := GradientFlow(model).String()
	want := "GradientFlow: 0.weight mean 2 max 2; 0.bias mean 2 max 2; 2.weight mean 2 max 2; 2.bias mean 2 max 2"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestBundleIsPNGOrSVG(t *testing.T) {
	h := Heatmap(tensorlib.New([]float32{1, 2, 3, 4}, 2, 2))
	b := h.Bundle()
	if _, ok := b.Data[display.MIMEPNG]; !ok || len(b.Data) != 2 {
		t.Errorf("default bundle has %v, want image/png and text/plain", keys(b))
	}
	if b.Data[display.MIMEText] != h.String() {
		t.Errorf("text/plain = %v, want %q", b.Data[display.MIMEText], h.String())
	}
	s := h.With(SVG()).Bundle()
	svg, ok := s.Data[display.MIMESVG].(string)
	if !ok || len(s.Data) != 2 {
		t.Fatalf("SVG bundle has %v", keys(s))
	}
	if !strings.Contains(svg, "<svg") || !strings.Contains(svg, `<image style="image-rendering:pixelated"`) {
		t.Errorf("SVG lacks the svg element or the pixelated image")
	}
	if strings.Contains(svg, "image/jpg") || strings.Count(svg, "data:image/png;base64,") != 2 {
		t.Errorf("SVG should embed the cells and the colour bar as PNG data")
	}
}

func keys(b display.Bundle) []string {
	var k []string
	for m := range b.Data {
		k = append(k, m)
	}
	return k
}

func TestPNGIsDeterministic(t *testing.T) {
	mk := func() *Figure {
		return Grid(Heatmap(tensorlib.New(wave(8, 8, 0), 8, 8)), Line(Series{Name: "x", Y: []float64{3, 1, 2}}))
	}
	a, b := mk().PNG(), mk().PNG()
	if !bytes.Equal(a, b) {
		t.Error("two renderings of the same figure differ")
	}
}

func TestLineCopiesItsSeries(t *testing.T) {
	y := []float64{3, 2, 1}
	f := Line(Series{Name: "loss", Y: y})
	before := f.PNG()
	y[0] = 100
	if !bytes.Equal(before, f.PNG()) {
		t.Error("changing the slice after Line changed the figure")
	}
	if want := "Line: loss (3 points, last 1)"; f.String() != want {
		t.Errorf("String = %q, want %q", f.String(), want)
	}
}

func TestLineDrawsWithoutPointsOrWithOneLevel(t *testing.T) {
	// The first update of a live loss curve may come before any step, or
	// after one.
	for _, f := range []*Figure{
		Line(Series{Name: "loss"}),
		Line(Series{Name: "loss"}).With(LogScale()),
		Line(Series{Name: "loss", Y: []float64{0.5}}).With(LogScale()),
		Line(Series{Name: "loss", Y: []float64{0, -1}}).With(LogScale()),
	} {
		if img := decode(t, f.PNG()); img.Bounds().Dx() != 560 {
			t.Errorf("%v: width %d, want 560", f, img.Bounds().Dx())
		}
	}
}

func TestSizes(t *testing.T) {
	maps := tensorlib.Zeros(1, 16, 4, 4)
	cases := []struct {
		name string
		f    *Figure
		w, h int
	}{
		{"Size option", Heatmap(tensorlib.Zeros(3, 3), Size(200, 150)), 200, 150},
		{"Size through With", Histogram(tensorlib.Zeros(5)).With(Size(300, 100)), 300, 100},
		{"FeatureMaps 4×4", FeatureMaps(maps, 16), 4*120 + 62 + 20, 4*120 + 10},
		{"FeatureMaps 8 columns", FeatureMaps(maps, 16).With(Columns(8)), 8*120 + 62 + 20, 2*120 + 10},
		{"Grid of two", Grid(Image(tensorlib.Zeros(2, 2)), Image(tensorlib.Zeros(2, 2))), 640, 320},
		{"Grid with a title", Grid(Image(tensorlib.Zeros(2, 2))).With(Title("t")), 320, 350},
	}
	for _, c := range cases {
		img := decode(t, c.f.PNG())
		if got := img.Bounds().Size(); got.X != c.w || got.Y != c.h {
			t.Errorf("%s: %v, want %d×%d", c.name, got, c.w, c.h)
		}
	}
}

func TestFeatureMapsShowsTheFirstSampleAndNChannels(t *testing.T) {
	data := make([]float32, 2*3*2*2)
	for i := range data {
		data[i] = float32(i) // sample 1 holds 12..23
	}
	f := FeatureMaps(tensorlib.New(data, 2, 3, 2, 2), 2)
	want := "FeatureMaps: 2 channels of 2×2, values in [0, 7] (viridis, 0 to 7)"
	if f.String() != want {
		t.Errorf("got %q, want %q", f.String(), want)
	}
	if got := FeatureMaps(tensorlib.New(data[:12], 3, 2, 2), 0).String(); !strings.HasPrefix(got, "FeatureMaps: 3 channels") {
		t.Errorf("n = 0 should show every channel: %q", got)
	}
}

func TestHeatmapSqueezesToTwoDimensions(t *testing.T) {
	cases := []struct {
		shape []int
		want  string
	}{
		{[]int{1, 1, 2, 3}, "Heatmap 2×3"},
		{[]int{6}, "Heatmap 1×6"},
		{[]int{2, 1, 3}, "Heatmap 2×3"},
		{[]int{6, 1}, "Heatmap 6×1"}, // 2-D stays as it is
	}
	for _, c := range cases {
		got := Heatmap(tensorlib.Zeros(c.shape...)).String()
		if !strings.HasPrefix(got, c.want+",") {
			t.Errorf("shape %v: %q, want prefix %q", c.shape, got, c.want)
		}
	}
}

func TestBadArgumentsPanic(t *testing.T) {
	cases := []struct {
		name string
		f    func()
		want string
	}{
		{"heatmap 3-D", func() { Heatmap(tensorlib.Zeros(2, 3, 4)) }, "viz: Heatmap: shape [2 3 4] has more than two dimensions of size > 1"},
		{"heatmap nil", func() { Heatmap(nil) }, "viz: Heatmap: nil tensor"},
		{"feature maps 2-D", func() { FeatureMaps(tensorlib.Zeros(2, 3), 1) }, "viz: FeatureMaps: want shape [N C H W] or [C H W], have [2 3]"},
		{"image 2 channels", func() { Image(tensorlib.Zeros(2, 4, 4)) }, "viz: Image: want an image of shape"},
		{"overlay heat 3-D", func() { Overlay(tensorlib.Zeros(4, 4), tensorlib.Zeros(2, 2, 2)) }, "viz: Overlay: shape [2 2 2]"},
		{"empty histogram", func() { Histogram(tensorlib.Zeros(0)) }, "viz: Histogram: empty tensor (shape [0])"},
		{"line without series", func() { Line() }, "viz: Line: no series"},
		{"line x and y", func() { Line(Series{Name: "a", X: []float64{1}, Y: []float64{1, 2}}) }, `viz: Line: series 0 ("a") has 1 x and 2 y values`},
		{"grid empty", func() { Grid() }, "viz: Grid: no figures"},
		{"grid nil", func() { Grid(nil) }, "viz: Grid: figure 0 is nil"},
		{"gradient flow lengths", func() { GradientFlowOf([]string{"a"}, nil) }, "viz: GradientFlowOf: need as many names as parameters, at least one (1 names, 0 parameters)"},
		{"gradient flow nil model", func() { GradientFlow(nil) }, "viz: GradientFlow: nil model"},
		{"size", func() { Size(10, 300) }, "viz: Size: 10×300 pixels is too small"},
		{"range", func() { Range(1, 1) }, "viz: Range: need finite min < max (min 1, max 1)"},
		{"alpha", func() { Alpha(2) }, "viz: Alpha: opacity 2 is outside [0, 1]"},
		{"bins", func() { Bins(0) }, "viz: Bins: need at least one bin (n 0)"},
		{"columns", func() { Columns(0) }, "viz: Columns: need at least one column (n 0)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.HasPrefix(s, c.want) {
					t.Errorf("panic %v, want prefix %q", r, c.want)
				}
			}()
			c.f()
		})
	}
}

func TestNiceTicks(t *testing.T) {
	cases := []struct {
		lo, hi float64
		want   string
	}{
		{0, 1, "0.0 0.2 0.4 0.6 0.8 1.0"},
		{-2, 2, "-2 -1 0 1 2"},
		{0, 3.9, "0 1 2 3"},
		{-0.003, 0.003, "-0.002 0.000 0.002"},
		{0, 2e6, "0 5e+05 1e+06 1.5e+06 2e+06"},
		{0, 3e-5, "0 1e-05 2e-05 3e-05"},
	}
	for _, c := range cases {
		var labels []string
		for _, tk := range niceTicks(c.lo, c.hi, 5) {
			labels = append(labels, tk.label)
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("niceTicks(%v, %v) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}

func TestDecadeTicks(t *testing.T) {
	cases := []struct {
		lo, hi float64
		want   string // labelled ticks, then the number of ticks
	}{
		{1e-5, 1, "1e-05 0.0001 0.001 0.01 0.1 1 (46 ticks)"},
		{0.02, 30, "0.1 1 10 (29 ticks)"},
		{1e-9, 1e3, "1e-08 1e-06 0.0001 0.01 1 100 (109 ticks)"},
		{2, 7, "2 3 4 5 6 7 (6 ticks)"},
		{0.15, 0.35, "0.2 0.3 (2 ticks)"},
		{3e-5, 8e-5, "3e-05 4e-05 5e-05 6e-05 7e-05 8e-05 (6 ticks)"},
	}
	for _, c := range cases {
		var labels []string
		ticks := decadeTicks{}.Ticks(c.lo, c.hi)
		for _, tk := range ticks {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		got := fmt.Sprintf("%s (%d ticks)", strings.Join(labels, " "), len(ticks))
		if got != c.want {
			t.Errorf("decadeTicks(%v, %v) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}

func TestIndexStep(t *testing.T) {
	for n, want := range map[int]int{1: 1, 7: 1, 8: 2, 14: 2, 15: 5, 28: 5, 36: 10, 100: 20, 784: 200} {
		if got := indexStep(n); got != want {
			t.Errorf("indexStep(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestSVGEmbedsCellsEnlargedSoViewersCannotBlurThem(t *testing.T) {
	svg := string(Heatmap(tensorlib.New(wave(28, 28, 0), 28, 28)).SVG())
	i := strings.Index(svg, "data:image/png;base64,")
	j := strings.IndexByte(svg[i:], '"')
	raw, err := base64.StdEncoding.DecodeString(svg[i+len("data:image/png;base64,") : i+j])
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, raw)
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if w%28 != 0 || h%28 != 0 || w < 28*8 {
		t.Fatalf("embedded image %d×%d, want whole multiples of 28×28, 8 or more times", w, h)
	}
	// Every block of k×k pixels is one colour.
	k := w / 28
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if img.At(x, y) != img.At(x/k*k, y/(h/28)*(h/28)) {
				t.Fatalf("pixel (%d, %d) differs from its block's corner", x, y)
			}
		}
	}
}
