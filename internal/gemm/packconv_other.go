//go:build !amd64 || gemm_gopack

package gemm

// Without assembly, or built with the gemm_gopack tag (go test -tags
// gemm_gopack ...: the tests of the convolution packers then check the Go
// loops at the kernels' sliver widths), the packers run in Go.

func packRowsAsm() bool { return false }
func packRows512() bool { return false }

func packRowsAVX2(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int) {
	panic("unreachable")
}

func packRowsAVX512(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int) {
	panic("unreachable")
}

func packColT8AVX2(dst *float32, dstride int, x *float32, base int, offs *int, masks *uint32, midx *int, steps, runs, xstride int) {
	panic("unreachable")
}
