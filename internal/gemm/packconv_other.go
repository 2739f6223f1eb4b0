//go:build !amd64

package gemm

const packRowsAsm = false

func packRowsAVX2(dst, x *float32, base int, offs *int, masks *uint32, midx *int, rows int) {
	panic("unreachable")
}

func packColT8AVX2(dst, x *float32, base int, offs, midx *int, masks *uint32, v0, blocks int) {
	panic("unreachable")
}
