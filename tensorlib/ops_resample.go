package tensorlib

import (
	"fmt"
	"math"
)

// Resampling of NCHW images: adaptive average pooling and upsampling. Each
// is separable: an output pixel is Σ wy·wx·x[iy, ix] over a few taps per
// axis, so one forward and one backward serve all three.

// tap is one input row (or column) and its weight.
type tap struct {
	i int
	w float64
}

// resample applies per-axis taps to every [H, W] plane of x.
func resample(name string, x *Tensor, ytaps, xtaps [][]tap) *Tensor {
	n, c, h, w := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	oh, ow := len(ytaps), len(xtaps)
	planes := n * c
	out := make([]float32, planes*oh*ow)
	forBlocks(planes, func(lo, hi int) {
		for p := lo; p < hi; p++ {
			src := x.data[p*h*w : (p+1)*h*w]
			dst := out[p*oh*ow : (p+1)*oh*ow]
			for oy, yt := range ytaps {
				for ox, xt := range xtaps {
					var s float64
					for _, ty := range yt {
						for _, tx := range xt {
							s += ty.w * tx.w * float64(src[ty.i*w+tx.i])
						}
					}
					dst[oy*ow+ox] = float32(s)
				}
			}
		}
	})
	return record(name, fromData(out, []int{n, c, oh, ow}), []*Tensor{x}, func(g *Tensor) []*Tensor {
		gx := make([]float32, len(x.data))
		forBlocks(planes, func(lo, hi int) {
			acc := make([]float64, h*w)
			for p := lo; p < hi; p++ {
				clear(acc)
				gp := g.data[p*oh*ow : (p+1)*oh*ow]
				for oy, yt := range ytaps {
					for ox, xt := range xtaps {
						v := float64(gp[oy*ow+ox])
						for _, ty := range yt {
							for _, tx := range xt {
								acc[ty.i*w+tx.i] += ty.w * tx.w * v
							}
						}
					}
				}
				dst := gx[p*h*w : (p+1)*h*w]
				for i, v := range acc {
					dst[i] = float32(v)
				}
			}
		})
		return []*Tensor{fromData(gx, x.shape)}
	})
}

func checkImage(op string, x *Tensor, oh, ow int) {
	if x.Dim() != 4 {
		panic(fmt.Sprintf("tensorlib: %s: expected a 4D input [N C H W], got shape %v", op, x.shape))
	}
	if oh <= 0 || ow <= 0 || oh > 1<<16 || ow > 1<<16 {
		panic(fmt.Sprintf("tensorlib: %s: output size %dx%d must be positive and at most 65536", op, oh, ow))
	}
	if x.shape[2] == 0 || x.shape[3] == 0 {
		panic(fmt.Sprintf("tensorlib: %s: input of shape %v has an empty plane", op, x.shape))
	}
}

// AdaptiveAvgPool2d averages each [H, W] plane of x down to oh × ow, as
// PyTorch's adaptive_avg_pool2d: output cell i covers rows
// floor(i·H/oh) to ceil((i+1)·H/oh), and likewise for columns.
func AdaptiveAvgPool2d(x *Tensor, oh, ow int) *Tensor {
	checkImage("AdaptiveAvgPool2d", x, oh, ow)
	axis := func(in, out int) [][]tap {
		taps := make([][]tap, out)
		for o := range taps {
			lo := o * in / out
			hi := ((o+1)*in + out - 1) / out
			for i := lo; i < hi; i++ {
				taps[o] = append(taps[o], tap{i, 1 / float64(hi-lo)})
			}
		}
		return taps
	}
	return resample("AdaptiveAvgPool2DBackward0", x, axis(x.shape[2], oh), axis(x.shape[3], ow))
}

// UpsampleNearest2d resizes each plane of x to oh × ow by nearest
// neighbour, as PyTorch's interpolate(mode="nearest"): output row o reads
// input row min(floor(o·scale), H-1). scaleH and scaleW are the input/output
// ratios PyTorch uses: H/oh when a size is given, 1/scale_factor when a
// scale factor is; pass 0 for H/oh.
func UpsampleNearest2d(x *Tensor, oh, ow int, scaleH, scaleW float64) *Tensor {
	checkImage("UpsampleNearest2d", x, oh, ow)
	axis := func(in, out int, scale float64) [][]tap {
		if scale == 0 {
			scale = float64(in) / float64(out)
		}
		taps := make([][]tap, out)
		for o := range taps {
			i := min(int(math.Floor(float64(float32(o)*float32(scale)))), in-1)
			taps[o] = []tap{{i, 1}}
		}
		return taps
	}
	return resample("UpsampleNearest2DBackward0", x, axis(x.shape[2], oh, scaleH), axis(x.shape[3], ow, scaleW))
}

// UpsampleBilinear2d resizes each plane of x to oh × ow by bilinear
// interpolation, as PyTorch's interpolate(mode="bilinear"). With
// alignCorners the corner pixels of input and output coincide; without, the
// pixel centres are aligned and the scale is scaleH (scaleW), the
// input/output ratio as for UpsampleNearest2d (0 for H/oh).
func UpsampleBilinear2d(x *Tensor, oh, ow int, alignCorners bool, scaleH, scaleW float64) *Tensor {
	checkImage("UpsampleBilinear2d", x, oh, ow)
	axis := func(in, out int, scale float64) [][]tap {
		taps := make([][]tap, out)
		var ratio float32
		switch {
		case alignCorners && out > 1:
			ratio = float32(in-1) / float32(out-1)
		case alignCorners:
			ratio = 0
		case scale != 0:
			ratio = float32(scale)
		default:
			ratio = float32(in) / float32(out)
		}
		for o := range taps {
			var src float32
			if alignCorners {
				src = ratio * float32(o)
			} else {
				src = max(ratio*(float32(o)+0.5)-0.5, 0)
			}
			i0 := min(int(src), in-1)
			i1 := min(i0+1, in-1)
			l1 := src - float32(i0)
			l0 := 1 - l1
			if i1 == i0 {
				taps[o] = []tap{{i0, float64(l0) + float64(l1)}}
			} else {
				taps[o] = []tap{{i0, float64(l0)}, {i1, float64(l1)}}
			}
		}
		return taps
	}
	return resample("UpsampleBilinear2DBackward0", x, axis(x.shape[2], oh, scaleH), axis(x.shape[3], ow, scaleW))
}
