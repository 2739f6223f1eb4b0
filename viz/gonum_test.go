package viz

import (
	"encoding/base64"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/gohooks/gohooks/display"
)

// samplePlot is a line and a scatter on one gonum/plot plot.
func samplePlot() *plot.Plot {
	p := plot.New()
	p.Title.Text = "squares"
	p.X.Label.Text = "x"
	p.Y.Label.Text = "x²"
	pts := make(plotter.XYs, 11)
	for i := range pts {
		pts[i].X = float64(i)
		pts[i].Y = float64(i * i)
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		panic(err)
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		panic(err)
	}
	p.Add(line, sc, plotter.NewGrid())
	return p
}

func TestPlotShowsAsItsPicture(t *testing.T) {
	checkGolden(t, "gonum_plot", Plot(samplePlot()))
	b := display.BundleOf(samplePlot())
	got, ok := b.Data[display.MIMEPNG].(string)
	if !ok {
		t.Fatalf("display.BundleOf(*plot.Plot) has no PNG: %v", b.Data[display.MIMEText])
	}
	if got != base64.StdEncoding.EncodeToString(Plot(samplePlot()).PNG()) {
		t.Error("display.BundleOf(*plot.Plot) is not the figure of viz.Plot")
	}
	if b.Data[display.MIMEText] != `plot "squares"` {
		t.Errorf("text/plain %q", b.Data[display.MIMEText])
	}
}

func TestMatrixShowsAsTextAndTable(t *testing.T) {
	m := mat.NewDense(2, 3, []float64{1, 2.5, -3, 4, 5, 6})
	b := display.BundleOf(m)
	wantText := "2×3 *mat.Dense\n⎡1  2.5  -3⎤\n⎣4    5   6⎦"
	if b.Data[display.MIMEText] != wantText {
		t.Errorf("text:\n%s\nwant\n%s", b.Data[display.MIMEText], wantText)
	}
	html, _ := b.Data[display.MIMEHTML].(string)
	if !strings.Contains(html, "<td style=\"text-align:right\">2.5</td>") || strings.Count(html, "<tr>") != 2 {
		t.Errorf("html: %s", html)
	}
	big := mat.NewDense(20, 30, nil)
	html, _ = display.BundleOf(big).Data[display.MIMEHTML].(string)
	if strings.Count(html, "<tr>") != 2*matrixEdge+1 || !strings.Contains(html, "…") {
		t.Errorf("a 20×30 matrix shows %d rows: %s", strings.Count(html, "<tr>"), html)
	}
}
