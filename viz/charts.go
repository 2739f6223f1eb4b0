package viz

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// tab10 is matplotlib's default colour cycle, for lines and bars.
var tab10 = []color.NRGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xd6, 0x27, 0x28, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff},
	{0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff}, {0xbc, 0xbd, 0x22, 0xff},
	{0x17, 0xbe, 0xcf, 0xff},
}

// Histogram returns a figure of the distribution of t's values (any shape)
// in equal-width bins over [min, max] of its finite values; NaN and ±Inf are
// left out and counted in the figure's text. A bin holds the values v with
// lo <= v < hi, the last one also its upper edge, as numpy's histogram.
//
// Options: Bins (default 30), Size (default 440×320), Title, XLabel (default
// "value"), YLabel (default "count"), SVG. It panics if t is nil or empty.
func Histogram(t *tensorlib.Tensor, opts ...Option) *Figure {
	checkTensor("Histogram", t)
	data := float64s(t.Data())
	f := newFigure("", 440, 320, nil, opts)
	bins, skipped := histogramBins(data, f.opts.bins)
	f.draw = func(c draw.Canvas, o *options) {
		p := newPlot(o)
		if p.X.Label.Text == "" {
			p.X.Label.Text = "value"
		}
		if p.Y.Label.Text == "" {
			p.Y.Label.Text = "count"
		}
		bins, _ := histogramBins(data, o.bins)
		h := &plotter.Histogram{Bins: bins, Width: bins[0].Max - bins[0].Min, FillColor: tab10[0]}
		h.LineStyle = draw.LineStyle{Color: color.White, Width: vg.Points(0.5)}
		p.Add(h)
		p.Draw(c)
	}
	lo, hi := finiteRange(data)
	f.desc = fmt.Sprintf("Histogram of %d values in [%.4g, %.4g], %d bins", len(data)-skipped, lo, hi, len(bins))
	if skipped > 0 {
		f.desc += fmt.Sprintf(", %d NaN or infinite left out", skipped)
	}
	return f
}

// histogramBins counts the finite values of data in n equal bins over their
// range (widened to ±0.5 around a single value), and returns how many values
// were not finite.
func histogramBins(data []float64, n int) (bins []plotter.HistogramBin, skipped int) {
	lo, hi := finiteRange(data)
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	width := (hi - lo) / float64(n)
	bins = make([]plotter.HistogramBin, n)
	for i := range bins {
		bins[i].Min = lo + float64(i)*width
		bins[i].Max = lo + float64(i+1)*width
	}
	bins[n-1].Max = hi
	for _, v := range data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			skipped++
			continue
		}
		i := min(int((v-lo)/width), n-1)
		bins[i].Weight++
	}
	return bins, skipped
}

// Series is one curve of a Line chart: Y values at X positions, or at
// 0, 1, 2, … when X is nil. Name, if not empty, goes in the legend.
type Series struct {
	Name string
	X, Y []float64
}

// NewSeries returns a series of float32 values, such as losses collected
// with loss.Item(), at steps 0, 1, 2, ….
func NewSeries(name string, y []float32) Series {
	return Series{Name: name, Y: float64s(y)}
}

// Line returns a chart of the series as lines, in matplotlib's colours, with
// a legend of the named ones at the right of the chart, where it never
// covers a line: loss curves, typically, redrawn in place while training
// runs (see the example). NaN and infinite points are left out.
// The series are copied, so later appends do not change the figure.
//
// Options (through With): Size (default 560×320), Title, XLabel, YLabel,
// LogScale (points <= 0 are then left out), SVG. It panics if no series is
// given or a series has X and Y of different lengths.
func Line(series ...Series) *Figure {
	if len(series) == 0 {
		panic("viz: Line: no series")
	}
	var desc []string
	ss := make([]Series, len(series))
	for i, s := range series {
		if s.X != nil && len(s.X) != len(s.Y) {
			panic(fmt.Sprintf("viz: Line: series %d (%q) has %d x and %d y values", i, s.Name, len(s.X), len(s.Y)))
		}
		ss[i] = Series{Name: s.Name, Y: append([]float64(nil), s.Y...)}
		if s.X != nil {
			ss[i].X = append([]float64(nil), s.X...)
		}
		name := s.Name
		if name == "" {
			name = fmt.Sprintf("series %d", i)
		}
		if n := len(s.Y); n > 0 {
			desc = append(desc, fmt.Sprintf("%s (%d points, last %.4g)", name, n, s.Y[n-1]))
		} else {
			desc = append(desc, name+" (no points)")
		}
	}
	return newFigure("Line: "+strings.Join(desc, ", "), 560, 320, func(c draw.Canvas, o *options) {
		drawLines(c, o, ss)
	}, nil)
}

// drawLines draws Line's chart.
func drawLines(c draw.Canvas, o *options, series []Series) {
	p := newPlot(o)
	p.Legend.TextStyle.Font = sans
	p.Legend.TextStyle.Font.Size = 9
	p.X.Tick.Marker, p.Y.Tick.Marker = niceTicker{}, niceTicker{}
	if o.logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = decadeTicks{}
	}
	p.Add(plotter.NewGrid())
	for i, s := range series {
		var pts plotter.XYs
		for j, y := range s.Y {
			x := float64(j)
			if s.X != nil {
				x = s.X[j]
			}
			if math.IsNaN(x+y) || math.IsInf(x+y, 0) || (o.logY && y <= 0) {
				continue
			}
			pts = append(pts, plotter.XY{X: x, Y: y})
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			panic(fmt.Sprintf("viz: Line: %v", err)) // cannot happen: points are finite
		}
		l.LineStyle = draw.LineStyle{Color: tab10[i%len(tab10)], Width: vg.Points(1.5)}
		p.Add(l)
		if s.Name != "" {
			p.Legend.Add(s.Name, l)
		}
	}
	if o.logY && !(p.Y.Min > 0 && p.Y.Max > p.Y.Min) {
		// A log axis needs a positive, non-empty range: give one to a
		// chart with no point or a single level yet.
		if p.Y.Max > 0 {
			p.Y.Min, p.Y.Max = p.Y.Max/10, p.Y.Max*10
		} else {
			p.Y.Min, p.Y.Max = 0.1, 1
		}
	}
	drawLegendRight(c, p)
}

// drawLegendRight draws p with its legend, if it has entries, in a column
// at the right of the data area, level with its top: a legend inside the
// data area would cover the curves sooner or later (training curves start
// high at the left and loss histories fill the whole width).
func drawLegendRight(c draw.Canvas, p *plot.Plot) {
	legend := p.Legend
	legend.Top, legend.Left = true, true
	legend.Padding = vg.Points(2)
	width := legend.Rectangle(c).Max.X - legend.Rectangle(c).Min.X
	if width == 0 {
		p.Draw(c)
		return
	}
	gap := vg.Points(6)
	p.Legend = plot.NewLegend()
	plotArea := draw.Crop(c, 0, -(width + 2*gap), 0, 0)
	p.Draw(plotArea)
	data := p.DataCanvas(plotArea)
	column := c
	column.Min.X = plotArea.Max.X + gap
	column.Min.Y, column.Max.Y = data.Min.Y, data.Max.Y
	legend.Draw(column)
}

// niceTicker marks a linear axis with about five labelled ticks at 1, 2 or
// 5 times a power of ten, in one number format (niceTicks), as the colour
// bars are marked.
type niceTicker struct{}

func (niceTicker) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, t := range niceTicks(lo, hi, 5) {
		ticks = append(ticks, plot.Tick{Value: t.value, Label: t.label})
	}
	return ticks
}

// decadeTicks marks a logarithmic axis at powers of ten, with unlabelled
// ticks at 2 to 9 times each power. Values are labelled as %g writes them
// (0.001, 0.0001, 1e-05, 1e+06). Axes that span many decades label every
// second or third power; an axis within one decade labels its 2 to 9 ticks
// too. (gonum/plot's LogTicks labels 1e-4 as 9.999999999999999e-05.)
type decadeTicks struct{}

func (decadeTicks) Ticks(bottom, top float64) []plot.Tick {
	if !(bottom > 0 && top > bottom) {
		return nil
	}
	lo, hi := int(math.Floor(math.Log10(bottom))), int(math.Ceil(math.Log10(top)))
	labelEvery := max(1, (hi-lo+5)/6)
	var majors int
	for e := lo; e <= hi; e++ {
		if v := math.Pow10(e); v >= bottom && v <= top {
			majors++
		}
	}
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		for k := 1; k <= 9; k++ {
			// Parsed from its decimal form, k·10^e is the float nearest to
			// it, which %g writes back without noise.
			v, _ := strconv.ParseFloat(fmt.Sprintf("%de%d", k, e), 64)
			if v < bottom || v > top {
				continue
			}
			t := plot.Tick{Value: v}
			if (k == 1 && e%labelEvery == 0) || majors < 2 {
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// GradientFlowOf returns a bar chart of the gradients of params, named by
// names: for each parameter, mean |grad| and max |grad| side by side, in the
// order given (use NamedParameters order). A parameter without a gradient
// (never reached by backward) has no bars and "(no grad)" after its name.
// A healthy network shows bars of similar height in every layer; bars that
// shrink towards the input are vanishing gradients.
//
// Options: Size (default 60 px per parameter, from 480 to 1600 px wide,
// 360 high), Title (default "Gradient flow"), LogScale (to see gradients
// that differ by decades; zero gradients have no bar), SVG. It panics if
// names and params differ in length or are empty.
func GradientFlowOf(names []string, params []*tensorlib.Tensor, opts ...Option) *Figure {
	if len(names) != len(params) || len(names) == 0 {
		panic(fmt.Sprintf("viz: GradientFlowOf: need as many names as parameters, at least one (%d names, %d parameters)", len(names), len(params)))
	}
	labels := make([]string, len(names))
	means := make(plotter.Values, len(names))
	maxes := make(plotter.Values, len(names))
	for i, t := range params {
		labels[i] = names[i]
		var g *tensorlib.Tensor
		if t != nil {
			g = t.Grad()
		}
		if g == nil || g.Numel() == 0 {
			labels[i] += " (no grad)"
			continue
		}
		for _, v := range g.Data() {
			a := math.Abs(float64(v))
			means[i] += a
			maxes[i] = math.Max(maxes[i], a)
		}
		means[i] /= float64(g.Numel())
	}
	opts = append([]Option{Title("Gradient flow")}, opts...)
	f := newFigure("", min(max(480, 60*len(names)+80), 1600), 360, func(c draw.Canvas, o *options) {
		drawGradientFlow(c, o, labels, means, maxes)
	}, opts)
	var desc []string
	for i := range labels {
		desc = append(desc, fmt.Sprintf("%s mean %.3g max %.3g", labels[i], means[i], maxes[i]))
	}
	f.desc = "GradientFlow: " + strings.Join(desc, "; ")
	return f
}

// drawGradientFlow draws GradientFlowOf's chart. On a log scale the bars
// are drawn as decades above the smallest nonzero value's decade (a bar
// cannot start at 0 on a log axis), and the axis is labelled in |grad|.
func drawGradientFlow(c draw.Canvas, o *options, labels []string, means, maxes plotter.Values) {
	p := newPlot(o)
	if p.Y.Label.Text == "" {
		p.Y.Label.Text = "|grad|"
	}
	p.Legend.TextStyle.Font = sans
	p.Legend.TextStyle.Font.Size = 9
	p.Y.Tick.Marker = niceTicker{}
	var base float64
	if o.logY {
		means, maxes, base = decadesAbove(means, maxes)
		p.Y.Tick.Marker = shiftedDecades{base}
	}
	p.Add(plotter.NewGrid())
	// The bar width is a length, not a data width: take it from the space
	// one parameter gets, estimated before the axes are laid out.
	slot := (c.Max.X - c.Min.X - vg.Points(120)) / vg.Length(len(labels))
	w := slot * 0.35
	mean, err := plotter.NewBarChart(means, w)
	if err != nil {
		panic(fmt.Sprintf("viz: GradientFlow: %v", err)) // cannot happen: w > 0
	}
	mean.Color, mean.LineStyle.Width, mean.Offset = tab10[0], 0, -w/2
	peak, _ := plotter.NewBarChart(maxes, w)
	peak.Color, peak.LineStyle.Width, peak.Offset = tab10[1], 0, w/2
	p.Add(mean, peak)
	p.Legend.Add("mean |grad|", mean)
	p.Legend.Add("max |grad|", peak)
	p.NominalX(labels...)
	p.X.Tick.Label.Rotation = math.Pi / 2
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	p.X.Min, p.X.Max = -0.5, float64(len(labels))-0.5
	p.Y.Min = 0
	if p.Y.Max <= 0 {
		p.Y.Max = 1 // no gradients at all: an empty chart from 0
	}
	if o.logY {
		p.Y.Max = math.Ceil(p.Y.Max)
	} else {
		p.Y.Max *= 1.05 // the tallest bar does not touch the frame
	}
	drawLegendRight(c, p)
}

// decadesAbove returns the log10 of the positive values of a and b, less
// base, the decade of the smallest of them; values <= 0 become 0 (no bar).
func decadesAbove(a, b plotter.Values) (la, lb plotter.Values, base float64) {
	smallest := math.Inf(1)
	for _, v := range append(append(plotter.Values{}, a...), b...) {
		if v > 0 {
			smallest = math.Min(smallest, v)
		}
	}
	if math.IsInf(smallest, 1) {
		return make(plotter.Values, len(a)), make(plotter.Values, len(b)), 0
	}
	base = math.Floor(math.Log10(smallest))
	shift := func(vs plotter.Values) plotter.Values {
		out := make(plotter.Values, len(vs))
		for i, v := range vs {
			if v > 0 {
				out[i] = math.Log10(v) - base
			}
		}
		return out
	}
	return shift(a), shift(b), base
}

// shiftedDecades marks an axis that shows log10(v) - base as decadeTicks
// marks one that shows v.
type shiftedDecades struct{ base float64 }

func (s shiftedDecades) Ticks(lo, hi float64) []plot.Tick {
	ticks := decadeTicks{}.Ticks(math.Pow(10, lo+s.base), math.Pow(10, hi+s.base)*(1+1e-12))
	for i := range ticks {
		ticks[i].Value = math.Log10(ticks[i].Value) - s.base
	}
	return ticks
}

// GradientFlow returns GradientFlowOf the model's parameters, named and
// ordered as model.NamedParameters gives them: call it after backward.
//
// Options: as GradientFlowOf. It panics if model is nil or has no
// parameters.
func GradientFlow(model *nnlib.Module, opts ...Option) *Figure {
	if model == nil {
		panic("viz: GradientFlow: nil model")
	}
	named := model.NamedParameters()
	if len(named) == 0 {
		panic("viz: GradientFlow: the model has no parameters")
	}
	names := make([]string, len(named))
	params := make([]*tensorlib.Tensor, len(named))
	for i, nt := range named {
		names[i], params[i] = nt.Name, nt.Tensor
	}
	return GradientFlowOf(names, params, opts...)
}
