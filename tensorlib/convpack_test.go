package tensorlib

import (
	"fmt"
	"math"
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

// firstDiff returns the first index where got and want differ in their
// bits, or -1.
func firstDiff(got, want []float32) int {
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			return i
		}
	}
	return -1
}

// packCuts returns the parts of a rows×cols matrix a test packs for a
// sliver width: all of it, parts starting anywhere (slivers that begin
// inside a sample and run into the next), a part of a sliver and a bit,
// and parts whose last sliver is partial; those that fit.
func packCuts(rows, cols, width int) [][4]int {
	var cuts [][4]int
	for _, c := range [][4]int{
		{0, rows, 0, cols}, {1, rows - 1, 0, cols},
		{2, min(7, rows-2), width, cols - width}, {0, rows, 3, cols - 3},
		{rows - 1, 1, 0, min(cols, 2*width+1)},
		{3, rows - 5, 0, cols}, {70, rows - 70, 2 * width, cols - 2*width},
		{0, rows, cols / 3, cols / 3}, {5, min(rows-5, 300), cols/2 + 1, min(cols/2-1, 3*width-1)},
	} {
		if c[1] > 0 && c[3] > 0 {
			cuts = append(cuts, c)
		}
	}
	return cuts
}

// packWidths are the sliver widths the packers are checked at: the AVX2
// kernels' (16) and the AVX-512 kernels' (32), which run in assembly where
// the CPU has it; 8, 5 and 1, which run in Go; and 40, wider than any mask
// (B packed whole, without kernels).
var packWidths = []int{32, 16, 8, 5, 1, 40}

// Packing panels straight from the input gives the panels of the unfolded
// column matrix, with and without the bias's row of ones, for every group,
// sliver width and cut of the matrix, including slivers across samples
// and planes of any size: 784, 196, 49, 25, 16 (a sliver of 32 holds two
// samples), 8 and 1 (a sliver holds many) output positions.
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
		{3, 1, 28, 28, 3, 3, 1, 1, 1, 1, 1},
		{3, 8, 14, 14, 3, 3, 1, 1, 1, 1, 1},
		{4, 3, 7, 7, 3, 3, 1, 1, 1, 1, 1},
		{3, 2, 5, 5, 5, 5, 2, 2, 1, 1, 1},
		{40, 3, 1, 1, 3, 3, 1, 1, 1, 1, 1},
		{9, 2, 2, 4, 3, 3, 1, 1, 1, 1, 2},
		{2, 3, 9, 11, 7, 7, 3, 3, 1, 1, 1},
		{3, 1, 4, 4, 1, 3, 2, 1, 1, 1, 1}, // more output rows than input rows
		// Stride 2, through phase planes.
		{2, 2, 8, 8, 3, 3, 1, 1, 1, 1, 102},
		{3, 4, 4, 4, 1, 1, 0, 0, 1, 1, 101},
		{2, 4, 6, 4, 3, 3, 2, 1, 1, 1, 102},
		{1, 2, 10, 32, 3, 3, 1, 1, 1, 1, 101},
		{3, 2, 14, 14, 3, 3, 1, 1, 1, 1, 101},
		{5, 2, 10, 10, 3, 3, 1, 1, 1, 1, 101},
	} {
		stride := 1
		if c.groups > 100 {
			stride, c.groups = 2, c.groups-100
		}
		x := netWave(0.1, 1, 0, c.n, c.c, c.h, c.w)
		w := Zeros(4, c.c/c.groups, c.kh, c.kw)
		g := convGeometry(x, w, nil, ConvOptions{Stride: [2]int{stride, stride}, Padding: [2]int{c.ph, c.pw}, Dilation: [2]int{c.dh, c.dw}, Groups: c.groups})
		if !g.packed() && !g.phased() {
			t.Fatalf("%+v: geometry is neither packed nor phased", c)
		}
		src := x.data
		if g.phased() {
			src = phaseSplit(&g, x.data)
		}
		for _, ones := range []bool{false, true} {
			stride := g.k
			if ones {
				stride++
			}
			for _, s0 := range []int{0, 1, c.n - 1} {
				if s0 >= c.n {
					continue
				}
				ns := c.n - s0
				ld := ns * g.p
				col := make([]float32, g.groups*stride*ld)
				unfold(&g, x.data, s0, ns, col, stride, false)
				// Without the tables of sliver masks, every sliver's
				// are computed as it is packed.
				noSlivers := newLaneTables(&g)
				for w := range noSlivers.slivers {
					noSlivers.slivers[w].Store(&sliverMasks{})
				}
				for gi := 0; gi < g.groups; gi++ {
					pk := imagePacker{g: &g, x: src, s0: s0, c0: gi * g.cinG, ones: ones}
					colG := col[gi*stride*ld:]
					for _, lanes := range []*laneTables{g.laneTables(), noSlivers} {
						pk.lanes = lanes
						for _, width := range packWidths {
							for _, cut := range packCuts(stride, ld, width) {
								p0, kb, j0, nb := cut[0], cut[1], cut[2], cut[3]
								size := (nb + width - 1) / width * width * kb
								got, want := make([]float32, size), make([]float32, size)
								fill(got, 42)
								packRef(colG, ld, want, p0, kb, j0, nb, width)
								pk.pack(got, p0, kb, j0, nb, width)
								if i := firstDiff(got, want); i >= 0 {
									t.Fatalf("%+v ones %v s0 %d group %d width %d cut %v sliver tables %v: sliver %d row %d lane %d is %v, want %v",
										c, ones, s0, gi, width, cut, lanes != noSlivers, i/(width*kb), i/width%kb, i%width, got[i], want[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

// Packing the transposed column matrix straight from the input gives its
// panels, for every group, sliver width and cut: with the transposing
// blocks (widths that are multiples of 8; panels that start anywhere in a
// sample, on planes of any size) and lane by lane (the other widths).
func TestColTPackerMatchesUnfold(t *testing.T) {
	for _, c := range []struct {
		n, c, h, w, groups int
	}{
		{3, 2, 4, 4, 1}, {2, 4, 8, 8, 2}, {2, 8, 14, 14, 1}, {2, 5, 4, 6, 1}, {1, 16, 2, 8, 1},
		{3, 2, 8, 8, 101}, {2, 4, 16, 16, 102}, {2, 3, 6, 12, 101},
		{3, 4, 7, 7, 1}, {2, 2, 28, 28, 1}, {5, 4, 5, 5, 2}, {20, 3, 1, 1, 1}, {9, 4, 2, 2, 1},
		{3, 4, 14, 14, 101}, {4, 4, 10, 10, 101},
	} {
		stride := 1
		if c.groups > 100 {
			stride, c.groups = 2, c.groups-100
		}
		x := netWave(0.1, 1, 0, c.n, c.c, c.h, c.w)
		g := convGeometry(x, Zeros(4, c.c/c.groups, 3, 3), nil, ConvOptions{Stride: [2]int{stride, stride}, Padding: [2]int{1, 1}, Groups: c.groups})
		src := x.data
		if g.phased() {
			src = phaseSplit(&g, x.data)
		} else if stride == 2 {
			t.Fatalf("%+v: stride 2 is not phased", c)
		}
		for _, s0 := range []int{0, 1, c.n - 1} {
			if s0 >= c.n {
				continue
			}
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
				for _, width := range packWidths {
					pk := colTPacker{g: &g, x: src, s0: s0, c0: gi * g.cinG, lanes: g.laneTables()}
					for _, cut := range append(packCuts(ld, g.k, width),
						[4]int{0, ld / 8 * 8, 0, g.k}, [4]int{8, ld/8*8 - 8, 3, g.k - 3}, [4]int{1, ld - 1, 16, g.k - 16},
						[4]int{g.p - 3, min(ld-g.p+3, 21), 0, g.k}) {
						p0, kb, j0, nb := cut[0], cut[1], cut[2], cut[3]
						if kb <= 0 || nb <= 0 || p0 < 0 {
							continue
						}
						size := (nb + width - 1) / width * width * kb
						got, want := make([]float32, size), make([]float32, size)
						fill(got, 42)
						packRef(colT, g.k, want, p0, kb, j0, nb, width)
						pk.pack(got, p0, kb, j0, nb, width)
						if i := firstDiff(got, want); i >= 0 {
							t.Fatalf("%+v s0 %d group %d width %d cut %v: [%d] = %v, want %v", c, s0, gi, width, cut, i, got[i], want[i])
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

// Stride-2 convolutions through phase planes (forward, weight gradient
// and the input gradient computed phase by phase) give the definition's
// values for several kernel sizes and paddings.
func TestConv2dPhasedMatchesDefinition(t *testing.T) {
	for _, c := range []struct {
		xs, ws []int
		pad    int
	}{
		{[]int{2, 3, 8, 6}, []int{4, 3, 1, 1}, 0},
		{[]int{2, 3, 8, 8}, []int{5, 3, 3, 3}, 1},
		{[]int{1, 2, 6, 10}, []int{3, 2, 2, 2}, 0},
		{[]int{2, 2, 8, 8}, []int{2, 2, 4, 4}, 1},
		{[]int{1, 3, 4, 4}, []int{2, 3, 5, 5}, 2},
		{[]int{3, 40, 8, 8}, []int{48, 40, 3, 3}, 1},
	} {
		x := netWave(0.1, 1, 0, c.xs...).SetRequiresGrad(true)
		w := netWave(0.2, 0.05, 0, c.ws...).SetRequiresGrad(true)
		opt := ConvOptions{Stride: [2]int{2, 2}, Padding: [2]int{c.pad, c.pad}}
		if g := convGeometry(x, w, nil, opt); !g.phasedInputGrad() {
			t.Fatalf("%v %v: not phased", c.xs, c.ws)
		}
		y := Conv2d(x, w, nil, opt)
		r := netOutGrad(y)
		y.BackwardWith(r)
		wantY, wantGx, wantGw, sumY, sumGx, sumGw := naiveConv(x, w, 2, c.pad, r.data)
		name := fmt.Sprint(c.xs, c.ws)
		closeToSums(t, name+" y", y, wantY, sumY)
		closeToSums(t, name+" x.grad", x.Grad(), wantGx, sumGx)
		closeToSums(t, name+" w.grad", w.Grad(), wantGw, sumGw)
	}
}
