//go:build !amd64

package gemm

const packRowsAsm = false

func packRowsAVX2(dst, x *float32, base int, offs *int, masks *uint32, midx *int, rows int) {
	panic("unreachable")
}
