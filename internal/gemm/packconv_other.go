//go:build !amd64

package gemm

const packTapsAsm = false

func packTapsAVX2(dst, plane *float32, base int, shift *int, mask *uint32, maskStride, rows int) {
	panic("unreachable")
}
