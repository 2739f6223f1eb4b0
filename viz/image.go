package viz

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gohooks/gohooks/tensorlib"
)

// picture is an image tensor's pixels scaled to [0, 1]: one channel (grey)
// or three (red, green, blue), channel-major like the tensor.
type picture struct {
	data       []float64
	channels   int
	rows, cols int
	lo, hi     float64 // the value range mapped to black and white
}

// pictureOf reads an image tensor: grayscale [H W], [1 H W] or [1 1 H W],
// RGB [3 H W] or [1 3 H W]. Values already in [0, 1] are used as they are;
// otherwise (a normalised input, say) the tensor's range is stretched to
// [0, 1].
func pictureOf(op string, t *tensorlib.Tensor) picture {
	checkTensor(op, t)
	s := t.Shape()
	for len(s) > 3 && s[0] == 1 {
		s = s[1:]
	}
	var p picture
	switch {
	case len(s) == 2:
		p = picture{channels: 1, rows: s[0], cols: s[1]}
	case len(s) == 3 && (s[0] == 1 || s[0] == 3):
		p = picture{channels: s[0], rows: s[1], cols: s[2]}
	default:
		panic(fmt.Sprintf("viz: %s: want an image of shape [H W], [1 H W] or [3 H W] (with leading 1s allowed), have %v", op, t.Shape()))
	}
	p.data = float64s(t.Data())
	p.lo, p.hi = finiteRange(p.data)
	if p.lo >= 0 && p.hi <= 1 {
		p.lo, p.hi = 0, 1
	}
	scale := 0.0
	if p.hi > p.lo {
		scale = 1 / (p.hi - p.lo)
	}
	for i, v := range p.data {
		p.data[i] = math.Min(1, math.Max(0, (v-p.lo)*scale)) // NaN becomes 0
	}
	return p
}

// rgb returns the colour of pixel (r, c) in [0, 1] per channel.
func (p picture) rgb(r, c int) (red, green, blue float64) {
	i := r*p.cols + c
	if p.channels == 1 {
		v := p.data[i]
		return v, v, v
	}
	n := p.rows * p.cols
	return p.data[i], p.data[n+i], p.data[2*n+i]
}

// byte8 converts [0, 1] to 0..255, rounding.
func byte8(v float64) uint8 { return uint8(math.Round(v * 255)) }

// image returns the picture as an image.
func (p picture) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, p.cols, p.rows))
	for r := range p.rows {
		for c := range p.cols {
			red, green, blue := p.rgb(r, c)
			img.SetNRGBA(c, r, color.NRGBA{R: byte8(red), G: byte8(green), B: byte8(blue), A: 255})
		}
	}
	return img
}

// Image returns a figure of an input image: grayscale [H, W], [1, H, W] or
// [1, 1, H, W], or RGB [3, H, W] or [1, 3, H, W], one crisp block per pixel,
// without axes. Values in [0, 1] show as they are (0 black, 1 white); a
// tensor with values outside [0, 1], such as a normalised input, has its
// range stretched to black..white.
//
// Options: Size (default 320×320), Title, SVG. It panics if t is nil, empty
// or not of an image shape.
func Image(t *tensorlib.Tensor, opts ...Option) *Figure {
	p := pictureOf("Image", t)
	img := p.image()
	f := newFigure(p.describe("Image"), 320, 320, func(c draw.Canvas, o *options) {
		drawPicture(c, o, img)
	}, opts)
	return f
}

// describe says what the picture is for a figure's text.
func (p picture) describe(op string) string {
	kind := "grayscale"
	if p.channels == 3 {
		kind = "RGB"
	}
	return fmt.Sprintf("%s %d×%d %s, black..white = [%.4g, %.4g]", op, p.rows, p.cols, kind, p.lo, p.hi)
}

// drawPicture draws img without axes, pixels square, under o's title; it
// returns the canvas the pixels fill.
func drawPicture(c draw.Canvas, o *options, img image.Image) draw.Canvas {
	p := newPlot(o)
	p.HideAxes()
	p.X.Padding, p.Y.Padding = 0, 0
	p.Add(newRaster(img))
	b := img.Bounds()
	pc := fitAspect(p, c, cellAspect(b.Dy(), b.Dx()))
	p.Draw(pc)
	return p.DataCanvas(pc)
}

// Overlay returns a figure of heat blended over an image, as Captum's
// blended heat map: each pixel is (1-alpha)·image + alpha·colour(heat), with
// alpha 0.5 unless the Alpha option says otherwise, and a colour bar for the
// heat. image is read as by Image; heat is any tensor that is 2-D once its
// dimensions of size 1 are dropped (a Grad-CAM map of [1, 1, 7, 7], say),
// resized to the image's size with bilinear interpolation as PyTorch's
// interpolate(mode="bilinear", align_corners=False) does. The heat's colour
// map is chosen as for Heatmap.
//
// Options: Size (default 400×340), Title, Alpha, Viridis, Diverging, Range,
// SVG. It panics if either tensor is nil or empty, or of the wrong shape.
func Overlay(image, heat *tensorlib.Tensor, opts ...Option) *Figure {
	p := pictureOf("Overlay", image)
	g := gridOf("Overlay", heat)
	up := resizeBilinear(g, p.rows, p.cols)
	f := newFigure("", 400, 340, func(c draw.Canvas, o *options) {
		m := chooseColorMap(up.data, o)
		img := blend(p, up, m, o.alpha)
		// Leave room above and below for the colour bar's end labels.
		pad := 8 * vg.Inch / DPI
		dc := drawPicture(draw.Crop(c, 0, -colorBarWidth, pad, -pad), o, img)
		bar := dc
		bar.Min.X = dc.Max.X + 10*vg.Inch/DPI
		bar.Max.X = c.Max.X
		drawColorBar(bar, m)
	}, opts)
	m := chooseColorMap(up.data, &f.opts)
	f.desc = fmt.Sprintf("Overlay of %d×%d heat on %s; heat %s, alpha %g", g.rows, g.cols, p.describe("image"), mapName(m), f.opts.alpha)
	return f
}

// blend mixes the picture with the coloured heat.
func blend(p picture, heat grid, m colorMap, alpha float64) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, p.cols, p.rows))
	for r := range p.rows {
		for c := range p.cols {
			red, green, blue := p.rgb(r, c)
			h := m.at(heat.data[r*p.cols+c])
			mix := func(base float64, heat uint8) uint8 {
				return byte8((1-alpha)*base + alpha*float64(heat)/255)
			}
			img.SetNRGBA(c, r, color.NRGBA{R: mix(red, h.R), G: mix(green, h.G), B: mix(blue, h.B), A: 255})
		}
	}
	return img
}

// resizeBilinear resizes g to rows×cols as PyTorch's bilinear interpolate
// with align_corners=False: output pixel i samples the input at
// (i+0.5)·in/out - 0.5, clamped to the input.
func resizeBilinear(g grid, rows, cols int) grid {
	if g.rows == rows && g.cols == cols {
		return g
	}
	out := grid{data: make([]float64, rows*cols), rows: rows, cols: cols}
	for r := range rows {
		r0, r1, fr := sourceIndex(r, g.rows, rows)
		for c := range cols {
			c0, c1, fc := sourceIndex(c, g.cols, cols)
			at := func(r, c int) float64 { return g.data[r*g.cols+c] }
			top := at(r0, c0)*(1-fc) + at(r0, c1)*fc
			bottom := at(r1, c0)*(1-fc) + at(r1, c1)*fc
			out.data[r*cols+c] = top*(1-fr) + bottom*fr
		}
	}
	return out
}

// sourceIndex returns the two input indices around output index i and the
// weight of the second, for a resize from in to out samples.
func sourceIndex(i, in, out int) (i0, i1 int, frac float64) {
	x := math.Max(0, (float64(i)+0.5)*float64(in)/float64(out)-0.5)
	i0 = min(int(x), in-1)
	i1 = min(i0+1, in-1)
	return i0, i1, x - float64(i0)
}
