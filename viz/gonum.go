package viz

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gohooks/gohooks/display"
)

// init teaches display how gonum's values show: a *plot.Plot as its
// picture and a mat.Matrix as a matrix, so a cell ending with either, or
// display.Show of either, shows what a user expects.
func init() {
	display.RegisterFormatter(gonumBundle)
}

func gonumBundle(v any) (display.Bundle, bool) {
	switch v := v.(type) {
	case *plot.Plot:
		return Plot(v).Bundle(), true
	case mat.Matrix:
		return display.HTML(matrixHTML(v)).WithText(matrixText(v)), true
	}
	return display.Bundle{}, false
}

// Plot returns a figure that draws the gonum/plot plot p, 480×360 pixels by
// default (Size changes it, SVG draws it as SVG). p is drawn when the
// figure is, so later changes to p show.
func Plot(p *plot.Plot, opts ...Option) *Figure {
	title := p.Title.Text
	if title == "" {
		title = "untitled"
	}
	return newFigure(fmt.Sprintf("plot %q", title), 480, 360, func(c draw.Canvas, _ *options) {
		p.Draw(c)
	}, opts)
}

// matrixEdge is how many rows and columns a matrix shows at each end
// when it is larger than twice that.
const matrixEdge = 6

// matrixText returns m as gonum's mat.Formatted prints it, with a line
// giving its size first and an excerpt of the corners for a large matrix.
func matrixText(m mat.Matrix) string {
	r, c := m.Dims()
	opts := []mat.FormatOption{mat.Squeeze()}
	if r > 2*matrixEdge || c > 2*matrixEdge {
		opts = append(opts, mat.Excerpt(matrixEdge/2))
	}
	return fmt.Sprintf("%d×%d %T\n%v", r, c, m, mat.Formatted(m, opts...))
}

// matrixHTML returns m as an HTML table, its corners only (with ellipses)
// when it is large.
func matrixHTML(m mat.Matrix) string {
	r, c := m.Dims()
	var b strings.Builder
	fmt.Fprintf(&b, "<div class=\"gohooks-matrix\"><small>%d×%d %s</small>", r, c, html.EscapeString(fmt.Sprintf("%T", m)))
	b.WriteString("<table style=\"font-family:monospace\">")
	for _, i := range edges(r) {
		b.WriteString("<tr>")
		for _, j := range edges(c) {
			if i < 0 || j < 0 {
				b.WriteString("<td>…</td>")
				continue
			}
			fmt.Fprintf(&b, "<td style=\"text-align:right\">%s</td>", strconv.FormatFloat(m.At(i, j), 'g', 6, 64))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table></div>")
	return b.String()
}

// edges lists the indices a table shows along a dimension of size n, with
// -1 where an ellipsis stands for the rest.
func edges(n int) []int {
	var idx []int
	if n <= 2*matrixEdge {
		for i := range n {
			idx = append(idx, i)
		}
		return idx
	}
	for i := range matrixEdge {
		idx = append(idx, i)
	}
	idx = append(idx, -1)
	for i := n - matrixEdge; i < n; i++ {
		idx = append(idx, i)
	}
	return idx
}
