package viz

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// nanColor is drawn for NaN cells: a mid grey found in neither colour map.
var nanColor = color.NRGBA{R: 128, G: 128, B: 128, A: 255}

// toNRGBA converts a colour table in [0, 1] to 8-bit colours, rounding as
// matplotlib's to_hex does (viridis starts at #440154).
func toNRGBA(t *[256][3]float64) *[256]color.NRGBA {
	var out [256]color.NRGBA
	for i, c := range t {
		out[i] = color.NRGBA{
			R: uint8(math.Round(c[0] * 255)),
			G: uint8(math.Round(c[1] * 255)),
			B: uint8(math.Round(c[2] * 255)),
			A: 255,
		}
	}
	return &out
}

//go:generate go run gen_palette.go

var (
	viridis   = toNRGBA(&viridisTable)
	diverging = toNRGBA(&rdBuRTable)
)

// colorMap maps data values in [min, max] to the 256 colours of a table, as
// matplotlib does: value v takes entry floor((v-min)/(max-min)*256), clamped
// to the table.
type colorMap struct {
	table    *[256]color.NRGBA
	min, max float64
}

// at returns the colour of v.
func (m colorMap) at(v float64) color.NRGBA {
	if math.IsNaN(v) {
		return nanColor
	}
	i := 0
	if m.max > m.min {
		i = int(math.Floor((v - m.min) / (m.max - m.min) * 256))
	}
	return m.table[min(max(i, 0), 255)]
}

// chooseColorMap picks the colour map for data under o: viridis over the
// data's range, or, for data with both signs (or with the Diverging option),
// the diverging map over a range symmetric about zero. The Range option
// fixes the range.
func chooseColorMap(data []float64, o *options) colorMap {
	lo, hi := finiteRange(data)
	div := o.palette == paletteDiverging || (o.palette == paletteAuto && lo < 0 && hi > 0)
	m := colorMap{table: viridis, min: lo, max: hi}
	if div {
		a := math.Max(math.Abs(lo), math.Abs(hi))
		if a == 0 {
			a = 1
		}
		m = colorMap{table: diverging, min: -a, max: a}
	}
	if o.hasRange {
		m.min, m.max = o.min, o.max
	}
	return m
}

// finiteRange returns the least and greatest finite values of data, or 0, 1
// when it has none.
func finiteRange(data []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if lo > hi {
		return 0, 1
	}
	return lo, hi
}

// colorImage colours a rows×cols grid (row 0 at the top) with m.
func colorImage(g grid, m colorMap) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, g.cols, g.rows))
	for r := range g.rows {
		for c := range g.cols {
			img.SetNRGBA(c, r, m.at(g.data[r*g.cols+c]))
		}
	}
	return img
}

// sans is the font of all text in figures: Liberation Sans, embedded in
// gonum/plot, so text looks the same on every machine.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// textStyle returns a text style in sans at size points.
func textStyle(size vg.Length, xalign draw.XAlignment, yalign draw.YAlignment) text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(sans, size),
		XAlign:  xalign,
		YAlign:  yalign,
		Handler: plot.DefaultTextHandler,
	}
}

// colorBarWidth is the width a colour bar takes at the right of a figure:
// the bar, its ticks and their labels.
const colorBarWidth = 62 * vg.Inch / DPI

// drawColorBar draws m's colour bar in c: a bar 12 px wide at the left of c,
// spanning c's height, with ticks and labels to its right.
func drawColorBar(c draw.Canvas, m colorMap) {
	bar := image.NewNRGBA(image.Rect(0, 0, 1, 256))
	for i := range 256 {
		bar.SetNRGBA(0, 255-i, m.table[i])
	}
	barW := 12 * vg.Inch / DPI
	rect := vg.Rectangle{Min: c.Min, Max: vg.Point{X: c.Min.X + barW, Y: c.Max.Y}}
	drawPixels(c, rect, bar)
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(0.6)}
	c.StrokeLines(line, []vg.Point{
		rect.Min, {X: rect.Max.X, Y: rect.Min.Y}, rect.Max, {X: rect.Min.X, Y: rect.Max.Y}, rect.Min,
	})
	if !(m.max > m.min) {
		return
	}
	sty := textStyle(9, draw.XLeft, draw.YCenter)
	for _, t := range niceTicks(m.min, m.max, 5) {
		y := rect.Min.Y + vg.Length((t.value-m.min)/(m.max-m.min))*(rect.Max.Y-rect.Min.Y)
		c.StrokeLine2(line, rect.Max.X, y, rect.Max.X+vg.Points(3), y)
		c.FillText(sty, vg.Point{X: rect.Max.X + vg.Points(4.5), Y: y}, t.label)
	}
}

// tick is one labelled position on an axis or colour bar.
type tick struct {
	value float64
	label string
}

// niceTicks returns at most about target ticks in [lo, hi] at a step of 1,
// 2 or 5 times a power of ten, labelled with as many decimals as the step
// needs.
func niceTicks(lo, hi float64, target int) []tick {
	if !(hi > lo) {
		return nil
	}
	raw := (hi - lo) / float64(target)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, f := range []float64{1, 2, 5} {
		if f*mag >= raw {
			step = f * mag
			break
		}
	}
	decimals := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	// One style for the whole axis: exponent form when the numbers are very
	// large or the step very small.
	exp := math.Max(math.Abs(lo), math.Abs(hi)) >= 1e6 || decimals > 4
	var ticks []tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		v := k * step
		if v == 0 {
			v = 0 // no "-0"
		}
		label := strconv.FormatFloat(v, 'f', decimals, 64)
		if exp {
			label = strconv.FormatFloat(v, 'g', 3, 64)
		}
		ticks = append(ticks, tick{v, label})
	}
	return ticks
}
