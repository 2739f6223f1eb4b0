package tensorlib

import (
	"fmt"
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
	var w, b []float32
	if weight != nil {
		w = weight.data
	} else {
		w = ones(d)
	}
	if bias != nil {
		b = bias.data
	} else {
		b = make([]float32, d)
	}
	// Each row in two float64 passes for its moments (the row stays in
	// the L1 cache) and one fused float32 pass for (x - mean)·rstd·w + b,
	// a block of rows a call (vmath.LayerNormRows). Only the mean and
	// rstd of each row are kept for the backward, as PyTorch keeps them.
	// Rows are shared among the cores as element-wise loops are.
	out := newBuf(len(x.data))
	mean, rstd := make([]float32, rows), make([]float32, rows)
	layerNormRows(out, x.data, w, b, mean, rstd, d, eps)
	needX := x.requiresGrad
	needW := weight != nil && weight.requiresGrad
	needB := bias != nil && bias.requiresGrad
	return record("NativeLayerNormBackward0", fromData(out, x.shape), []*Tensor{x, weight, bias}, func(g *Tensor) []*Tensor {
		// Per row, with gh = g·w and xhat = (x - mean)·rstd: one pass
		// for Σgh and Σgh·xhat that also adds g·xhat and g into its
		// block's column sums, and one for
		// dx = rstd·(gh - mean(gh) - xhat·mean(gh·xhat)), a block of
		// rows a call (vmath.LayerNormBackwardRows).
		var gxd []float32
		if needX {
			gxd = newBuf(len(x.data))
		}
		pw, pb, blocks := layerNormBackwardRows(gxd, g.data, x.data, w, mean, rstd, d)
		var gx, gw, gb *Tensor
		if needX {
			gx = ownedGrad(gxd, x.shape)
		}
		// The blocks' column sums are added in float64 in block order, so
		// the result does not depend on the schedule.
		if needW {
			gw = ownedGrad(blockSums(pw, blocks, d), weight.shape)
		}
		if needB {
			gb = ownedGrad(blockSums(pb, blocks, d), bias.shape)
		}
		return []*Tensor{gx, gw, gb}
	})
}

// layerNormRows normalises the rows of d elements of x into out (rows
// shared among the cores as element-wise loops are) and records their
// means and rstd, one a row.
func layerNormRows(out, x, w, b, mean, rstd []float32, d int, eps float32) {
	forRows(len(mean), d, func(lo, hi int) {
		vmath.LayerNormRows(out[lo*d:hi*d], x[lo*d:hi*d], w, b, mean[lo:hi], rstd[lo:hi], d, eps)
	})
}

// layerNormBackwardRows runs LayerNorm's backward over blocks of rows of
// x and the output gradient g on the cores: dx (unless nil) and, for each
// block, the column sums of g·xhat and g in pw and pb (blocks rows of d).
func layerNormBackwardRows(dx, g, x, w, mean, rstd []float32, d int) (pw, pb []float32, blocks int) {
	rows := len(mean)
	per := max(1, elemBlock/max(d, 1))
	blocks = (rows + per - 1) / per
	pw, pb = make([]float32, blocks*d), make([]float32, blocks*d)
	workers := 1
	if rows*d >= parallelElems {
		workers = min(runtime.GOMAXPROCS(0), blocks)
	}
	runSamples(blocks, workers, func(_, blk int) {
		lo, hi := blk*per, min((blk+1)*per, rows)
		var dxb []float32
		if dx != nil {
			dxb = dx[lo*d : hi*d]
		}
		vmath.LayerNormBackwardRows(dxb, g[lo*d:hi*d], x[lo*d:hi*d], w, pw[blk*d:(blk+1)*d], pb[blk*d:(blk+1)*d], mean[lo:hi], rstd[lo:hi], d)
	})
	return pw, pb, blocks
}

// blockSums returns the column sums of the blocks×d matrix p, added in
// float64 in row order.
func blockSums(p []float32, blocks, d int) []float32 {
	acc := make([]float64, d)
	for blk := range blocks {
		for i, v := range p[blk*d : (blk+1)*d] {
			acc[i] += float64(v)
		}
	}
	return toFloat32(acc)
}

// ones returns n ones.
func ones(n int) []float32 {
	o := make([]float32, n)
	fill(o, 1)
	return o
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
		return []*Tensor{ownedGrad(gd, t.shape)}
	})
}
