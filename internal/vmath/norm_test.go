package vmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// normLengths cover the vector kernels alone (multiples of 8), the Go
// tail alone (under 8), both, and rows longer than the unrolled loops.
var normLengths = []int{1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 33, 64, 100, 128, 1000, 4099}

// normRow returns n values around offset with spread 1: an offset much
// larger than the spread makes a one-pass variance or a float32 mean lose
// most of their digits.
func normRow(r *rand.Rand, n int, offset float32) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = offset + float32(r.NormFloat64())
	}
	return x
}

// near reports whether got is within tol·scale of want.
func near(got, want, tol, scale float64) bool {
	return math.Abs(got-want) <= tol*scale
}

func TestMomentsAreFloat64Exact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range normLengths {
		for _, offset := range []float32{0, 1000} {
			x := normRow(r, n, offset)
			var s, sa float64
			for _, v := range x {
				s += float64(v)
				sa += math.Abs(float64(v))
			}
			if got := Sum64(x); !near(got, s, 1e-13, sa) {
				t.Errorf("Sum64 of %d values around %v = %v, want %v", n, offset, got, s)
			}
			mean := s / float64(n)
			var ss float64
			for _, v := range x {
				ss += (float64(v) - mean) * (float64(v) - mean)
			}
			m, v := Moments(x)
			if !near(m, mean, 1e-13, sa/float64(n)) || !near(v, ss/float64(n), 1e-9, ss/float64(n)+1e-30) {
				t.Errorf("Moments of %d values around %v = %v, %v, want %v, %v", n, offset, m, v, mean, ss/float64(n))
			}
		}
	}
}

func TestMomentsPropagateNaNAndInf(t *testing.T) {
	for _, n := range []int{5, 8, 19} {
		for i := range n {
			x := make([]float32, n)
			for j := range x {
				x[j] = float32(j)
			}
			x[i] = float32(math.NaN())
			if m, v := Moments(x); !math.IsNaN(m) || !math.IsNaN(v) {
				t.Errorf("Moments with a NaN at %d of %d = %v, %v, want NaN, NaN", i, n, m, v)
			}
			x[i] = float32(math.Inf(1))
			if m, v := Moments(x); !math.IsInf(m, 1) || !math.IsNaN(v) {
				t.Errorf("Moments with +Inf at %d of %d = %v, %v, want +Inf, NaN", i, n, m, v)
			}
		}
	}
}

// TestLayerNormKernels checks the forward and backward steps of a layer
// normalisation row against the same formulas in float64.
func TestLayerNormKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range normLengths {
		x := normRow(r, n, 3)
		w, b, g := normRow(r, n, 0), normRow(r, n, 0), normRow(r, n, 0)
		mean64, var64 := Moments(x)
		mean, rstd := float32(mean64), float32(1/math.Sqrt(var64+1e-5))
		xhat := make([]float64, n)
		for i := range x {
			xhat[i] = (float64(x[i]) - float64(mean)) * float64(rstd)
		}

		y := make([]float32, n)
		NormAffine(y, x, w, b, mean, rstd)
		for i := range y {
			want := xhat[i]*float64(w[i]) + float64(b[i])
			if !near(float64(y[i]), want, 1e-6, 1+math.Abs(want)) {
				t.Errorf("NormAffine, %d elements: [%d] = %v, want %v", n, i, y[i], want)
			}
		}

		dw, db := make([]float32, n), make([]float32, n)
		for i := range dw {
			dw[i], db[i] = 1, 2
		}
		sg, sgx := NormBackwardSums(g, x, w, dw, db, mean, rstd)
		var wsg, wsgx, scale float64
		for i := range g {
			gh := float64(g[i]) * float64(w[i])
			wsg += gh
			wsgx += gh * xhat[i]
			scale += math.Abs(gh) * (1 + math.Abs(xhat[i]))
			if wdw := 1 + float64(g[i])*xhat[i]; !near(float64(dw[i]), wdw, 1e-6, 1+math.Abs(wdw)) {
				t.Errorf("NormBackwardSums, %d elements: dw[%d] = %v, want %v", n, i, dw[i], wdw)
			}
			if wdb := 2 + float64(g[i]); !near(float64(db[i]), wdb, 1e-6, 1+math.Abs(wdb)) {
				t.Errorf("NormBackwardSums, %d elements: db[%d] = %v, want %v", n, i, db[i], wdb)
			}
		}
		if !near(sg, wsg, 1e-6, scale) || !near(sgx, wsgx, 1e-6, scale) {
			t.Errorf("NormBackwardSums, %d elements = %v, %v, want %v, %v", n, sg, sgx, wsg, wsgx)
		}

		c1, c2 := float32(sg/float64(n)), float32(sgx/float64(n))
		dx := make([]float32, n)
		NormBackwardInput(dx, g, x, w, mean, rstd, c1, c2)
		for i := range dx {
			want := float64(rstd) * (float64(g[i])*float64(w[i]) - float64(c1) - xhat[i]*float64(c2))
			if !near(float64(dx[i]), want, 1e-5, 1+math.Abs(want)) {
				t.Errorf("NormBackwardInput, %d elements: [%d] = %v, want %v", n, i, dx[i], want)
			}
		}
	}
}

// TestBatchNormKernels checks the per-channel steps of a batch
// normalisation against float64.
func TestBatchNormKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range normLengths {
		x, g := normRow(r, n, 2), normRow(r, n, 0)
		y := make([]float32, n)
		ScaleShift(y, x, 0.75, -1.5)
		for i := range y {
			want := float64(x[i])*0.75 - 1.5
			if !near(float64(y[i]), want, 1e-6, 1+math.Abs(want)) {
				t.Errorf("ScaleShift, %d elements: [%d] = %v, want %v", n, i, y[i], want)
			}
		}

		const mean = 2.25
		sg, sgx := DevSums(g, x, mean)
		var wsg, wsgx, scale float64
		for i := range g {
			wsg += float64(g[i])
			wsgx += float64(g[i]) * (float64(x[i]) - mean)
			scale += math.Abs(float64(g[i])) * (1 + math.Abs(float64(x[i])-mean))
		}
		if !near(sg, wsg, 1e-6, scale) || !near(sgx, wsgx, 1e-6, scale) {
			t.Errorf("DevSums, %d elements = %v, %v, want %v, %v", n, sg, sgx, wsg, wsgx)
		}

		dx := make([]float32, n)
		DevBackward(dx, g, x, mean, 1.25, 0.5, -0.75)
		for i := range dx {
			want := 1.25 * (float64(g[i]) - 0.5 + (float64(x[i])-mean)*0.75)
			if !near(float64(dx[i]), want, 1e-5, 1+math.Abs(want)) {
				t.Errorf("DevBackward, %d elements: [%d] = %v, want %v", n, i, dx[i], want)
			}
		}
	}
}

func TestNormKernelsRejectMismatchedLengths(t *testing.T) {
	a, b := make([]float32, 4), make([]float32, 5)
	for name, f := range map[string]func(){
		"NormAffine":        func() { NormAffine(a, a, b, a, 0, 1) },
		"NormBackwardSums":  func() { NormBackwardSums(a, a, a, b, a, 0, 1) },
		"NormBackwardInput": func() { NormBackwardInput(a, b, a, a, 0, 1, 0, 0) },
		"ScaleShift":        func() { ScaleShift(a, b, 1, 0) },
		"DevSums":           func() { DevSums(a, b, 0) },
		"DevBackward":       func() { DevBackward(a, a, b, 0, 1, 0, 0) },
		"Moments":           func() { Moments(nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s accepted slices of different lengths", name)
				}
			}()
			f()
		}()
	}
}

// TestAdamAndAddScaledMatchFloat64 checks the optimizer kernels against
// their formulas in float64, with and without weight decay.
func TestAdamAndAddScaledMatchFloat64(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range normLengths {
		for _, wd := range []float32{0, 0.1} {
			p, g, m := normRow(r, n, 0), normRow(r, n, 0), normRow(r, n, 0)
			v := normRow(r, n, 0)
			for i := range v {
				v[i] *= v[i]
			}
			p0, m0, v0 := append([]float32(nil), p...), append([]float32(nil), m...), append([]float32(nil), v...)
			s := AdamStep{Beta1: 0.9, Beta2: 0.99, StepSize: 0.01, BC2Sqrt: 0.3, Eps: 1e-3, WeightDecay: wd}
			Adam(p, g, m, v, s)
			for i := range p {
				gi := float64(g[i]) + float64(wd)*float64(p0[i])
				wm := 0.9*float64(m0[i]) + 0.1*gi
				wv := 0.99*float64(v0[i]) + 0.01*gi*gi
				wp := float64(p0[i]) - 0.01*wm/(math.Sqrt(wv)/0.3+1e-3)
				if !near(float64(m[i]), wm, 1e-6, 1+math.Abs(wm)) || !near(float64(v[i]), wv, 1e-6, 1+math.Abs(wv)) || !near(float64(p[i]), wp, 1e-6, 1+math.Abs(wp)) {
					t.Fatalf("Adam, %d elements, weight decay %v: [%d] p, m, v = %v, %v, %v, want %v, %v, %v", n, wd, i, p[i], m[i], v[i], wp, wm, wv)
				}
			}
		}
		dst, src := normRow(r, n, 1), normRow(r, n, 0)
		d0 := append([]float32(nil), dst...)
		AddScaled(dst, src, -0.25)
		for i := range dst {
			if want := float64(d0[i]) - 0.25*float64(src[i]); !near(float64(dst[i]), want, 1e-6, 1+math.Abs(want)) {
				t.Fatalf("AddScaled, %d elements: [%d] = %v, want %v", n, i, dst[i], want)
			}
		}
		copy(d0, dst)
		ScaleAddScaled(dst, src, 0.9, 0.5)
		for i := range dst {
			if want := 0.9*float64(d0[i]) + 0.5*float64(src[i]); !near(float64(dst[i]), want, 1e-6, 1+math.Abs(want)) {
				t.Fatalf("ScaleAddScaled, %d elements: [%d] = %v, want %v", n, i, dst[i], want)
			}
		}
	}
}

// BenchmarkLayerNormRows runs the forward and backward kernels over 64
// rows of 128 that stay in the L2 cache: the kernels' own cost, without
// the memory traffic of a large tensor.
func BenchmarkLayerNormRows(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	const rows, d = 64, 128
	x, g, y, dx := normRow(r, rows*d, 1), normRow(r, rows*d, 0), make([]float32, rows*d), make([]float32, rows*d)
	w, bias, dw, db := normRow(r, d, 1), normRow(r, d, 0), make([]float32, d), make([]float32, d)
	mean, rstd := make([]float32, rows), make([]float32, rows)
	b.Run("forward", func(b *testing.B) {
		for b.Loop() {
			LayerNormRows(y, x, w, bias, mean, rstd, d, 1e-5)
		}
	})
	b.Run("backward", func(b *testing.B) {
		for b.Loop() {
			LayerNormBackwardRows(dx, g, x, w, dw, db, mean, rstd, d)
		}
	})
}

// TestLayerNormRowsIsTheRowKernelsRowByRow: the kernels over many rows
// give the same bits as Moments, NormAffine, NormBackwardSums and
// NormBackwardInput called row by row, for rows that are and are not a
// multiple of 8 long, with and without dx.
func TestLayerNormRowsIsTheRowKernelsRowByRow(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, d := range []int{1, 8, 13, 16, 24, 64, 128, 136, 1000} {
		for _, rows := range []int{1, 3} {
			x, g := normRow(r, rows*d, 2), normRow(r, rows*d, 0)
			w, b := normRow(r, d, 1), normRow(r, d, 0)
			y, mean, rstd := make([]float32, rows*d), make([]float32, rows), make([]float32, rows)
			LayerNormRows(y, x, w, b, mean, rstd, d, 1e-5)
			dx, dw, db := make([]float32, rows*d), make([]float32, d), make([]float32, d)
			LayerNormBackwardRows(dx, g, x, w, dw, db, mean, rstd, d)
			dw2, db2 := make([]float32, d), make([]float32, d)
			LayerNormBackwardRows(nil, g, x, w, dw2, db2, mean, rstd, d)

			wy, wdx, wdw, wdb := make([]float32, rows*d), make([]float32, rows*d), make([]float32, d), make([]float32, d)
			for i := range rows {
				row, gr := x[i*d:(i+1)*d], g[i*d:(i+1)*d]
				mu, v := Moments(row)
				m, rs := float32(mu), float32(1/math.Sqrt(v+float64(float32(1e-5))))
				if mean[i] != m || rstd[i] != rs {
					t.Fatalf("rows of %d: row %d mean, rstd = %v, %v, want %v, %v", d, i, mean[i], rstd[i], m, rs)
				}
				NormAffine(wy[i*d:(i+1)*d], row, w, b, m, rs)
				sg, sgx := NormBackwardSums(gr, row, w, wdw, wdb, m, rs)
				NormBackwardInput(wdx[i*d:(i+1)*d], gr, row, w, m, rs, float32(sg/float64(d)), float32(sgx/float64(d)))
			}
			for _, c := range []struct {
				name      string
				got, want []float32
			}{{"y", y, wy}, {"dx", dx, wdx}, {"dw", dw, wdw}, {"db", db, wdb}, {"dw without dx", dw2, wdw}, {"db without dx", db2, wdb}} {
				for i := range c.want {
					if math.Float32bits(c.got[i]) != math.Float32bits(c.want[i]) {
						t.Fatalf("%d rows of %d: %s[%d] = %v, row by row %v", rows, d, c.name, i, c.got[i], c.want[i])
					}
				}
			}
		}
	}
}
