package tensorlib

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"
)

var layerNormCases = []struct {
	name         string
	xs, ns       []int
	weight, bias bool
	eps          float32
	scale, shift float32
}{
	{"d1", []int{3, 1}, []int{1}, true, true, 1e-5, 2, 0.5},
	{"d8", []int{4, 8}, []int{8}, true, true, 1e-5, 2, 0.5},
	{"d13", []int{2, 3, 13}, []int{13}, true, true, 1e-5, 2, 0.5},
	{"d2x5_plain", []int{3, 2, 5}, []int{2, 5}, false, false, 1e-3, 2, 0.5},
	{"d37_weight", []int{5, 37}, []int{37}, true, false, 1e-5, 3, -1},
	{"d517", []int{2, 517}, []int{517}, true, true, 1e-5, 0.5, 4},
	{"nonfinite", []int{5, 11}, []int{11}, true, true, 1e-5, 2, 0.5},
}

// layerNormNaN returns, per case, the positions where PyTorch's values are
// NaN (written as 0 in testdata/network_torch.json).
func layerNormNaN(t *testing.T, name string) map[string][]int {
	t.Helper()
	b, err := os.ReadFile("testdata/network_torch.json")
	if err != nil {
		t.Fatal(err)
	}
	var refs map[string]struct {
		NaN map[string][]int `json:"nan"`
	}
	if err := json.Unmarshal(b, &refs); err != nil {
		t.Fatalf("testdata/network_torch.json: %v", err)
	}
	return refs[name].NaN
}

// closeOrNaN is netClose that also requires NaN exactly at nan.
func closeOrNaN(t *testing.T, what string, got *Tensor, want []float64, nan []int) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: nil tensor", what)
		return
	}
	for i, v := range got.data {
		if math.IsNaN(float64(v)) != slices.Contains(nan, i) {
			t.Errorf("%s[%d] = %v; PyTorch's NaN positions are %v", what, i, v, nan)
			return
		}
	}
	g := fromData(slices.Clone(got.data), got.shape)
	for _, i := range nan {
		g.data[i] = 0
	}
	netClose(t, what, g, want)
}

func TestLayerNormMatchesTorch(t *testing.T) {
	for _, c := range layerNormCases {
		t.Run(c.name, func(t *testing.T) {
			ref := netRef(t, "layernorm_"+c.name)
			nan := layerNormNaN(t, "layernorm_"+c.name)
			x := netWave(0.5, c.scale, c.shift, c.xs...)
			if c.name == "nonfinite" {
				x.data[3] = float32(math.Inf(1))
				x.data[2*11+10] = float32(math.NaN())
				x.data[3*11] = float32(math.Inf(-1))
				fill(x.data[4*11:], 7)
			}
			x.SetRequiresGrad(true)
			var w, b *Tensor
			if c.weight {
				w = netWave(0.6, 1, 1.5, c.ns...).SetRequiresGrad(true)
			}
			if c.bias {
				b = netWave(0.7, 1, 0, c.ns...).SetRequiresGrad(true)
			}
			y := LayerNorm(x, c.ns, w, b, c.eps)
			netShape(t, "y", y, ref.Shape)
			netGradFn(t, y, "NativeLayerNormBackward0")
			closeOrNaN(t, "y", y, ref.Y, nan["y"])
			y.BackwardWith(netOutGrad(y))
			if c.name == "d1" {
				// A row of one element normalises to 0 whatever x is, so
				// the exact gradient is 0; PyTorch's kernel, which forms
				// it as a·dy + b·x + c, leaves its rounding (6e-5).
				for i, v := range x.Grad().data {
					if v != 0 || math.Abs(ref.Gx[i]) > 1e-4 {
						t.Errorf("x.grad[%d] = %v, want 0 (PyTorch %v)", i, v, ref.Gx[i])
					}
				}
			} else {
				closeOrNaN(t, "x.grad", x.Grad(), ref.Gx, nan["gx"])
			}
			if c.weight {
				closeOrNaN(t, "weight.grad", w.Grad(), ref.Gw, nan["gw"])
			}
			if c.bias {
				closeOrNaN(t, "bias.grad", b.Grad(), ref.Gb, nan["gb"])
			}
		})
	}
}

// layerNorm64 is LayerNorm and its backward in float64, for rows too long
// to keep PyTorch's values in testdata.
func layerNorm64(x, w, b, g []float32, d int, eps float64) (y, gx, gw, gb []float64) {
	rows := len(x) / d
	y, gx, gw, gb = make([]float64, len(x)), make([]float64, len(x)), make([]float64, d), make([]float64, d)
	for r := range rows {
		row := x[r*d : (r+1)*d]
		var mean, v float64
		for _, e := range row {
			mean += float64(e)
		}
		mean /= float64(d)
		for _, e := range row {
			v += (float64(e) - mean) * (float64(e) - mean)
		}
		rstd := 1 / math.Sqrt(v/float64(d)+eps)
		var m1, m2 float64
		xhat := make([]float64, d)
		for i, e := range row {
			xhat[i] = (float64(e) - mean) * rstd
			y[r*d+i] = xhat[i]*float64(w[i]) + float64(b[i])
			gh := float64(g[r*d+i]) * float64(w[i])
			m1 += gh / float64(d)
			m2 += gh * xhat[i] / float64(d)
			gw[i] += float64(g[r*d+i]) * xhat[i]
			gb[i] += float64(g[r*d+i])
		}
		for i := range row {
			gx[r*d+i] = rstd * (float64(g[r*d+i])*float64(w[i]) - m1 - xhat[i]*m2)
		}
	}
	return y, gx, gw, gb
}

// TestLayerNormOfLongRowsAndManyRows covers the shapes the torch cases are
// too small for: rows longer than a parallel block (each row its own
// block of column sums) and many rows of 128 (several rows a block), both
// shared among goroutines.
func TestLayerNormOfLongRowsAndManyRows(t *testing.T) {
	for _, s := range []struct{ rows, d int }{{4, 20000}, {1024, 128}, {37, 3001}} {
		ManualSeed(3)
		x := Randn(s.rows, s.d)
		for i := range x.data {
			x.data[i] = x.data[i]*3 + 20
		}
		x.SetRequiresGrad(true)
		w, b, g := Randn(s.d).SetRequiresGrad(true), Randn(s.d).SetRequiresGrad(true), Randn(s.rows, s.d)
		y := LayerNorm(x, []int{s.d}, w, b, 1e-5)
		y.BackwardWith(g)
		wy, wgx, wgw, wgb := layerNorm64(x.data, w.data, b.data, g.data, s.d, 1e-5)
		for _, c := range []struct {
			name string
			got  *Tensor
			want []float64
			tol  float64
		}{{"y", y, wy, 1e-5}, {"x.grad", x.Grad(), wgx, 1e-5}, {"weight.grad", w.Grad(), wgw, 1e-5 * float64(s.rows)}, {"bias.grad", b.Grad(), wgb, 1e-5 * float64(s.rows)}} {
			for i, v := range c.got.data {
				if math.Abs(float64(v)-c.want[i]) > c.tol*(1+math.Abs(c.want[i])) {
					t.Errorf("%d rows of %d: %s[%d] = %v, want %v", s.rows, s.d, c.name, i, v, c.want[i])
					break
				}
			}
		}
	}
}

// TestLeafGradientNeverAliasesAGradientOthersSaw: a leaf takes the buffer
// of a fresh gradient as its Grad instead of a copy, but not one that a
// hook or a custom backward has seen, which later accumulation into Grad
// must not change.
func TestLeafGradientNeverAliasesAGradientOthersSaw(t *testing.T) {
	x := netWave(0.5, 2, 0.5, 4, 9).SetRequiresGrad(true)
	var hooked, passed *Tensor
	x.RegisterHook(func(g *Tensor) *Tensor {
		if hooked == nil {
			hooked = g
		}
		return nil
	})
	z := netWave(0.2, 1, 0, 4, 9).SetRequiresGrad(true)
	zz := Function("Identity", []*Tensor{z}, func(in []*Tensor) []*Tensor { return in },
		func(g []*Tensor) []*Tensor {
			if passed == nil {
				passed = g[0]
			}
			return g
		})[0]
	for range 2 {
		LayerNorm(x, []int{9}, nil, nil, 1e-5).BackwardWith(netWave(1.3, 1, 0, 4, 9))
		LayerNorm(zz, []int{9}, nil, nil, 1e-5).BackwardWith(netWave(1.3, 1, 0, 4, 9))
	}
	for _, c := range []struct {
		name      string
		grad, saw *Tensor
	}{{"hooked leaf", x.Grad(), hooked}, {"leaf behind a custom backward", z.Grad(), passed}} {
		for i := range c.saw.data {
			if c.grad.data[i] != 2*c.saw.data[i] {
				t.Fatalf("%s: after two passes Grad[%d] = %v and the first pass's gradient %v (want it twice that)", c.name, i, c.grad.data[i], c.saw.data[i])
			}
		}
	}

	// Without hooks the leaf keeps the fresh buffer; accumulating twice
	// still sums.
	u := netWave(0.5, 2, 0.5, 4, 9).SetRequiresGrad(true)
	LayerNorm(u, []int{9}, nil, nil, 1e-5).BackwardWith(netWave(1.3, 1, 0, 4, 9))
	once := slices.Clone(u.Grad().data)
	LayerNorm(u, []int{9}, nil, nil, 1e-5).BackwardWith(netWave(1.3, 1, 0, 4, 9))
	for i, v := range u.Grad().data {
		if v != 2*once[i] {
			t.Fatalf("Grad[%d] = %v after two passes, want 2·%v", i, v, once[i])
		}
	}
}
