package viz

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"

	"git.sr.ht/~sbinet/gg"
	xdraw "golang.org/x/image/draw"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/gohooks/gohooks/display"
)

// DPI is the resolution figures are drawn at: sizes are given in pixels, text
// in points, and a point is DPI/72 pixels.
const DPI = 96

// Figure is a picture ready to show: a display.Bundler whose bundle is a PNG
// (or an SVG, with the SVG option). A Figure holds a copy of its data, taken
// when it was made, and is drawn each time it is encoded; it is never changed
// after it is made (With returns a new Figure), so one Figure may be shown
// and encoded from several goroutines.
type Figure struct {
	desc   string // the bundle's text/plain
	width  int    // default size in pixels
	height int
	size   func(o *options) (width, height int) // if set, the default size
	opts   options
	draw   func(c draw.Canvas, o *options)
}

// newFigure makes a figure with a default size, applying opts.
func newFigure(desc string, width, height int, draw func(draw.Canvas, *options), opts []Option) *Figure {
	f := &Figure{desc: desc, width: width, height: height, draw: draw, opts: defaultOptions()}
	for _, o := range opts {
		o(&f.opts)
	}
	return f
}

// With returns a copy of f with more options applied, for figures whose
// constructor takes no options (Line, Grid) or to change one afterwards:
//
//	viz.Line(train, test).With(viz.Title("loss"), viz.Size(640, 320))
func (f *Figure) With(opts ...Option) *Figure {
	g := *f
	for _, o := range opts {
		o(&g.opts)
	}
	return &g
}

// String returns a one-line description of the figure: what it shows and the
// range of its data. It is the bundle's text/plain.
func (f *Figure) String() string { return f.desc }

// Size returns the figure's size in pixels: the Size option's if given, else
// the figure's default.
func (f *Figure) Size() (width, height int) {
	if f.opts.width > 0 {
		return f.opts.width, f.opts.height
	}
	if f.size != nil {
		return f.size(&f.opts)
	}
	return f.width, f.height
}

// Bundle implements display.Bundler: the figure as PNG, or as SVG when made
// with the SVG option, with String as text/plain.
func (f *Figure) Bundle() display.Bundle {
	if f.opts.svg {
		return display.SVG(string(f.SVG())).WithText(f.desc)
	}
	return display.PNG(f.PNG()).WithText(f.desc)
}

// Image draws the figure into a new RGBA image of its size.
func (f *Figure) Image() *image.RGBA {
	w, h := f.Size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	ctx := gg.NewContextForRGBA(img)
	ctx.SetLineCapButt()
	ctx.InvertY()
	// Nearest-neighbour scaling keeps every data cell a crisp block of
	// pixels; gg's default bilinear filter would blur a 28×28 map.
	ctx.SetInterpolator(xdraw.NearestNeighbor)
	c := vgimg.NewWith(vgimg.UseImageWithContext(img, ctx), vgimg.UseDPI(DPI))
	f.draw(draw.New(c), &f.opts)
	return img
}

// PNG returns the figure encoded as PNG. The encoding is deterministic: the
// same figure gives the same bytes.
func (f *Figure) PNG() []byte {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, f.Image()); err != nil {
		panic(fmt.Sprintf("viz: PNG: %v", err)) // cannot happen for an in-memory RGBA image
	}
	return buf.Bytes()
}

// SVG returns the figure as an SVG document. Text uses the Liberation fonts
// by name (not embedded); data cells are embedded PNG images marked to be
// scaled without smoothing.
func (f *Figure) SVG() []byte {
	w, h := f.Size()
	c := vgsvg.New(pixels(w), pixels(h))
	f.draw(draw.New(c), &f.opts)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		panic(fmt.Sprintf("viz: SVG: %v", err)) // cannot happen for a bytes.Buffer
	}
	// vgsvg labels its PNG data as JPEG, which strict renderers refuse.
	svg := strings.NewReplacer(
		"<image ", `<image style="image-rendering:pixelated" `,
		"data:image/jpg;base64,", "data:image/png;base64,",
	).Replace(buf.String())
	return []byte(svg)
}

// Save writes the figure to path, as SVG if the name ends in ".svg" and as
// PNG otherwise.
func (f *Figure) Save(path string) error {
	var b []byte
	if strings.EqualFold(filepath.Ext(path), ".svg") {
		b = f.SVG()
	} else {
		b = f.PNG()
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("viz: Save: %w", err)
	}
	return nil
}

// drawPixels draws img into rect, each image pixel a solid block. PNG
// canvases scale without smoothing; an SVG viewer may smooth in spite of the
// image-rendering style, so for SVG the image is first enlarged (nearest
// neighbour, at most maxSVGImage pixels a side) to about its drawn size,
// which leaves any smoothing only a pixel wide.
func drawPixels(c draw.Canvas, rect vg.Rectangle, img image.Image) {
	if isSVG(c) {
		img = enlarge(img, int(math.Ceil(float64(rect.Size().X/vg.Inch*DPI))), int(math.Ceil(float64(rect.Size().Y/vg.Inch*DPI))))
	}
	c.DrawImage(rect, img)
}

// isSVG reports whether c draws, through any crops, on an SVG canvas.
func isSVG(c draw.Canvas) bool {
	var v vg.Canvas = c
	for {
		switch w := v.(type) {
		case draw.Canvas:
			v = w.Canvas
		case *draw.Canvas:
			v = w.Canvas
		case *vgsvg.Canvas:
			return true
		default:
			return false
		}
	}
}

// maxSVGImage bounds the sides of images enlarged for SVG.
const maxSVGImage = 1024

// enlarge repeats each pixel of img by whole factors so the result is at
// least w×h where the bound allows.
func enlarge(img image.Image, w, h int) image.Image {
	b := img.Bounds()
	kx := max(1, min((w+b.Dx()-1)/b.Dx(), maxSVGImage/b.Dx()))
	ky := max(1, min((h+b.Dy()-1)/b.Dy(), maxSVGImage/b.Dy()))
	if kx == 1 && ky == 1 {
		return img
	}
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx()*kx, b.Dy()*ky))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			out.Set(x, y, img.At(b.Min.X+x/kx, b.Min.Y+y/ky))
		}
	}
	return out
}

// pixels converts a size in pixels to a vg length at DPI.
func pixels(n int) vg.Length { return vg.Length(n) * vg.Inch / DPI }
