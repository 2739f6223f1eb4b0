//go:build !purego

package vmath

// sqrtAVX2 is in sqrt_amd64.s. n is a positive multiple of 8.
//
//go:noescape
func sqrtAVX2(dst, src *float32, n int)

func sqrtBlock(dst, src []float32) {
	if useAVX512 {
		sqrtAVX512(&dst[0], &src[0], len(dst))
		return
	}
	sqrtAVX2(&dst[0], &src[0], len(dst))
}
