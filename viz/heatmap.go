package viz

import (
	"fmt"
	"image"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gohooks/gohooks/tensorlib"
)

// Heatmap returns a figure of t's values as coloured cells, row 0 at the top
// as in matplotlib's imshow, with axes giving row and column indices and a
// colour bar. t is 2-D, or any shape that is 2-D (or 1-D: one row) once its
// dimensions of size 1 are dropped, such as [1, 1, 28, 28].
//
// The colour map is chosen from the data: viridis (matplotlib's default)
// over [min, max], unless the data has both negative and positive values, as
// gradients do; then a diverging map (blue, white at zero, red) over
// [-a, a] with a the largest magnitude, so zero is always white. The Viridis
// and Diverging options force one map; Range fixes the range. NaN cells are
// grey. Cells are square unless one side of the array is more than four
// times the other, in which case they stretch to fill the figure.
//
// Options: Size (default 440×380), Title, Viridis, Diverging, Range, SVG.
// It panics if t is nil, empty, or has more than two dimensions of size > 1.
func Heatmap(t *tensorlib.Tensor, opts ...Option) *Figure {
	return heatmapOf(gridOf("Heatmap", t), opts)
}

// heatmapOf draws a heatmap figure of g.
func heatmapOf(g grid, opts []Option) *Figure {
	f := newFigure("", 440, 380, func(c draw.Canvas, o *options) {
		m := chooseColorMap(g.data, o)
		img := colorImage(g, m)
		main := draw.Crop(c, labelMargin(o.rowLabels), -colorBarWidth, 0, 0)
		p := newPlot(o)
		p.Add(newRaster(img))
		p.X.Padding, p.Y.Padding = 0, 0
		p.X.Tick.Marker = axisTicks("Heatmap", "column", o.colLabels, g.cols, false)
		p.Y.Tick.Marker = axisTicks("Heatmap", "row", o.rowLabels, g.rows, true)
		pc := fitAspect(p, main, cellAspect(g.rows, g.cols))
		p.Draw(pc)
		dc := p.DataCanvas(pc)
		bar := dc
		bar.Min.X = dc.Max.X + 10*vg.Inch/DPI
		bar.Max.X = c.Max.X
		drawColorBar(bar, m)
	}, opts)
	lo, hi := finiteRange(g.data)
	m := chooseColorMap(g.data, &f.opts)
	f.desc = fmt.Sprintf("Heatmap %d×%d, values in [%.4g, %.4g] (%s)", g.rows, g.cols, lo, hi, mapName(m))
	return f
}

// mapName names m's table for descriptions.
func mapName(m colorMap) string {
	if m.table == diverging {
		return fmt.Sprintf("diverging, %.4g to %.4g", m.min, m.max)
	}
	return fmt.Sprintf("viridis, %.4g to %.4g", m.min, m.max)
}

// cellAspect is the width/height of the data area that makes a rows×cols
// array's cells square, or 0 (fill the area) when one side is more than four
// times the other.
func cellAspect(rows, cols int) float64 {
	a := float64(cols) / float64(rows)
	if a > 4 || a < 0.25 {
		return 0
	}
	return a
}

// newPlot returns a plot in the house style: sans fonts, o's title and axis
// labels.
func newPlot(o *options) *plot.Plot {
	p := plot.New()
	p.Title.TextStyle = textStyle(12, draw.XCenter, draw.YTop)
	p.Title.Text = o.title
	p.Title.Padding = vg.Points(4)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans
		a.Label.TextStyle.Font.Size = 10
		a.Tick.Label.Font = sans
		a.Tick.Label.Font.Size = 9
	}
	p.X.Label.Text, p.Y.Label.Text = o.xlabel, o.ylabel
	return p
}

// fitAspect returns the largest part of c, centred, in which p's data area
// has width/height aspect; aspect 0 returns c.
func fitAspect(p *plot.Plot, c draw.Canvas, aspect float64) draw.Canvas {
	if aspect <= 0 {
		return c
	}
	d := p.DataCanvas(c)
	w, h := d.Max.X-d.Min.X, d.Max.Y-d.Min.Y
	if w <= 0 || h <= 0 {
		return c
	}
	if want := h * vg.Length(aspect); want < w {
		cut := (w - want) / 2
		c.Min.X += cut
		c.Max.X -= cut
	} else {
		cut := (h - w/vg.Length(aspect)) / 2
		c.Min.Y += cut
		c.Max.Y -= cut
	}
	return c
}

// indexTicks labels an axis of n cells at integer positions 0..n-1, at a
// step of 1, 2 or 5 times a power of ten giving at most 7 ticks. With flip
// the labels count from the top: position n-1-i is labelled i, since the
// data's row 0 is drawn at the top.
func indexTicks(n int, flip bool) plot.Ticker {
	step := indexStep(n)
	return plot.TickerFunc(func(_, _ float64) []plot.Tick {
		var ticks []plot.Tick
		for i := 0; i < n; i += step {
			pos := float64(i)
			if flip {
				pos = float64(n - 1 - i)
			}
			ticks = append(ticks, plot.Tick{Value: pos, Label: fmt.Sprint(i)})
		}
		return ticks
	})
}

// labelMargin is extra room at the left for long row labels, which the
// plot's own axis layout underestimates.
func labelMargin(labels []string) vg.Length {
	var w vg.Length
	sty := textStyle(9, draw.XLeft, draw.YCenter)
	for _, l := range labels {
		w = max(w, sty.Rectangle(l).Size().X)
	}
	return w / 3
}

// axisTicks returns indexTicks, or a tick per cell with the given labels.
func axisTicks(op, what string, labels []string, n int, flip bool) plot.Ticker {
	if labels == nil {
		return indexTicks(n, flip)
	}
	if len(labels) != n {
		panic(fmt.Sprintf("viz: %s: %d %s labels for %d %ss", op, len(labels), what, n, what))
	}
	return plot.TickerFunc(func(_, _ float64) []plot.Tick {
		ticks := make([]plot.Tick, n)
		for i, l := range labels {
			pos := float64(i)
			if flip {
				pos = float64(n - 1 - i)
			}
			ticks[i] = plot.Tick{Value: pos, Label: l}
		}
		return ticks
	})
}

// indexStep returns the smallest step of 1, 2 or 5 times a power of ten at
// which 0..n-1 has at most 7 ticks.
func indexStep(n int) int {
	for mult := 1; ; mult *= 10 {
		for _, f := range []int{1, 2, 5} {
			if (n-1)/(f*mult) < 7 {
				return f * mult
			}
		}
	}
}

// raster is a plot.Plotter that draws an image over a rectangle of data
// space, one image pixel per data cell, scaled without smoothing.
type raster struct {
	img                    image.Image
	xmin, xmax, ymin, ymax float64
}

// newRaster returns a raster of img's cols×rows pixels covering
// [-0.5, cols-0.5]×[-0.5, rows-0.5], so that the cell in column c and row r
// (from the top) is centred on (c, rows-1-r).
func newRaster(img image.Image) *raster {
	b := img.Bounds()
	return &raster{img: img, xmin: -0.5, xmax: float64(b.Dx()) - 0.5, ymin: -0.5, ymax: float64(b.Dy()) - 0.5}
}

// Plot implements plot.Plotter.
func (r *raster) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	drawPixels(c, vg.Rectangle{
		Min: vg.Point{X: trX(r.xmin), Y: trY(r.ymin)},
		Max: vg.Point{X: trX(r.xmax), Y: trY(r.ymax)},
	}, r.img)
}

// DataRange implements plot.DataRanger.
func (r *raster) DataRange() (xmin, xmax, ymin, ymax float64) {
	return r.xmin, r.xmax, r.ymin, r.ymax
}

// FeatureMaps returns a figure of the first n channels of t, one heatmap per
// channel with its title ("ch 0", "ch 1", …), in a grid of Columns columns
// (default: nearly square, 16 maps as 4×4). t is [N, C, H, W] (the first
// sample is shown) or [C, H, W]; n <= 0 or n > C shows every channel.
//
// All maps share one colour scale and one colour bar, so channels can be
// compared: a dead channel is uniformly dark. The colour map is chosen as
// for Heatmap (viridis, or diverging for data with both signs, such as
// gradients) from the values of the channels shown.
//
// Options: Size (default about 120 px per map), Title, Columns, Viridis,
// Diverging, Range, SVG. It panics if t is nil, empty or not 3-D or 4-D.
func FeatureMaps(t *tensorlib.Tensor, n int, opts ...Option) *Figure {
	checkTensor("FeatureMaps", t)
	shape := t.Shape()
	var ch, h, w int
	switch len(shape) {
	case 4:
		ch, h, w = shape[1], shape[2], shape[3]
	case 3:
		ch, h, w = shape[0], shape[1], shape[2]
	default:
		panic(fmt.Sprintf("viz: FeatureMaps: want shape [N C H W] or [C H W], have %v", shape))
	}
	if n <= 0 || n > ch {
		n = ch
	}
	data := float64s(t.Data()[:n*h*w]) // the first sample's first n channels
	maps := make([]grid, n)
	for i := range maps {
		maps[i] = grid{data: data[i*h*w : (i+1)*h*w], rows: h, cols: w}
	}
	f := newFigure("", 0, 0, func(c draw.Canvas, o *options) {
		drawMaps(c, o, data, maps)
	}, opts)
	f.size = func(o *options) (int, int) {
		cols, rows := gridShape(n, o.columns)
		return cols*120 + int(colorBarWidth/vg.Inch*DPI) + 20, rows*120 + 10 + titleHeight(o)
	}
	lo, hi := finiteRange(data)
	m := chooseColorMap(data, &f.opts)
	f.desc = fmt.Sprintf("FeatureMaps: %d channels of %d×%d, values in [%.4g, %.4g] (%s)", n, h, w, lo, hi, mapName(m))
	return f
}

// gridShape returns the columns and rows of a grid of n panels: columns as
// asked, or the smallest c with c*c >= n.
func gridShape(n, columns int) (cols, rows int) {
	cols = columns
	if cols <= 0 {
		cols = int(math.Ceil(math.Sqrt(float64(n))))
	}
	cols = max(1, min(cols, n))
	return cols, (n + cols - 1) / cols
}

// drawMaps draws the panels of FeatureMaps: a titled heatmap per map, then
// one colour bar for all.
func drawMaps(c draw.Canvas, o *options, all []float64, maps []grid) {
	m := chooseColorMap(all, o)
	c = drawTitle(c, o.title)
	cols, rows := gridShape(len(maps), o.columns)
	// The bottom margin leaves room for the colour bar's lowest label.
	area := draw.Crop(c, 0, -colorBarWidth-10*vg.Inch/DPI, 6*vg.Inch/DPI, 0)
	tiles := draw.Tiles{Cols: cols, Rows: rows, PadX: vg.Points(4), PadY: vg.Points(2), PadTop: vg.Points(2), PadBottom: vg.Points(2), PadLeft: vg.Points(4)}
	top, bottom := area.Min.Y, area.Max.Y
	for i, g := range maps {
		tc := tiles.At(area, i%cols, i/cols)
		p := newPlot(&options{title: fmt.Sprintf("ch %d", i)})
		p.Title.TextStyle.Font.Size = 9
		p.Title.Padding = vg.Points(2)
		p.HideAxes()
		p.X.Padding, p.Y.Padding = 0, 0
		p.Add(newRaster(colorImage(g, m)))
		pc := fitAspect(p, tc, cellAspect(g.rows, g.cols))
		p.Draw(pc)
		dc := p.DataCanvas(pc)
		top, bottom = max(top, dc.Max.Y), min(bottom, dc.Min.Y)
	}
	bar := area
	bar.Min.X, bar.Max.X = area.Max.X+10*vg.Inch/DPI, c.Max.X
	bar.Min.Y, bar.Max.Y = bottom, top
	drawColorBar(bar, m)
}

// titleHeight is the height in pixels that drawTitle takes for o's title.
func titleHeight(o *options) int {
	if o.title == "" {
		return 0
	}
	return 30
}

// drawTitle draws a figure title at the top of c and returns the rest of c.
func drawTitle(c draw.Canvas, title string) draw.Canvas {
	if title == "" {
		return c
	}
	sty := textStyle(14, draw.XCenter, draw.YTop)
	c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - vg.Points(4)}, title)
	h := sty.Rectangle(title).Size().Y + vg.Points(10)
	return draw.Crop(c, 0, 0, 0, -h)
}
