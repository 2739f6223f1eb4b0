package vmath

import (
	"math"
	"math/rand"
	"testing"
)

// selectInputs returns values with every case the selections treat apart:
// ±0, ±Inf, NaNs of both signs, the bounds used below, and random normals,
// at lengths that leave every tail length after the vector blocks.
func selectInputs(n int, seed int64) []float32 {
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.Float32frombits(0xffc00000), -0.5, 0.5, 1, -1, 6, 1e-40}
	r := rand.New(rand.NewSource(seed))
	x := make([]float32, n)
	for i := range x {
		if r.Intn(4) == 0 {
			x[i] = special[r.Intn(len(special))]
		} else {
			x[i] = float32(r.NormFloat64())
		}
	}
	return x
}

// sameBits compares results bit for bit, NaNs only as NaNs.
func sameBits(t *testing.T, op string, i int, got, want float32, in ...float32) {
	t.Helper()
	if got != got && want != want {
		return
	}
	if math.Float32bits(got) != math.Float32bits(want) {
		t.Fatalf("%s: element %d of inputs %v: got %v (%#x), want %v (%#x)", op, i, in, got, math.Float32bits(got), want, math.Float32bits(want))
	}
}

func TestSelectionsMatchTheirDefinitions(t *testing.T) {
	isNaN := func(v float32) bool { return v != v }
	for _, n := range []int{0, 1, 7, 8, 9, 31, 64, 1001} {
		a, b, g := selectInputs(n, int64(n)), selectInputs(n, int64(n)+100), selectInputs(n, int64(n)+200)
		for i := 0; i < n; i += 5 {
			b[i] = a[i] // ties
		}
		dst, dst2 := make([]float32, n), make([]float32, n)

		Abs(dst, a)
		for i, v := range a {
			sameBits(t, "Abs", i, dst[i], math.Float32frombits(math.Float32bits(v)&^(1<<31)), v)
		}
		Reciprocal(dst, a)
		for i, v := range a {
			sameBits(t, "Reciprocal", i, dst[i], 1/v, v)
		}
		Clamp(dst, a, -0.5, 1)
		for i, v := range a {
			want := v
			switch {
			case isNaN(v):
			case v < -0.5:
				want = -0.5
			case v > 1:
				want = 1
			}
			sameBits(t, "Clamp", i, dst[i], want, v)
		}
		LeakyReLU(dst, a, 0.01)
		LeakyReLUBackward(dst2, g, a, 0.01)
		for i, v := range a {
			want, wantG := v*0.01, g[i]*0.01
			if v > 0 {
				want, wantG = v, g[i]
			}
			sameBits(t, "LeakyReLU", i, dst[i], want, v)
			sameBits(t, "LeakyReLUBackward", i, dst2[i], wantG, g[i], v)
		}
		for _, closed := range []bool{true, false} {
			PassInside(dst, g, a, -0.5, 1, closed)
			for i, v := range a {
				var want float32
				if in := v > -0.5 && v < 1 || closed && (v == -0.5 || v == 1); in {
					want = g[i]
				}
				sameBits(t, "PassInside", i, dst[i], want, g[i], v)
			}
		}
		Maximum(dst, a, b)
		Minimum(dst2, a, b)
		for i := range a {
			wantMax, wantMin := b[i], b[i]
			if a[i] > b[i] {
				wantMax = a[i]
			}
			if a[i] < b[i] {
				wantMin = a[i]
			}
			if isNaN(a[i]) || isNaN(b[i]) {
				if !isNaN(dst[i]) || !isNaN(dst2[i]) {
					t.Fatalf("Maximum/Minimum of %v and %v: %v and %v, want NaN", a[i], b[i], dst[i], dst2[i])
				}
				continue
			}
			sameBits(t, "Maximum", i, dst[i], wantMax, a[i], b[i])
			sameBits(t, "Minimum", i, dst2[i], wantMin, a[i], b[i])
		}
		for _, isMax := range []bool{true, false} {
			for lo := 0; lo < n; lo += 3 {
				hi := min(n, lo+1+lo%40)
				want := a[lo]
				for _, v := range a[lo:hi] {
					if isNaN(v) || isNaN(want) {
						want = float32(math.NaN())
					} else if isMax && v > want || !isMax && v < want {
						want = v
					}
				}
				got := Extreme(a[lo:hi], isMax)
				if isNaN(want) != isNaN(got) || !isNaN(want) && got != want {
					t.Fatalf("Extreme(%v, %v) = %v, want %v", a[lo:hi], isMax, got, want)
				}
			}
			MaximumBackward(dst, dst2, g, a, b, isMax)
			for i := range a {
				v := g[i]
				if a[i] == b[i] {
					v = g[i] / 2
				}
				wa, wb := v, v
				if (isMax && a[i] < b[i]) || (!isMax && a[i] > b[i]) {
					wa = 0
				}
				if (isMax && a[i] > b[i]) || (!isMax && a[i] < b[i]) {
					wb = 0
				}
				sameBits(t, "MaximumBackward a", i, dst[i], wa, g[i], a[i], b[i])
				sameBits(t, "MaximumBackward b", i, dst2[i], wb, g[i], a[i], b[i])
			}
		}
	}
}

func TestSelectionsRejectMismatchedLengths(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || r.(string) != "vmath: Clamp: dst has 3 elements, src 4" {
			t.Fatalf("panic %v", r)
		}
	}()
	Clamp(make([]float32, 3), make([]float32, 4), 0, 1)
}

func TestAddWidenMatchesFloat64Loop(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 31, 64, 1001} {
		x, y := selectInputs(n, int64(n)+7), selectInputs(n, int64(n)+8)
		acc, want := make([]float64, n), make([]float64, n)
		for i := range acc {
			acc[i] = float64(i) * 0.25
			want[i] = acc[i] + float64(x[i]) + float64(x[i]*y[i])
		}
		AddWiden(acc, x)
		AddWidenProduct(acc, x, y)
		for i := range acc {
			if acc[i] != want[i] && !(math.IsNaN(acc[i]) && math.IsNaN(want[i])) {
				t.Fatalf("n=%d: acc[%d] = %v, want %v (x %v, y %v)", n, i, acc[i], want[i], x[i], y[i])
			}
		}
	}
}

// AddWidenRows and AddWidenProductRows give the bits of a float64 loop
// that adds row after row, for column counts around the kernel's chunks
// of 32 and 8, strides wider than a row and row counts from 1.
func TestAddWidenRowsMatchesRowByRowLoop(t *testing.T) {
	for _, c := range []struct{ cols, stride, rows int }{
		{1, 1, 1}, {8, 8, 1}, {8, 9, 5}, {16, 40, 3}, {32, 32, 7}, {33, 70, 4},
		{40, 40, 9}, {47, 100, 6}, {64, 64, 2}, {784, 784, 33}, {200, 512, 17},
	} {
		n := (c.rows-1)*c.stride + c.cols
		x, y := selectInputs(n, int64(n)+11), selectInputs(n, int64(n)+12)
		for _, prod := range []bool{false, true} {
			acc, want := make([]float64, c.cols), make([]float64, c.cols)
			for j := range acc {
				acc[j] = float64(j)*0.5 - 3
				want[j] = acc[j]
			}
			for k := range c.rows {
				for j := range want {
					v := x[k*c.stride+j]
					if prod {
						v *= y[k*c.stride+j]
					}
					want[j] += float64(v)
				}
			}
			if prod {
				AddWidenProductRows(acc, x, y, c.stride, c.rows)
			} else {
				AddWidenRows(acc, x, c.stride, c.rows)
			}
			for j := range acc {
				if math.Float64bits(acc[j]) != math.Float64bits(want[j]) && !(math.IsNaN(acc[j]) && math.IsNaN(want[j])) {
					t.Fatalf("%+v product %v: acc[%d] = %v, want %v", c, prod, j, acc[j], want[j])
				}
			}
		}
	}
}
