//go:build !purego

package vmath

// logAVX2 is in log_amd64.s. n is a positive multiple of 8.
//
//go:noescape
func logAVX2(dst, src *float32, n int)

func logBlock(dst, src []float32) {
	if useAVX512 {
		logAVX512(&dst[0], &src[0], len(dst))
		return
	}
	logAVX2(&dst[0], &src[0], len(dst))
}
