package viz

import (
	"fmt"
	"math"
)

// Option changes how a figure is drawn. Options a figure does not use are
// ignored (Bins on a Heatmap, for example).
type Option func(*options)

// paletteChoice says which colour map a heatmap uses.
type paletteChoice int

const (
	paletteAuto paletteChoice = iota
	paletteViridis
	paletteDiverging
)

type options struct {
	width, height  int // pixels; 0 means the figure's default
	svg            bool
	title          string
	xlabel, ylabel string
	palette        paletteChoice
	hasRange       bool
	min, max       float64
	bins           int
	alpha          float64
	columns        int
	logY           bool
	rowLabels      []string
	colLabels      []string
}

func defaultOptions() options {
	return options{bins: 30, alpha: 0.5}
}

// Size sets the figure's size in pixels. It panics unless both are at least
// 16.
func Size(width, height int) Option {
	if width < 16 || height < 16 {
		panic(fmt.Sprintf("viz: Size: %d×%d pixels is too small (at least 16×16)", width, height))
	}
	return func(o *options) { o.width, o.height = width, height }
}

// SVG makes the figure's bundle an SVG image instead of a PNG.
func SVG() Option { return func(o *options) { o.svg = true } }

// Title sets the figure's title.
func Title(s string) Option { return func(o *options) { o.title = s } }

// XLabel sets the label of the horizontal axis.
func XLabel(s string) Option { return func(o *options) { o.xlabel = s } }

// YLabel sets the label of the vertical axis.
func YLabel(s string) Option { return func(o *options) { o.ylabel = s } }

// Viridis colours a heatmap with viridis whatever the sign of its data.
func Viridis() Option { return func(o *options) { o.palette = paletteViridis } }

// Diverging colours a heatmap with the diverging palette (blue below zero,
// white at zero, red above), over a range symmetric about zero, whatever the
// sign of its data.
func Diverging() Option { return func(o *options) { o.palette = paletteDiverging } }

// Range fixes the data values mapped to the two ends of the colour map
// (values outside take the end colours), instead of the data's own range. Use
// it to compare heatmaps on one scale. It panics unless min < max.
func Range(min, max float64) Option {
	if !(min < max) || math.IsInf(min, 0) || math.IsInf(max, 0) {
		panic(fmt.Sprintf("viz: Range: need finite min < max (min %v, max %v)", min, max))
	}
	return func(o *options) { o.hasRange, o.min, o.max = true, min, max }
}

// Bins sets the number of bins of a Histogram (default 30). It panics unless
// n >= 1.
func Bins(n int) Option {
	if n < 1 {
		panic(fmt.Sprintf("viz: Bins: need at least one bin (n %d)", n))
	}
	return func(o *options) { o.bins = n }
}

// Alpha sets the opacity of the heatmap in an Overlay, from 0 (only the
// image) to 1 (only the heatmap); the default is 0.5. It panics outside
// [0, 1].
func Alpha(a float64) Option {
	if !(a >= 0 && a <= 1) {
		panic(fmt.Sprintf("viz: Alpha: opacity %v is outside [0, 1]", a))
	}
	return func(o *options) { o.alpha = a }
}

// Columns sets the number of columns of a Grid or FeatureMaps (default: the
// smallest n with n*n >= the number of panels). It panics unless n >= 1.
func Columns(n int) Option {
	if n < 1 {
		panic(fmt.Sprintf("viz: Columns: need at least one column (n %d)", n))
	}
	return func(o *options) { o.columns = n }
}

// LogScale draws the vertical axis of a Line or GradientFlow chart on a
// logarithmic scale; values <= 0 are left out.
func LogScale() Option { return func(o *options) { o.logY = true } }

// RowLabels labels a heatmap's rows (top to bottom) with names instead of
// indices, such as layer names. A count that does not match the rows
// panics when the figure is drawn.
func RowLabels(labels ...string) Option {
	l := append([]string(nil), labels...)
	return func(o *options) { o.rowLabels = l }
}

// ColumnLabels labels a heatmap's columns (left to right) with names, such
// as tokens.
func ColumnLabels(labels ...string) Option {
	l := append([]string(nil), labels...)
	return func(o *options) { o.colLabels = l }
}
