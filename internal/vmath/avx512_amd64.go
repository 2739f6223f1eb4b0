//go:build !purego

package vmath

import "golang.org/x/sys/cpu"

// useAVX512 selects the AVX-512 kernels (exp_avx512_amd64.s,
// gelu_avx512_amd64.s, log_avx512_amd64.s, sqrt_avx512_amd64.s,
// arith_avx512_amd64.s, norm_avx512_amd64.s) over the
// AVX2 ones where the CPU has AVX-512 F, DQ and VL and the OS saves the
// ZMM and mask registers (x/sys/cpu checks XCR0 for HasAVX512F). They
// give the AVX2 kernels' bits. The tests set it to false to run the AVX2
// kernels on the same CPU; nothing else changes it.
var useAVX512 = haveAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL

// The element-wise AVX-512 kernels take any n from 1: they mask their last
// block.

//go:noescape
func expAVX512(dst, src *float32, n int)

//go:noescape
func sigmoidAVX512(dst, src *float32, n int)

//go:noescape
func tanhAVX512(dst, src *float32, n int)

//go:noescape
func siluAVX512(dst, src *float32, n int)

//go:noescape
func geluAVX512(dst, src *float32, n int)

//go:noescape
func geluBackwardAVX512(dst, x, grad *float32, n int)

//go:noescape
func logAVX512(dst, src *float32, n int)

//go:noescape
func sqrtAVX512(dst, src *float32, n int)

// The binary kernels (arith_avx512_amd64.s) take n a positive multiple
// of 8, as the AVX2 ones.

//go:noescape
func addAVX512(dst, a, b *float32, n int)

//go:noescape
func subAVX512(dst, a, b *float32, n int)

//go:noescape
func mulAVX512(dst, a, b *float32, n int)

//go:noescape
func divAVX512(dst, a, b *float32, n int)

// The row kernels take n (and the row length) a positive multiple of 8,
// as the AVX2 ones.

//go:noescape
func expShiftSumAVX512(dst, src *float32, n int, shift float32) float32

// maxAVX512 returns ok = false when the largest element is 0 or there is
// a NaN: which bits maxAVX2 returns then depends on its order.
//
//go:noescape
func maxAVX512(src *float32, n int) (m float32, ok bool)

//go:noescape
func expSumRowsAVX512(dst, src *float32, n, rows int, m, s *float32)

//go:noescape
func addRowsAVX512(dst, src *float32, n, rows int, c *float32)

//go:noescape
func scaleRowsAVX512(dst, src *float32, n, rows int, c *float32)

//go:noescape
func layerNormRowsAVX512(dst, x, w, b, mean, rstd *float32, rows, d int, eps float64)

//go:noescape
func layerNormBackwardRowsAVX512(dx, gr, x, w, dw, db, mean, rstd *float32, rows, d int)
