package tensorlib

import (
	"fmt"
	"math"
)

// Resampling of NCHW images: adaptive average pooling and upsampling. Each
// is separable: an output pixel is Σ wy·wx·x[iy, ix] over a few taps per
// axis, so one kernel serves all three. It works a row at a time: it mixes
// the input rows of an output row into one row (or takes the input row as
// it is, for a single tap of weight 1), then gathers that row's columns.
// The backward is the same kernel on the output gradient with each axis's
// taps transposed (input i gathers from the outputs that read it), so that
// both directions gather and never add into the same element in turn.

// axisTaps are the taps of every output position along one axis: output
// o reads inputs idx[off[o]:off[o+1]] with weights wt[off[o]:off[o+1]].
// nearest marks one tap of weight 1 per output, when the columns are a
// plain gather; pairs holds the taps again as four arrays when every
// output has two (bilinear), for loops without the indirection; repeat[o]
// says output o has the same taps as output o-1; double marks nearest taps
// that read input o/2 (upsampling by exactly 2).
type axisTaps struct {
	idx     []int32
	wt      []float32
	off     []int32
	nearest bool
	pairs   *tapPairs
	repeat  []bool
	double  bool
}

// tapPairs are two taps per output: output o is w0[o]·x[i0[o]] + w1[o]·x[i1[o]].
type tapPairs struct {
	i0, i1 []int32
	w0, w1 []float32
}

// add appends the taps of the next output.
func (a *axisTaps) add(idx []int, wt []float32) {
	if len(a.off) == 0 {
		a.off = append(a.off, 0)
	}
	for i, j := range idx {
		a.idx = append(a.idx, int32(j))
		a.wt = append(a.wt, wt[i])
	}
	a.off = append(a.off, int32(len(a.idx)))
}

func (a *axisTaps) size() int { return len(a.off) - 1 }

// finish fills repeat, and pairs when every output has two taps.
func (a *axisTaps) finish() *axisTaps {
	n := a.size()
	a.repeat = make([]bool, n)
	two := true
	a.double = a.nearest && n%2 == 0
	for o := 0; o < n; o++ {
		two = two && a.off[o+1]-a.off[o] == 2
		a.repeat[o] = o > 0 && a.sameAs(o, o-1)
		a.double = a.double && int(a.idx[a.off[o]]) == o/2
	}
	if !two || n == 0 {
		return a
	}
	p := &tapPairs{make([]int32, n), make([]int32, n), make([]float32, n), make([]float32, n)}
	for o := 0; o < n; o++ {
		p.i0[o], p.i1[o] = a.idx[2*o], a.idx[2*o+1]
		p.w0[o], p.w1[o] = a.wt[2*o], a.wt[2*o+1]
	}
	a.pairs = p
	return a
}

// sameAs reports whether outputs o and p have the same taps.
func (a *axisTaps) sameAs(o, p int) bool {
	lo, hi := a.off[o], a.off[o+1]
	plo, phi := a.off[p], a.off[p+1]
	if hi-lo != phi-plo {
		return false
	}
	for t := int32(0); t < hi-lo; t++ {
		if a.idx[lo+t] != a.idx[plo+t] || a.wt[lo+t] != a.wt[plo+t] {
			return false
		}
	}
	return true
}

// transpose returns the taps of the backward along this axis: input i
// (of in) gathers from the outputs that read it, in increasing order, with
// the same weights.
func (a *axisTaps) transpose(in int) *axisTaps {
	count := make([]int32, in+1)
	for _, i := range a.idx {
		count[i+1]++
	}
	for i := 0; i < in; i++ {
		count[i+1] += count[i]
	}
	t := &axisTaps{idx: make([]int32, len(a.idx)), wt: make([]float32, len(a.wt)), off: count}
	next := append([]int32(nil), count[:in]...)
	for o := 0; o < a.size(); o++ {
		for k := a.off[o]; k < a.off[o+1]; k++ {
			i := a.idx[k]
			t.idx[next[i]], t.wt[next[i]] = int32(o), a.wt[k]
			next[i]++
		}
	}
	return t.finish()
}

// mixRows writes into row the input rows of output row o, weighted, and
// returns it; for a single tap of weight 1 it returns the input row itself.
func (a *axisTaps) mixRows(o int, src []float32, w int, row []float32) []float32 {
	lo, hi := a.off[o], a.off[o+1]
	if hi-lo == 1 && a.wt[lo] == 1 {
		i := int(a.idx[lo])
		return src[i*w : i*w+w]
	}
	row = row[:w]
	if hi == lo {
		clear(row)
		return row
	}
	first := int(a.idx[lo])
	wt := a.wt[lo]
	for ix, v := range src[first*w : first*w+w] {
		row[ix] = wt * v
	}
	for t := lo + 1; t < hi; t++ {
		i := int(a.idx[t])
		wt := a.wt[t]
		for ix, v := range src[i*w : i*w+w] {
			row[ix] += wt * v
		}
	}
	return row
}

// gather writes output row dst from the mixed input row.
func (a *axisTaps) gather(dst, row []float32) {
	if a.double {
		for i, v := range row[:len(dst)/2] {
			d := dst[2*i : 2*i+2 : 2*i+2]
			d[0], d[1] = v, v
		}
		return
	}
	if a.nearest {
		idx := a.idx[:len(dst)]
		for o, i := range idx {
			dst[o] = row[i]
		}
		return
	}
	if p := a.pairs; p != nil {
		i0, i1, w0, w1 := p.i0[:len(dst)], p.i1[:len(dst)], p.w0[:len(dst)], p.w1[:len(dst)]
		for o := range dst {
			dst[o] = w0[o]*row[i0[o]] + w1[o]*row[i1[o]]
		}
		return
	}
	off := a.off[:len(dst)+1]
	for o := range dst {
		var s float32
		for t := off[o]; t < off[o+1]; t++ {
			s += a.wt[t] * row[a.idx[t]]
		}
		dst[o] = s
	}
}

// resampleData applies per-axis taps to each of the [h, w] planes of src.
func resampleData(src []float32, planes, h, w int, ytaps, xtaps *axisTaps) []float32 {
	oh, ow := ytaps.size(), xtaps.size()
	out := newBuf(planes * oh * ow)
	forItems(planes, h*w+oh*ow, func(lo, hi int) {
		row := make([]float32, w)
		for p := lo; p < hi; p++ {
			s := src[p*h*w : (p+1)*h*w]
			dst := out[p*oh*ow : (p+1)*oh*ow]
			for oy := 0; oy < oh; oy++ {
				d := dst[oy*ow : oy*ow+ow]
				if ytaps.repeat[oy] {
					copy(d, dst[(oy-1)*ow:oy*ow])
					continue
				}
				xtaps.gather(d, ytaps.mixRows(oy, s, w, row))
			}
		}
	})
	return out
}

// resample applies per-axis taps to every [H, W] plane of x.
func resample(name string, x *Tensor, ytaps, xtaps *axisTaps) *Tensor {
	n, c, h, w := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	oh, ow := ytaps.size(), xtaps.size()
	out := resampleData(x.data, n*c, h, w, ytaps, xtaps)
	return record(name, fromData(out, []int{n, c, oh, ow}), []*Tensor{x}, func(g *Tensor) []*Tensor {
		gx := resampleData(g.data, n*c, oh, ow, ytaps.transpose(h), xtaps.transpose(w))
		return []*Tensor{ownedGrad(gx, x.shape)}
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
	if oh == 1 && ow == 1 {
		return globalAvgPool(x)
	}
	axis := func(in, out int) *axisTaps {
		var a axisTaps
		var idx []int
		var wt []float32
		for o := 0; o < out; o++ {
			lo := o * in / out
			hi := ((o+1)*in + out - 1) / out
			idx, wt = idx[:0], wt[:0]
			for i := lo; i < hi; i++ {
				idx = append(idx, i)
				wt = append(wt, 1/float32(hi-lo))
			}
			a.add(idx, wt)
		}
		return a.finish()
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
	axis := func(in, out int, scale float64) *axisTaps {
		if scale == 0 {
			scale = float64(in) / float64(out)
		}
		a := &axisTaps{nearest: true}
		for o := 0; o < out; o++ {
			i := min(int(math.Floor(float64(float32(o)*float32(scale)))), in-1)
			a.add([]int{i}, []float32{1})
		}
		return a.finish()
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
	axis := func(in, out int, scale float64) *axisTaps {
		var a axisTaps
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
		for o := 0; o < out; o++ {
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
			a.add([]int{i0, i1}, []float32{l0, l1})
		}
		return a.finish()
	}
	return resample("UpsampleBilinear2DBackward0", x, axis(x.shape[2], oh, scaleH), axis(x.shape[3], ow, scaleW))
}

// globalAvgPool is AdaptiveAvgPool2d to 1×1: the mean of each plane.
func globalAvgPool(x *Tensor) *Tensor {
	n, c, h, w := x.shape[0], x.shape[1], x.shape[2], x.shape[3]
	hw := h * w
	planes := n * c
	out := newBuf(planes)
	forItems(planes, hw, func(lo, hi int) {
		for p := lo; p < hi; p++ {
			out[p] = sum32(x.data[p*hw:(p+1)*hw]) / float32(hw)
		}
	})
	return record("AdaptiveAvgPool2DBackward0", fromData(out, []int{n, c, 1, 1}), []*Tensor{x}, func(g *Tensor) []*Tensor {
		gx := newBuf(len(x.data))
		forItems(planes, hw, func(lo, hi int) {
			for p := lo; p < hi; p++ {
				fill(gx[p*hw:(p+1)*hw], g.data[p]/float32(hw))
			}
		})
		return []*Tensor{ownedGrad(gx, x.shape)}
	})
}

// sum32 adds v in four interleaved sums, which run in parallel in the CPU
// and keep the rounding error of long rows small.
func sum32(v []float32) float32 {
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(v); i += 4 {
		q := v[i : i+4 : i+4]
		s0 += q[0]
		s1 += q[1]
		s2 += q[2]
		s3 += q[3]
	}
	for ; i < len(v); i++ {
		s0 += v[i]
	}
	return (s0 + s1) + (s2 + s3)
}
