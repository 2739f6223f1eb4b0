package tensorlib

import (
	"fmt"
	"math"
)

// LayerNorm normalises x over its last len(normalizedShape) dimensions, as
// PyTorch's torch.nn.functional.layer_norm: (x - mean)/sqrt(var + eps) ·
// weight + bias, with the biased variance. weight and bias have shape
// normalizedShape; either may be nil (1 and 0). Statistics accumulate in
// float64. Gradients flow to x, weight and bias through a node named
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
	out := make([]float32, len(x.data))
	xhat := make([]float32, len(x.data))
	rstd := make([]float64, rows)
	forBlocks(rows, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			row := x.data[r*d : (r+1)*d]
			mu := sum64(row) / float64(d)
			var ss float64
			for _, v := range row {
				e := float64(v) - mu
				ss += e * e
			}
			rs := 1 / math.Sqrt(ss/float64(d)+float64(eps))
			rstd[r] = rs
			for i, v := range row {
				h := (float64(v) - mu) * rs
				xhat[r*d+i] = float32(h)
				if weight != nil {
					h *= float64(weight.data[i])
				}
				if bias != nil {
					h += float64(bias.data[i])
				}
				out[r*d+i] = float32(h)
			}
		}
	})
	return record("NativeLayerNormBackward0", fromData(out, x.shape), []*Tensor{x, weight, bias}, func(g *Tensor) []*Tensor {
		var gx, gw, gb *Tensor
		if x.requiresGrad {
			gxd := make([]float32, len(x.data))
			forBlocks(rows, func(lo, hi int) {
				gh := make([]float64, d)
				for r := lo; r < hi; r++ {
					var m1, m2 float64
					for i := 0; i < d; i++ {
						v := float64(g.data[r*d+i])
						if weight != nil {
							v *= float64(weight.data[i])
						}
						gh[i] = v
						m1 += v
						m2 += v * float64(xhat[r*d+i])
					}
					m1 /= float64(d)
					m2 /= float64(d)
					for i := 0; i < d; i++ {
						gxd[r*d+i] = float32(rstd[r] * (gh[i] - m1 - float64(xhat[r*d+i])*m2))
					}
				}
			})
			gx = fromData(gxd, x.shape)
		}
		if weight != nil && weight.requiresGrad || bias != nil && bias.requiresGrad {
			sw := make([]float64, d)
			sb := make([]float64, d)
			for r := 0; r < rows; r++ {
				for i := 0; i < d; i++ {
					v := float64(g.data[r*d+i])
					sw[i] += v * float64(xhat[r*d+i])
					sb[i] += v
				}
			}
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
