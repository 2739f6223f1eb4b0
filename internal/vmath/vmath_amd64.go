//go:build !purego

package vmath

import "golang.org/x/sys/cpu"

// The AVX2 kernels are in vmath_amd64.s. n is a positive multiple of 8.
//
//go:noescape
func expAVX2(dst, src *float32, n int)

//go:noescape
func sigmoidAVX2(dst, src *float32, n int)

//go:noescape
func tanhAVX2(dst, src *float32, n int)

//go:noescape
func siluAVX2(dst, src *float32, n int)

//go:noescape
func expShiftSumAVX2(dst, src *float32, n int, shift float32) float32

//go:noescape
func maxAVX2(src *float32, n int) float32

//go:noescape
func expSumRowsAVX2(dst, src *float32, n, rows int, m, s *float32)

//go:noescape
func addRowsAVX2(dst, src *float32, n, rows int, c *float32)

//go:noescape
func scaleRowsAVX2(dst, src *float32, n, rows int, c *float32)

//go:noescape
func scaleAVX2(dst, src *float32, n int, s float32)

//go:noescape
func addConstAVX2(dst, src *float32, n int, c float32)

//go:noescape
func addAVX2(dst, a, b *float32, n int)

//go:noescape
func subAVX2(dst, a, b *float32, n int)

//go:noescape
func mulAVX2(dst, a, b *float32, n int)

//go:noescape
func divAVX2(dst, a, b *float32, n int)

//go:noescape
func reluAVX2(dst, src *float32, n int)

//go:noescape
func reluBackwardAVX2(dst, grad, y *float32, n int)

//go:noescape
func geluAVX2(dst, src *float32, n int)

//go:noescape
func geluBackwardAVX2(dst, x, grad *float32, n int)

//go:noescape
func maxPool2x2AVX2(top, bot, dst *float32, idx *int32, n int, base, w int32) (nan bool)

// haveAVX2 is false when the CPU lacks AVX2 or FMA (or the OS does not
// save the YMM registers, which x/sys/cpu checks); the callers then use
// their Go loops. The block functions' slices have a positive multiple of
// 8 elements. They are plain functions, not function values, so that the
// compiler sees that the slices do not escape.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// The block functions run the AVX-512 kernel where useAVX512 says so,
// else the AVX2 one.

func expBlock(dst, src []float32) {
	if useAVX512 {
		expAVX512(&dst[0], &src[0], len(dst))
		return
	}
	expAVX2(&dst[0], &src[0], len(dst))
}

func sigmoidBlock(dst, src []float32) {
	if useAVX512 {
		sigmoidAVX512(&dst[0], &src[0], len(dst))
		return
	}
	sigmoidAVX2(&dst[0], &src[0], len(dst))
}

func tanhBlock(dst, src []float32) {
	if useAVX512 {
		tanhAVX512(&dst[0], &src[0], len(dst))
		return
	}
	tanhAVX2(&dst[0], &src[0], len(dst))
}

func siluBlock(dst, src []float32) {
	if useAVX512 {
		siluAVX512(&dst[0], &src[0], len(dst))
		return
	}
	siluAVX2(&dst[0], &src[0], len(dst))
}

func geluBlock(dst, src []float32) {
	if useAVX512 {
		geluAVX512(&dst[0], &src[0], len(dst))
		return
	}
	geluAVX2(&dst[0], &src[0], len(dst))
}

func geluBackwardBlock(dst, x, g []float32) {
	if useAVX512 {
		geluBackwardAVX512(&dst[0], &x[0], &g[0], len(dst))
		return
	}
	geluBackwardAVX2(&dst[0], &x[0], &g[0], len(dst))
}

func expShiftSumBlock(dst, src []float32, shift float32) float32 {
	if useAVX512 {
		return expShiftSumAVX512(&dst[0], &src[0], len(dst), shift)
	}
	return expShiftSumAVX2(&dst[0], &src[0], len(dst), shift)
}

func maxBlock(src []float32) float32 {
	if useAVX512 {
		if m, ok := maxAVX512(&src[0], len(src)); ok {
			return m
		}
	}
	return maxAVX2(&src[0], len(src))
}

func expSumRowsBlock(dst, src []float32, n int, m, s []float32) {
	if useAVX512 {
		expSumRowsAVX512(&dst[0], &src[0], n, len(m), &m[0], &s[0])
		return
	}
	expSumRowsAVX2(&dst[0], &src[0], n, len(m), &m[0], &s[0])
}

func addRowsBlock(dst, src []float32, n int, c []float32) {
	if useAVX512 {
		addRowsAVX512(&dst[0], &src[0], n, len(c), &c[0])
		return
	}
	addRowsAVX2(&dst[0], &src[0], n, len(c), &c[0])
}

func scaleRowsBlock(dst, src []float32, n int, k []float32) {
	if useAVX512 {
		scaleRowsAVX512(&dst[0], &src[0], n, len(k), &k[0])
		return
	}
	scaleRowsAVX2(&dst[0], &src[0], n, len(k), &k[0])
}

func scaleBlock(dst, src []float32, s float32)    { scaleAVX2(&dst[0], &src[0], len(dst), s) }
func addConstBlock(dst, src []float32, c float32) { addConstAVX2(&dst[0], &src[0], len(dst), c) }
func reluBlock(dst, src []float32)                { reluAVX2(&dst[0], &src[0], len(dst)) }
func reluBackwardBlock(dst, g, y []float32)       { reluBackwardAVX2(&dst[0], &g[0], &y[0], len(dst)) }
func maxPool2x2Block(top, bot, dst []float32, idx []int32, n int, base, w int32) bool {
	return maxPool2x2AVX2(&top[0], &bot[0], &dst[0], &idx[0], n, base, w)
}

func addBlock(dst, a, b []float32) {
	if useAVX512 {
		addAVX512(&dst[0], &a[0], &b[0], len(dst))
		return
	}
	addAVX2(&dst[0], &a[0], &b[0], len(dst))
}

func subBlock(dst, a, b []float32) {
	if useAVX512 {
		subAVX512(&dst[0], &a[0], &b[0], len(dst))
		return
	}
	subAVX2(&dst[0], &a[0], &b[0], len(dst))
}

func mulBlock(dst, a, b []float32) {
	if useAVX512 {
		mulAVX512(&dst[0], &a[0], &b[0], len(dst))
		return
	}
	mulAVX2(&dst[0], &a[0], &b[0], len(dst))
}

func divBlock(dst, a, b []float32) {
	if useAVX512 {
		divAVX512(&dst[0], &a[0], &b[0], len(dst))
		return
	}
	divAVX2(&dst[0], &a[0], &b[0], len(dst))
}
