package viz

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Grid returns a figure of figs side by side, row by row, in a grid of
// nearly square shape (or Columns columns). Each figure is drawn with its
// own options in a tile as large as the largest figure's size; the figures'
// Size and SVG options are ignored inside a grid.
//
// Options (through With): Columns, Title, Size (default: the tiles' total),
// SVG. It panics if no figure is given or one is nil.
func Grid(figs ...*Figure) *Figure {
	if len(figs) == 0 {
		panic("viz: Grid: no figures")
	}
	tileW, tileH := 0, 0
	desc := make([]string, len(figs))
	for i, f := range figs {
		if f == nil {
			panic(fmt.Sprintf("viz: Grid: figure %d is nil", i))
		}
		w, h := f.Size()
		tileW, tileH = max(tileW, w), max(tileH, h)
		desc[i] = f.desc
	}
	figs = append([]*Figure(nil), figs...)
	g := newFigure("Grid of "+fmt.Sprint(len(figs))+" figures: "+strings.Join(desc, " | "), 0, 0, func(c draw.Canvas, o *options) {
		c = drawTitle(c, o.title)
		cols, rows := gridShape(len(figs), o.columns)
		pad := 8 * vg.Inch / DPI
		tiles := draw.Tiles{Cols: cols, Rows: rows, PadX: pad, PadY: pad}
		for i, f := range figs {
			sub := f.opts
			f.draw(tiles.At(c, i%cols, i/cols), &sub)
		}
	}, nil)
	g.size = func(o *options) (int, int) {
		cols, rows := gridShape(len(figs), o.columns)
		return cols * tileW, rows*tileH + titleHeight(o)
	}
	return g
}
