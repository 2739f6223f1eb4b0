package tensorlib

import "fmt"

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
// (iy·stride - padding + ky·dilation, ...). It loops directly (no GEMM): it
// serves decoders of notebook size.
func ConvTranspose2d(x, w, b *Tensor, opt ConvTransposeOptions) *Tensor {
	sh, sw := orDefault(opt.Stride[0], 1), orDefault(opt.Stride[1], 1)
	dh, dw := orDefault(opt.Dilation[0], 1), orDefault(opt.Dilation[1], 1)
	ph, pw := opt.Padding[0], opt.Padding[1]
	oph, opw := opt.OutputPadding[0], opt.OutputPadding[1]
	groups := orDefault(opt.Groups, 1)
	if x.Dim() != 4 || w.Dim() != 4 {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: want input [N Cin H W] and weight [Cin Cout/groups kH kW], got shapes %v and %v", x.shape, w.shape))
	}
	n, cin, h, wd := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	if w.shape[0] != cin || groups <= 0 || cin%groups != 0 {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: weight of shape %v for %d input channels in %d groups", w.shape, cin, groups))
	}
	coutG, kh, kw := w.shape[1], w.shape[2], w.shape[3]
	cout := coutG * groups
	if sh < 1 || sw < 1 || dh < 1 || dw < 1 || ph < 0 || pw < 0 || oph < 0 || opw < 0 || (oph >= sh && oph >= dh) || (opw >= sw && opw >= dw) {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: bad settings %+v (output padding must be smaller than stride or dilation)", opt))
	}
	if b != nil && (b.Dim() != 1 || b.shape[0] != cout) {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: bias of shape %v for %d output channels", b.shape, cout))
	}
	oh := (h-1)*sh - 2*ph + dh*(kh-1) + oph + 1
	ow := (wd-1)*sw - 2*pw + dw*(kw-1) + opw + 1
	if oh <= 0 || ow <= 0 {
		panic(fmt.Sprintf("tensorlib: ConvTranspose2d: output size %dx%d is not positive (input %v, weight %v)", oh, ow, x.shape, w.shape))
	}
	cinG := cin / groups
	outShape := []int{n, cout, oh, ow}
	out := make([]float32, checkShape("ConvTranspose2d", outShape))
	// each calls fn for every (input pixel, kernel tap, output pixel) triple
	// of sample s, with flat indices into x, w and out.
	each := func(s int, fn func(xi, wi, oi int)) {
		for ci := 0; ci < cin; ci++ {
			g := ci / cinG
			for cog := 0; cog < coutG; cog++ {
				co := g*coutG + cog
				for ky := 0; ky < kh; ky++ {
					for kx := 0; kx < kw; kx++ {
						wi := ((ci*coutG+cog)*kh+ky)*kw + kx
						for iy := 0; iy < h; iy++ {
							oy := iy*sh - ph + ky*dh
							if oy < 0 || oy >= oh {
								continue
							}
							for ix := 0; ix < wd; ix++ {
								ox := ix*sw - pw + kx*dw
								if ox < 0 || ox >= ow {
									continue
								}
								fn(((s*cin+ci)*h+iy)*wd+ix, wi, ((s*cout+co)*oh+oy)*ow+ox)
							}
						}
					}
				}
			}
		}
	}
	for s := 0; s < n; s++ {
		each(s, func(xi, wi, oi int) { out[oi] += x.data[xi] * w.data[wi] })
		if b != nil {
			for co := 0; co < cout; co++ {
				plane := out[((s*cout)+co)*oh*ow : ((s*cout)+co+1)*oh*ow]
				for i := range plane {
					plane[i] += b.data[co]
				}
			}
		}
	}
	return record("ConvolutionBackward0", fromData(out, outShape), []*Tensor{x, w, b}, func(g *Tensor) []*Tensor {
		var gx, gw, gb *Tensor
		if x.requiresGrad {
			d := make([]float32, len(x.data))
			for s := 0; s < n; s++ {
				each(s, func(xi, wi, oi int) { d[xi] += g.data[oi] * w.data[wi] })
			}
			gx = fromData(d, x.shape)
		}
		if w.requiresGrad {
			d := make([]float64, len(w.data))
			for s := 0; s < n; s++ {
				each(s, func(xi, wi, oi int) { d[wi] += float64(g.data[oi]) * float64(x.data[xi]) })
			}
			gw = fromData(toFloat32(d), w.shape)
		}
		if b != nil && b.requiresGrad {
			d := make([]float64, cout)
			for s := 0; s < n; s++ {
				for co := 0; co < cout; co++ {
					d[co] += sum64(g.data[((s*cout)+co)*oh*ow : ((s*cout)+co+1)*oh*ow])
				}
			}
			gb = fromData(toFloat32(d), b.shape)
		}
		return []*Tensor{gx, gw, gb}
	})
}
