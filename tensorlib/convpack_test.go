package tensorlib

import (
	"fmt"
	"testing"
)

// packRef packs like a gemm.PackB from a stored column matrix col (rows of
// ld floats).
func packRef(col []float32, ld int, dst []float32, p0, kb, j0, nb, width int) {
	for t := 0; t*width < nb; t++ {
		for r := 0; r < kb; r++ {
			for l := 0; l < width; l++ {
				v := float32(0)
				if j := t*width + l; j < nb {
					v = col[(p0+r)*ld+j0+j]
				}
				dst[(t*kb+r)*width+l] = v
			}
		}
	}
}

// Packing panels straight from the input gives the panels of the unfolded
// column matrix, with and without the bias's row of ones, for every group,
// sliver width and cut of the matrix, including slivers across samples.
func TestImagePackerMatchesUnfold(t *testing.T) {
	for _, c := range []struct {
		n, c, h, w, kh, kw, ph, pw, dh, dw, groups int
	}{
		{3, 2, 4, 4, 3, 3, 1, 1, 1, 1, 1},
		{2, 4, 8, 8, 3, 3, 1, 1, 1, 1, 2},
		{2, 2, 5, 4, 3, 3, 1, 1, 1, 1, 1},
		{1, 2, 6, 7, 3, 5, 0, 2, 1, 1, 1},
		{2, 2, 3, 5, 5, 3, 4, 2, 2, 2, 1},
		{2, 2, 7, 6, 2, 3, 0, 2, 1, 2, 2},
		{2, 3, 2, 16, 3, 3, 1, 1, 1, 1, 1},
		{2, 16, 4, 4, 3, 3, 1, 1, 1, 1, 1},
		{1, 30, 8, 2, 3, 3, 1, 1, 1, 1, 2},
	} {
		x := netWave(0.1, 1, 0, c.n, c.c, c.h, c.w)
		w := Zeros(4, c.c/c.groups, c.kh, c.kw)
		g := convGeometry(x, w, nil, ConvOptions{Padding: [2]int{c.ph, c.pw}, Dilation: [2]int{c.dh, c.dw}, Groups: c.groups})
		if !g.packed() {
			t.Fatalf("%+v: geometry is not packed", c)
		}
		for _, ones := range []bool{false, true} {
			stride := g.k
			if ones {
				stride++
			}
			for s0 := 0; s0 < c.n; s0++ {
				ns := c.n - s0
				ld := ns * g.p
				col := make([]float32, g.groups*stride*ld)
				unfold(&g, x.data, s0, ns, col, stride, false)
				for gi := 0; gi < g.groups; gi++ {
					pk := imagePacker{g: &g, x: x.data, s0: s0, c0: gi * g.cinG, ones: ones}
					colG := col[gi*stride*ld:]
					for _, width := range []int{16, 32, 5, 8, 1} {
						pk.lanes = g.laneTables(width)
						for _, cut := range [][4]int{
							{0, stride, 0, ld}, {1, stride - 1, 0, ld},
							{2, min(7, stride-2), width, ld - width}, {0, stride, 3, ld - 3},
							{stride - 1, 1, 0, min(ld, 2*width+1)},
							{3, stride - 5, 0, ld}, {70, stride - 70, 2 * width, ld - 2*width},
						} {
							p0, kb, j0, nb := cut[0], cut[1], cut[2], cut[3]
							if kb <= 0 || nb <= 0 {
								continue
							}
							size := (nb + width - 1) / width * width * kb
							got, want := make([]float32, size), make([]float32, size)
							fill(got, 42)
							packRef(colG, ld, want, p0, kb, j0, nb, width)
							pk.pack(got, p0, kb, j0, nb, width)
							if !sameValues(got, want) {
								t.Fatalf("%+v ones %v s0 %d group %d width %d cut %v:\n got %v\nwant %v", c, ones, s0, gi, width, cut, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// Packing the transposed column matrix straight from the input gives its
// panels, for every group and cut, with the transposing blocks (width 16,
// planes of whole blocks of 8) and without.
func TestColTPackerMatchesUnfold(t *testing.T) {
	for _, c := range []struct {
		n, c, h, w, groups int
	}{
		{3, 2, 4, 4, 1}, {2, 4, 8, 8, 2}, {2, 8, 14, 14, 1}, {2, 5, 4, 6, 1}, {1, 16, 2, 8, 1},
	} {
		x := netWave(0.1, 1, 0, c.n, c.c, c.h, c.w)
		g := convGeometry(x, Zeros(4, c.c/c.groups, 3, 3), nil, ConvOptions{Padding: [2]int{1, 1}, Groups: c.groups})
		for s0 := 0; s0 < c.n; s0++ {
			ns := c.n - s0
			ld := ns * g.p
			col := make([]float32, g.groups*g.k*ld)
			unfold(&g, x.data, s0, ns, col, g.k, false)
			for gi := 0; gi < g.groups; gi++ {
				colT := make([]float32, ld*g.k) // [position][row]
				for r := 0; r < g.k; r++ {
					for q := 0; q < ld; q++ {
						colT[q*g.k+r] = col[(gi*g.k+r)*ld+q]
					}
				}
				for _, width := range []int{16, 5} {
					pk := colTPacker{g: &g, x: x.data, s0: s0, c0: gi * g.cinG, lanes: g.laneTables(8)}
					for _, cut := range [][4]int{
						{0, ld, 0, g.k}, {0, ld / 8 * 8, 0, g.k}, {8, ld/8*8 - 8, 3, g.k - 3}, {1, ld - 1, 16, g.k - 16},
					} {
						p0, kb, j0, nb := cut[0], cut[1], cut[2], cut[3]
						if kb <= 0 || nb <= 0 {
							continue
						}
						size := (nb + width - 1) / width * width * kb
						got, want := make([]float32, size), make([]float32, size)
						fill(got, 42)
						packRef(colT, g.k, want, p0, kb, j0, nb, width)
						pk.pack(got, p0, kb, j0, nb, width)
						if !sameValues(got, want) {
							for i := range got {
								if got[i] != want[i] {
									t.Fatalf("%+v s0 %d group %d width %d cut %v: [%d] = %v, want %v", c, s0, gi, width, cut, i, got[i], want[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

// A grouped "same" convolution's input gradient, computed as a convolution
// of the output gradient with the flipped weight, is each group's own.
func TestConv2dPackedGroupsInputGrad(t *testing.T) {
	opt := ConvOptions{Padding: [2]int{2, 1}, Dilation: [2]int{2, 1}}
	x := netWave(0.1, 1, 0, 3, 6, 7, 9).SetRequiresGrad(true)
	w := netWave(0.2, 0.3, 0, 9, 2, 3, 3).SetRequiresGrad(true)
	gopt := opt
	gopt.Groups = 3
	y := Conv2d(x, w, nil, gopt)
	r := netOutGrad(y)
	y.BackwardWith(r)
	for gi := 0; gi < 3; gi++ {
		xg := netWave(0.1, 1, 0, 3, 6, 7, 9).Narrow(1, 2*gi, 2).SetRequiresGrad(true)
		wg := w.Detach().Narrow(0, 3*gi, 3).SetRequiresGrad(true)
		yg := Conv2d(xg, wg, nil, opt)
		yg.BackwardWith(r.Narrow(1, 3*gi, 3))
		want := x.Grad().Narrow(1, 2*gi, 2).Data()
		netClose(t, fmt.Sprint("group ", gi, " x.grad"), xg.Grad(), toFloat64(want))
		netClose(t, fmt.Sprint("group ", gi, " y"), yg, toFloat64(y.Narrow(1, 3*gi, 3).Data()))
	}
}

// Gradients meeting at one tensor add up in place when one of them is a
// fresh buffer (a convolution's input gradient), and the gradient shared
// between the inputs of an addition is not changed by that.
func TestGradientsSumIntoOwnedBuffers(t *testing.T) {
	opt := ConvOptions{Padding: [2]int{1, 1}}
	x := netWave(0.1, 1, 0, 2, 3, 5, 5).SetRequiresGrad(true)
	w1 := netWave(0.2, 0.3, 0, 3, 3, 3, 3)
	w2 := netWave(0.7, 0.3, 0, 3, 3, 3, 3)
	h := x.MulScalar(1)
	var seen []float32
	h.RegisterHook(func(g *Tensor) *Tensor { seen = append([]float32(nil), g.Data()...); return nil })
	y := Conv2d(h, w1, nil, opt).Add(Conv2d(h, w2, nil, opt)).Add(h)
	r := netOutGrad(y)
	y.BackwardWith(r)
	want := append([]float32(nil), r.Data()...)
	for _, w := range []*Tensor{w1, w2} {
		xs := netWave(0.1, 1, 0, 2, 3, 5, 5).SetRequiresGrad(true)
		Conv2d(xs, w, nil, opt).BackwardWith(r)
		for i, v := range xs.Grad().Data() {
			want[i] += v
		}
	}
	netClose(t, "x.grad", x.Grad(), toFloat64(want))
	netClose(t, "h's hook", fromData(seen, x.shape), toFloat64(want))
}
