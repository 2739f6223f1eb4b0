package tensorlib

import (
	"fmt"
	"math"
	"runtime"

	"github.com/gohooks/gohooks/internal/vmath"
)

// PoolOptions are the settings of MaxPool2d and AvgPool2d. A zero Stride
// means the kernel size (PyTorch's default), per direction; Padding is 0 by
// default and may be at most half the kernel size. Output sizes round down
// (PyTorch's ceil_mode=False).
type PoolOptions struct {
	Stride  [2]int
	Padding [2]int
}

// poolGeom is one pooling's sizes, checked. Pooling works plane by plane:
// planes counts the [H, W] planes of the input.
type poolGeom struct {
	planes, h, w int
	kh, kw       int
	sh, sw       int
	ph, pw       int
	oh, ow       int
}

func poolGeometry(op string, x *Tensor, kernel [2]int, opt PoolOptions) (poolGeom, []int) {
	if x.Dim() != 3 && x.Dim() != 4 {
		panic(fmt.Sprintf("tensorlib: %s: input of shape %v is not [N C H W] or [C H W]", op, x.shape))
	}
	nd := x.Dim()
	g := poolGeom{
		h: x.shape[nd-2], w: x.shape[nd-1],
		kh: kernel[0], kw: kernel[1],
		sh: orDefault(opt.Stride[0], kernel[0]), sw: orDefault(opt.Stride[1], kernel[1]),
		ph: opt.Padding[0], pw: opt.Padding[1],
	}
	if g.kh <= 0 || g.kw <= 0 || g.sh <= 0 || g.sw <= 0 {
		panic(fmt.Sprintf("tensorlib: %s: kernel %v and stride %v must be positive", op, kernel, opt.Stride))
	}
	if g.ph < 0 || g.pw < 0 || 2*g.ph > g.kh || 2*g.pw > g.kw {
		panic(fmt.Sprintf("tensorlib: %s: padding %v must be between 0 and half of kernel %v", op, opt.Padding, kernel))
	}
	g.planes = len(x.data) / max(g.h*g.w, 1)
	if g.h*g.w == 0 {
		g.planes = checkShape(op, x.shape[:nd-2])
	}
	if g.h+2*g.ph < g.kh || g.w+2*g.pw < g.kw {
		panic(fmt.Sprintf("tensorlib: %s: kernel %v is larger than the padded input %dx%d", op, kernel, g.h+2*g.ph, g.w+2*g.pw))
	}
	g.oh = (g.h+2*g.ph-g.kh)/g.sh + 1
	g.ow = (g.w+2*g.pw-g.kw)/g.sw + 1
	shape := append([]int{}, x.shape...)
	shape[nd-2], shape[nd-1] = g.oh, g.ow
	return g, shape
}

// window returns the input rows [y0, y1) and columns [x0, x1) that output
// (oy, ox) covers, clipped to the input.
func (g *poolGeom) window(oy, ox int) (y0, y1, x0, x1 int) {
	y0 = oy*g.sh - g.ph
	x0 = ox*g.sw - g.pw
	y1 = min(y0+g.kh, g.h)
	x1 = min(x0+g.kw, g.w)
	return max(y0, 0), y1, max(x0, 0), x1
}

// MaxPool2d takes the maximum over each kernel window of each [H, W] plane
// of x, which is [N, C, H, W] or [C, H, W], like PyTorch's
// torch.nn.functional.max_pool2d (dilation 1, ceil_mode=False). Padding
// counts as -Inf. The gradient of each output goes to the position of its
// window's first maximum in row-major order, and windows that overlap add
// up at a shared position. NaN beats every number (the last NaN of a window
// takes the gradient, as in PyTorch). Its gradient node is
// MaxPool2DWithIndicesBackward0.
func MaxPool2d(x *Tensor, kernel [2]int, opt PoolOptions) *Tensor {
	g, shape := poolGeometry("MaxPool2d", x, kernel, opt)
	hw, ohw := g.h*g.w, g.oh*g.ow
	out := newBuf(g.planes * ohw)
	// arg[i] is the position within its plane of output i's maximum.
	arg := make([]int32, len(out))
	is2x2 := g.kh == 2 && g.kw == 2 && g.sh == 2 && g.sw == 2 && g.ph == 0 && g.pw == 0
	var tab []int32
	if !is2x2 {
		tab = g.taps()
	}
	forItems(g.planes, hw+ohw*g.kh*g.kw, func(lo, hi int) {
		var keys []int32
		if !is2x2 {
			keys = make([]int32, hw+1)
		}
		for pl := lo; pl < hi; pl++ {
			src := x.data[pl*hw : (pl+1)*hw]
			dst := out[pl*ohw : (pl+1)*ohw]
			idx := arg[pl*ohw : (pl+1)*ohw]
			var sawNaN bool
			if is2x2 {
				sawNaN = maxPoolPlane2x2(&g, src, dst, idx)
			} else if tab != nil {
				sawNaN = maxPoolPlane(&g, tab, src, dst, idx, keys)
			} else {
				sawNaN = maxPoolWindows(&g, src, dst, idx)
			}
			if sawNaN {
				maxPoolPlaneNaN(&g, src, dst, idx)
			}
		}
	})
	return record("MaxPool2DWithIndicesBackward0", fromData(out, shape), []*Tensor{x}, func(gy *Tensor) []*Tensor {
		// 2×2 windows with stride 2 do not overlap: each pair of input
		// rows is cleared just before its windows' gradients go in, while
		// in cache, instead of in a pass over all of dx first (which a
		// last odd row or column, covered by no window, still needs).
		tiled := g.kh == 2 && g.kw == 2 && g.sh == 2 && g.sw == 2 && g.ph == 0 && g.pw == 0
		dx := newBuf(len(x.data))
		// Planes scatter into their own part of dx: they share out
		// among the cores like element-wise loops do.
		workers := 1
		if len(dx) >= parallelElems {
			workers = min(runtime.GOMAXPROCS(0), g.planes)
		}
		runSamples(g.planes, workers, func(_, pl int) {
			d := dx[pl*hw : (pl+1)*hw]
			gs := gy.data[pl*ohw : (pl+1)*ohw]
			ix := arg[pl*ohw : (pl+1)*ohw]
			if !tiled || g.h%2 != 0 || g.w%2 != 0 {
				clear(d)
			}
			if !tiled {
				for i, at := range ix {
					d[at] += gs[i]
				}
				return
			}
			for oy := 0; oy < g.oh; oy++ {
				top := d[2*oy*g.w : 2*oy*g.w+2*g.ow]
				bot := d[(2*oy+1)*g.w : (2*oy+1)*g.w+2*g.ow]
				clear(top)
				clear(bot)
				for i, at := range ix[oy*g.ow : (oy+1)*g.ow] {
					d[at] = gs[oy*g.ow+i]
				}
			}
		})
		return []*Tensor{ownedGrad(dx, x.shape)}
	})
}

// taps returns, for each output of a plane in turn, the positions in the
// plane of its kh·kw window in row-major order, with hw (one past the
// plane) for a position in the padding: the kernels read a plane copy
// that holds a neutral value there (zero, or a key below every number's),
// so the loops over windows have no edge cases. It returns nil when the
// table would pass maxTapTable entries (huge planes with large windows):
// the kernels then clip each window to the plane instead.
func (g *poolGeom) taps() []int32 {
	k := g.kh * g.kw
	if g.oh*g.ow*k > maxTapTable {
		return nil
	}
	tab := make([]int32, g.oh*g.ow*k)
	hw := int32(g.h * g.w)
	for oy := 0; oy < g.oh; oy++ {
		for ox := 0; ox < g.ow; ox++ {
			t := tab[(oy*g.ow+ox)*k:][:k]
			for ky := 0; ky < g.kh; ky++ {
				for kx := 0; kx < g.kw; kx++ {
					iy, ix := oy*g.sh-g.ph+ky, ox*g.sw-g.pw+kx
					j := hw
					if iy >= 0 && iy < g.h && ix >= 0 && ix < g.w {
						j = int32(iy*g.w + ix)
					}
					t[ky*g.kw+kx] = j
				}
			}
		}
	}
	return tab
}

// maxTapTable bounds the window tables, to 4 MiB.
const maxTapTable = 1 << 20

// maxPoolPlane pools one plane and reports whether it saw NaN, in which
// case its results are wrong and maxPoolPlaneNaN must redo the plane. It
// turns the plane into order keys once (keys, of its size plus one for
// the padding, whose key is below every number's) and compares keys, not
// floats: integer arithmetic picks the larger without a branch, and a
// branch on which element is larger would be mispredicted half the time.
// Windows in row-major order with strictly greater keys keep each
// window's first maximum. Windows go two at a time through argMax2, whose
// two independent chains of comparisons the CPU overlaps.
func maxPoolPlane(g *poolGeom, tab []int32, src, dst []float32, idx []int32, keys []int32) bool {
	var nan uint32
	keys = keys[:len(src)+1]
	for i, v := range src {
		k, n := orderKey(v)
		keys[i] = int32(k)
		nan |= n
	}
	if nan != 0 {
		return true
	}
	keys[len(src)] = math.MinInt32
	k := g.kh * g.kw
	o := 0
	for ; o+2 <= len(dst); o += 2 {
		a, b := argMax2(keys, tab[o*k:o*k+k], tab[o*k+k:o*k+2*k])
		dst[o], dst[o+1] = src[a], src[b]
		idx[o], idx[o+1] = a, b
	}
	if o < len(dst) {
		t := tab[o*k : o*k+k]
		a, _ := argMax2(keys, t, t)
		dst[o], idx[o] = src[a], a
	}
	return false
}

// argMax2 returns the first tap of window ta, and of window tb (of the
// same size), whose key is largest. It is a function of its own, not
// inlined, so that its two running maxima stay in registers.
//
//go:noinline
func argMax2(keys []int32, ta, tb []int32) (int32, int32) {
	ba, aa := int64(math.MinInt32)-1, int32(0) // below every key, the padding's too
	bb, ab := ba, int32(0)
	tb = tb[:len(ta)]
	for i, j := range ta {
		k := int64(keys[j])
		m := (ba - k) >> 63 // all ones when k > ba
		ba += (k - ba) & m
		aa += (j - aa) & int32(m)
		j2 := tb[i]
		k2 := int64(keys[j2])
		m2 := (bb - k2) >> 63
		bb += (k2 - bb) & m2
		ab += (j2 - ab) & int32(m2)
	}
	return aa, ab
}

// maxPoolWindows is maxPoolPlane without a table, each window clipped to
// the plane.
func maxPoolWindows(g *poolGeom, src, dst []float32, idx []int32) bool {
	var nan uint32
	for oy := 0; oy < g.oh; oy++ {
		for ox := 0; ox < g.ow; ox++ {
			y0, y1, x0, x1 := g.window(oy, ox)
			best := int64(math.MinInt32) - 1 // below every key, even -Inf's
			at := y0*g.w + x0
			for iy := y0; iy < y1; iy++ {
				base := iy*g.w + x0
				for i, v := range src[base : iy*g.w+x1] {
					// Strictly greater: ties keep the first maximum.
					k, n := orderKey(v)
					best, at = pickGreater(best, at, k, base+i)
					nan |= n
				}
			}
			dst[oy*g.ow+ox] = src[at]
			idx[oy*g.ow+ox] = int32(at)
		}
	}
	return nan != 0
}

// maxPoolPlane2x2 is maxPoolPlane for the most common pooling, 2×2 windows
// with stride 2 and no padding: eight outputs at a time (vmath.MaxPool2x2)
// where the CPU can, else unrolled.
func maxPoolPlane2x2(g *poolGeom, src, dst []float32, idx []int32) bool {
	w := g.w
	var nan uint32
	for oy := 0; oy < g.oh; oy++ {
		top := src[2*oy*w : 2*oy*w+w]
		bot := src[2*oy*w+w : 2*oy*w+2*w]
		d := dst[oy*g.ow : (oy+1)*g.ow]
		ix := idx[oy*g.ow : (oy+1)*g.ow]
		done, sawNaN := vmath.MaxPool2x2(top, bot, d, ix, 2*oy*w, w)
		if sawNaN {
			nan = 1
		}
		for ox := done; ox < len(d); ox++ {
			j := 2 * ox
			k0, n0 := orderKey(top[j])
			k1, n1 := orderKey(top[j+1])
			k2, n2 := orderKey(bot[j])
			k3, n3 := orderKey(bot[j+1])
			nan |= n0 | n1 | n2 | n3
			best, at := k0, j
			best, at = pickGreater(best, at, k1, j+1)
			best, at = pickGreater(best, at, k2, j+w)
			_, at = pickGreater(best, at, k3, j+w+1)
			at += 2 * oy * w
			d[ox] = src[at]
			ix[ox] = int32(at)
		}
	}
	return nan != 0
}

// orderKey maps a float32 that is not NaN to an integer with the same order
// (-0 and +0 get the same key, as they compare equal); nan is 1 when v is
// NaN and 0 otherwise.
func orderKey(v float32) (key int64, nan uint32) {
	b := math.Float32bits(v + 0) // v + 0 turns -0 into +0
	nan = (0x7f800000 - b&0x7fffffff) >> 31
	i := int32(b)
	return int64(i ^ (i >> 31 & math.MaxInt32)), nan
}

// pickGreater returns (k, i) when k > best and (best, at) otherwise, with
// arithmetic instead of a branch.
func pickGreater(best int64, at int, k int64, i int) (int64, int) {
	m := (best - k) >> 63 // all ones when k > best
	return best + (k-best)&m, at + (i-at)&int(m)
}

// maxPoolPlaneNaN pools one plane that holds NaN, with PyTorch's rule that
// NaN beats every number (the last NaN of a window wins).
func maxPoolPlaneNaN(g *poolGeom, src, dst []float32, idx []int32) {
	for oy := 0; oy < g.oh; oy++ {
		for ox := 0; ox < g.ow; ox++ {
			y0, y1, x0, x1 := g.window(oy, ox)
			best := float32(math.Inf(-1))
			at := y0*g.w + x0
			for iy := y0; iy < y1; iy++ {
				for ix := x0; ix < x1; ix++ {
					if v := src[iy*g.w+ix]; v > best || v != v {
						best, at = v, iy*g.w+ix
					}
				}
			}
			dst[oy*g.ow+ox] = best
			idx[oy*g.ow+ox] = int32(at)
		}
	}
}

// AvgPool2d averages each kernel window of each [H, W] plane of x, which is
// [N, C, H, W] or [C, H, W], like PyTorch's torch.nn.functional.avg_pool2d
// with its defaults (ceil_mode=False, count_include_pad=True): padding
// counts as zeros and every window divides by kH*kW. Its gradient node is
// AvgPool2DBackward0.
func AvgPool2d(x *Tensor, kernel [2]int, opt PoolOptions) *Tensor {
	g, shape := poolGeometry("AvgPool2d", x, kernel, opt)
	hw, ohw := g.h*g.w, g.oh*g.ow
	div := float32(g.kh * g.kw)
	out := newBuf(g.planes * ohw)
	tab := g.taps()
	k := g.kh * g.kw
	forItems(g.planes, hw+ohw*k, func(lo, hi int) {
		pad := make([]float32, hw+1) // the plane, then a zero for the padding
		for pl := lo; pl < hi; pl++ {
			dst := out[pl*ohw : (pl+1)*ohw]
			if tab == nil {
				g.windowSums(x.data[pl*hw:(pl+1)*hw], dst, div)
				continue
			}
			copy(pad, x.data[pl*hw:(pl+1)*hw])
			for o := range dst {
				var s float32
				for _, j := range tab[o*k : o*k+k] {
					s += pad[j]
				}
				dst[o] = s / div
			}
		}
	})
	return record("AvgPool2DBackward0", fromData(out, shape), []*Tensor{x}, func(gy *Tensor) []*Tensor {
		dx := newBuf(len(x.data))
		forItems(g.planes, hw+ohw*k, func(lo, hi int) {
			acc := make([]float32, hw+1) // the plane's gradient, then the padding's
			for pl := lo; pl < hi; pl++ {
				if tab == nil {
					g.spreadWindows(dx[pl*hw:(pl+1)*hw], gy.data[pl*ohw:(pl+1)*ohw], div)
					continue
				}
				clear(acc)
				for o, gv := range gy.data[pl*ohw : (pl+1)*ohw] {
					v := gv / div
					for _, j := range tab[o*k : o*k+k] {
						acc[j] += v
					}
				}
				copy(dx[pl*hw:(pl+1)*hw], acc)
			}
		})
		return []*Tensor{ownedGrad(dx, x.shape)}
	})
}

// windowSums writes each window's sum over div into dst, each window
// clipped to the plane: AvgPool2d without a table.
func (g *poolGeom) windowSums(src, dst []float32, div float32) {
	for oy := 0; oy < g.oh; oy++ {
		for ox := 0; ox < g.ow; ox++ {
			y0, y1, x0, x1 := g.window(oy, ox)
			var s float32
			for iy := y0; iy < y1; iy++ {
				for _, v := range src[iy*g.w+x0 : iy*g.w+x1] {
					s += v
				}
			}
			dst[oy*g.ow+ox] = s / div
		}
	}
}

// spreadWindows sets d to the gradient of windowSums given gy.
func (g *poolGeom) spreadWindows(d, gy []float32, div float32) {
	clear(d)
	for oy := 0; oy < g.oh; oy++ {
		for ox := 0; ox < g.ow; ox++ {
			y0, y1, x0, x1 := g.window(oy, ox)
			v := gy[oy*g.ow+ox] / div
			for iy := y0; iy < y1; iy++ {
				row := d[iy*g.w+x0 : iy*g.w+x1]
				for k := range row {
					row[k] += v
				}
			}
		}
	}
}
