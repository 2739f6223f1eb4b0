package tensorlib

import (
	"fmt"
	"math"
	"runtime"

	"github.com/gohooks/gohooks/internal/vmath"
)

// LayerNorm normalises x over its last len(normalizedShape) dimensions, as
// PyTorch's torch.nn.functional.layer_norm: (x - mean)/sqrt(var + eps) ·
// weight + bias, with the biased variance. weight and bias have shape
// normalizedShape; either may be nil (1 and 0). Each row is normalised in
// float32, as PyTorch does, with its mean and variance summed in float64.
// Gradients flow to x, weight and bias through a node named
// NativeLayerNormBackward0.
func LayerNorm(x *Tensor, normalizedShape []int, weight, bias *Tensor, eps float32) *Tensor {
	k := len(normalizedShape)
	if k == 0 || k > x.Dim() || !sameShape(x.shape[x.Dim()-k:], normalizedShape) {
		panic(fmt.Sprintf("tensorlib: LayerNorm: input of shape %v does not end with the normalized shape %v", x.shape, normalizedShape))
	}
	for _, p := range []struct {
		name string
		t    *Tensor
	}{{"weight", weight}, {"bias", bias}} {
		if p.t != nil && !sameShape(p.t.shape, normalizedShape) {
			panic(fmt.Sprintf("tensorlib: LayerNorm: %s of shape %v for normalized shape %v", p.name, p.t.shape, normalizedShape))
		}
	}
	d := checkShape("LayerNorm", normalizedShape)
	rows := 0
	if d > 0 {
		rows = len(x.data) / d
	}
	// Each row in float32 vector steps (vmath), with its sums in float64:
	// xhat = (x - mean)·rstd, out = xhat·weight + bias. Rows are shared
	// among the cores as element-wise loops are.
	out := newBuf(len(x.data))
	xhat := newBuf(len(x.data))
	rstd := make([]float64, rows)
	forRows(rows, d, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			row, xh, o := x.data[r*d:(r+1)*d], xhat[r*d:(r+1)*d], out[r*d:(r+1)*d]
			mu := sum64(row) / float64(d)
			vmath.AddConst(xh, row, -float32(mu))
			rs := 1 / math.Sqrt(dot64(xh, xh)/float64(d)+float64(eps))
			rstd[r] = rs
			vmath.Scale(xh, xh, float32(rs))
			switch {
			case weight != nil:
				vmath.Mul(o, xh, weight.data)
				if bias != nil {
					vmath.Add(o, o, bias.data)
				}
			case bias != nil:
				vmath.Add(o, xh, bias.data)
			default:
				copy(o, xh)
			}
		}
	})
	return record("NativeLayerNormBackward0", fromData(out, x.shape), []*Tensor{x, weight, bias}, func(g *Tensor) []*Tensor {
		var gx, gw, gb *Tensor
		if x.requiresGrad {
			// dx = rstd·(gh - mean(gh) - xhat·mean(gh·xhat)), gh = g·weight.
			gxd := newBuf(len(x.data))
			forRows(rows, d, func(lo, hi int) {
				gh, tmp := make([]float32, d), make([]float32, d)
				for r := lo; r < hi; r++ {
					gr, xh := g.data[r*d:(r+1)*d], xhat[r*d:(r+1)*d]
					if weight != nil {
						vmath.Mul(gh, gr, weight.data)
						gr = gh
					}
					m1 := sum64(gr) / float64(d)
					m2 := dot64(gr, xh) / float64(d)
					vmath.Scale(tmp, xh, float32(m2))
					vmath.Sub(tmp, gr, tmp)
					vmath.AddConst(tmp, tmp, -float32(m1))
					vmath.Scale(gxd[r*d:(r+1)*d], tmp, float32(rstd[r]))
				}
			})
			gx = fromData(gxd, x.shape)
		}
		if weight != nil && weight.requiresGrad || bias != nil && bias.requiresGrad {
			sw, sb := columnSums(rows, d, g.data, xhat)
			if weight != nil && weight.requiresGrad {
				gw = fromData(toFloat32(sw), weight.shape)
			}
			if bias != nil && bias.requiresGrad {
				gb = fromData(toFloat32(sb), bias.shape)
			}
		}
		return []*Tensor{gx, gw, gb}
	})
}

// columnSums returns, for each column i of rows×d matrices g and xhat,
// Σ g·xhat and Σ g over the rows: in float32 vector steps within blocks
// of rows (on several cores), the blocks' sums then added in float64 in
// block order, so the result does not depend on the schedule.
func columnSums(rows, d int, g, xhat []float32) (sw, sb []float64) {
	per := max(1, elemBlock/max(d, 1))
	blocks := (rows + per - 1) / per
	pw, pb := make([][]float32, blocks), make([][]float32, blocks)
	workers := 1
	if rows*d >= parallelElems {
		workers = min(runtime.GOMAXPROCS(0), blocks)
	}
	runSamples(blocks, workers, func(_, b int) {
		aw, ab, tmp := make([]float32, d), make([]float32, d), make([]float32, d)
		for r := b * per; r < min((b+1)*per, rows); r++ {
			gr := g[r*d : (r+1)*d]
			vmath.Mul(tmp, gr, xhat[r*d:(r+1)*d])
			vmath.Add(aw, aw, tmp)
			vmath.Add(ab, ab, gr)
		}
		pw[b], pb[b] = aw, ab
	})
	sw, sb = make([]float64, d), make([]float64, d)
	for b := range blocks {
		for i := range d {
			sw[i] += float64(pw[b][i])
			sb[i] += float64(pb[b][i])
		}
	}
	return sw, sb
}

// dot64 returns Σ a·b in float64, with four partial sums as sum64.
func dot64(a, b []float32) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(a); i += 4 {
		x, y := a[i:i+4:i+4], b[i:i+4:i+4]
		s0 += float64(x[0]) * float64(y[0])
		s1 += float64(x[1]) * float64(y[1])
		s2 += float64(x[2]) * float64(y[2])
		s3 += float64(x[3]) * float64(y[3])
	}
	for ; i < len(a); i++ {
		s0 += float64(a[i]) * float64(b[i])
	}
	return (s0 + s1) + (s2 + s3)
}

func toFloat32(v []float64) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}

// MaskedFill returns t with value wherever mask (which broadcasts to t's
// shape) is non-zero, as PyTorch's masked_fill with a boolean mask.
// Attention masks use it with -Inf. The gradient passes where mask is zero.
func (t *Tensor) MaskedFill(mask *Tensor, value float32) *Tensor {
	shape := broadcastShape("MaskedFill", t.shape, mask.shape)
	if !sameShape(shape, t.shape) {
		panic(fmt.Sprintf("tensorlib: MaskedFill: mask of shape %v does not broadcast to the tensor's shape %v", mask.shape, t.shape))
	}
	m := expandData(mask, t.shape)
	out := make([]float32, len(t.data))
	for i, v := range t.data {
		if m[i] != 0 {
			out[i] = value
		} else {
			out[i] = v
		}
	}
	return record("MaskedFillBackward0", fromData(out, t.shape), []*Tensor{t}, func(g *Tensor) []*Tensor {
		gd := make([]float32, len(g.data))
		for i, v := range g.data {
			if m[i] == 0 {
				gd[i] = v
			}
		}
		return []*Tensor{fromData(gd, t.shape)}
	})
}
