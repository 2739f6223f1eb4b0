//go:build !amd64

package gemm

const (
	packRowsAsm = false
	packRows512 = false
)

func packRowsAVX2(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int) {
	panic("unreachable")
}

func packRowsAVX512(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int) {
	panic("unreachable")
}

func packColT8AVX2(dst *float32, dstride int, x *float32, base int, offs *int, masks *uint32, midx *int, steps, runs, xstride int) {
	panic("unreachable")
}
