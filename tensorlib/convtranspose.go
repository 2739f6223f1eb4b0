package tensorlib

import (
	"fmt"

	"github.com/gohooks/gohooks/internal/gemm"
)

// ConvTransposeOptions are the settings of ConvTranspose2d; zero values
// mean stride 1, no padding, no output padding, dilation 1, one group.
type ConvTransposeOptions struct {
	Stride        [2]int
	Padding       [2]int
	OutputPadding [2]int
	Dilation      [2]int
	Groups        int
}

// ConvTranspose2d is PyTorch's conv_transpose2d: the gradient of Conv2d
// with respect to its input, used as a learned upsampling. x is
// [N, Cin, H, W], w is [Cin, Cout/groups, kH, kW], b ([Cout]) may be nil.
// The output is [N, Cout, H', W'] with
// H' = (H-1)·stride - 2·padding + dilation·(kH-1) + output_padding + 1.
// Each input pixel adds its value times the kernel into the output at
// (iy·stride - padding + ky·dilation, ...). Per sample and group, one
// matrix product makes every pixel's contribution (wᵀ·x) and a scatter adds
// them into place; backward gathers and multiplies the same way.
func ConvTranspose2d(x, w, b *Tensor, opt ConvTransposeOptions) *Tensor {
	g := convTransposeGeometry(x, w, b, opt)
	outShape := []int{g.n, g.cout, g.oh, g.ow}
	out := make([]float32, checkShape("ConvTranspose2d", outShape))
	hw, m := g.h*g.w, g.coutG*g.kh*g.kw
	cols := make([]float32, m*hw)
	for s := 0; s < g.n; s++ {
		for grp := 0; grp < g.groups; grp++ {
			xg := x.data[(s*g.cin+grp*g.cinG)*hw:]
			wg := w.data[grp*g.cinG*m:]
			gemm.Sgemm(true, false, m, hw, g.cinG, 1, wg, m, xg, hw, 0, cols, hw)
			g.scatter(cols, out[(s*g.cout+grp*g.coutG)*g.oh*g.ow:])
		}
		if b != nil {
			for co := 0; co < g.cout; co++ {
				plane := out[(s*g.cout+co)*g.oh*g.ow : (s*g.cout+co+1)*g.oh*g.ow]
				for i := range plane {
					plane[i] += b.data[co]
				}
			}
		}
	}
	return record("ConvolutionBackward0", fromData(out, outShape), []*Tensor{x, w, b}, func(gy *Tensor) []*Tensor {
		var gx, gw []float32
		if x.requiresGrad {
			gx = make([]float32, len(x.data))
		}
		if w.requiresGrad {
			gw = make([]float32, len(w.data))
		}
		gcols := make([]float32, m*hw)
		for s := 0; s < g.n; s++ {
			for grp := 0; grp < g.groups; grp++ {
				g.gather(gy.data[(s*g.cout+grp*g.coutG)*g.oh*g.ow:], gcols)
				if gx != nil {
					gemm.Sgemm(false, false, g.cinG, hw, m, 1, w.data[grp*g.cinG*m:], m, gcols, hw, 0, gx[(s*g.cin+grp*g.cinG)*hw:], hw)
				}
				if gw != nil {
					gemm.Sgemm(false, true, g.cinG, m, hw, 1, x.data[(s*g.cin+grp*g.cinG)*hw:], hw, gcols, hw, 1, gw[grp*g.cinG*m:], m)
				}
			}
		}
		res := []*Tensor{nil, nil, nil}
		if gx != nil {
			res[0] = fromData(gx, x.shape)
		}
		if gw != nil {
			res[1] = fromData(gw, w.shape)
		}
		if b != nil && b.requiresGrad {
			d := make([]float64, g.cout)
			for s := 0; s < g.n; s++ {
				for co := 0; co < g.cout; co++ {
					d[co] += sum64(gy.data[(s*g.cout+co)*g.oh*g.ow : (s*g.cout+co+1)*g.oh*g.ow])
				}
			}
			res[2] = fromData(toFloat32(d), b.shape)
		}
		return res
	})
}

// convTransposeGeom is one transposed convolution's sizes, checked.
type convTransposeGeom struct {
	n, cin, h, w      int
	cout, coutG, cinG int
	kh, kw, groups    int
	sh, sw, ph, pw    int
	dh, dw            int
	oh, ow            int
}

func convTransposeGeometry(x, w, b *Tensor, opt ConvTransposeOptions) convTransposeGeom {
	g := convTransposeGeom{
		sh: orDefault(opt.Stride[0], 1), sw: orDefault(opt.Stride[1], 1),
		dh: orDefault(opt.Dilation[0], 1), dw: orDefault(opt.Dilation[1], 1),
		ph: opt.Padding[0], pw: opt.Padding[1], groups: orDefault(opt.Groups, 1),
	}
	oph, opw := opt.OutputPadding[0], opt.OutputPadding[1]
	if x.Dim() != 4 || w.Dim() != 4 {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: want input [N Cin H W] and weight [Cin Cout/groups kH kW], got shapes %v and %v", x.shape, w.shape))
	}
	g.n, g.cin, g.h, g.w = x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	if w.shape[0] != g.cin || g.groups <= 0 || g.cin%g.groups != 0 {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: weight of shape %v for %d input channels in %d groups", w.shape, g.cin, g.groups))
	}
	g.coutG, g.kh, g.kw = w.shape[1], w.shape[2], w.shape[3]
	g.cout, g.cinG = g.coutG*g.groups, g.cin/g.groups
	if g.sh < 1 || g.sw < 1 || g.dh < 1 || g.dw < 1 || g.ph < 0 || g.pw < 0 || oph < 0 || opw < 0 || (oph >= g.sh && oph >= g.dh) || (opw >= g.sw && opw >= g.dw) {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: bad settings %+v (output padding must be smaller than stride or dilation)", opt))
	}
	if b != nil && (b.Dim() != 1 || b.shape[0] != g.cout) {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: bias of shape %v for %d output channels", b.shape, g.cout))
	}
	g.oh = (g.h-1)*g.sh - 2*g.ph + g.dh*(g.kh-1) + oph + 1
	g.ow = (g.w-1)*g.sw - 2*g.pw + g.dw*(g.kw-1) + opw + 1
	if g.oh <= 0 || g.ow <= 0 {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: output size %dx%d is not positive (input %v, weight %v)", g.oh, g.ow, x.shape, w.shape))
	}
	return g
}

// each calls fn with the index into cols [coutG·kh·kw, H·W] of every tap
// and input pixel, and the index of the output position it lands on in one
// group's coutG output planes.
func (g *convTransposeGeom) each(fn func(c, o int)) {
	hw := g.h * g.w
	for cog := 0; cog < g.coutG; cog++ {
		for ky := 0; ky < g.kh; ky++ {
			for kx := 0; kx < g.kw; kx++ {
				row := (cog*g.kh+ky)*g.kw + kx
				for iy := 0; iy < g.h; iy++ {
					oy := iy*g.sh - g.ph + ky*g.dh
					if oy < 0 || oy >= g.oh {
						continue
					}
					for ix := 0; ix < g.w; ix++ {
						ox := ix*g.sw - g.pw + kx*g.dw
						if ox < 0 || ox >= g.ow {
							continue
						}
						fn(row*hw+iy*g.w+ix, (cog*g.oh+oy)*g.ow+ox)
					}
				}
			}
		}
	}
}

// scatter adds cols [coutG·kh·kw, H·W] into the output planes.
func (g *convTransposeGeom) scatter(cols, out []float32) {
	g.each(func(c, o int) { out[o] += cols[c] })
}

// gather reads the output gradient planes into cols (zero where a tap
// falls outside the output).
func (g *convTransposeGeom) gather(gy, cols []float32) {
	clear(cols)
	g.each(func(c, o int) { cols[c] = gy[o] })
}
