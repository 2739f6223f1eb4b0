//go:build amd64

package gemm

// packRowsAsm is set when the AVX2 kernels run, so the CPU has AVX2.
var packRowsAsm = len(kernels) > 0

// packRowsAVX2 is PackRows for width 16, in packconv_amd64.s. x is the
// address of x's first element; the rows' addresses are computed from it
// and may fall outside x only where their lanes are masked.
//
//go:noescape
func packRowsAVX2(dst, x *float32, base int, offs *int, masks *uint32, midx *int, rows int)

// packColT8AVX2 is PackColT8's loop, in packconv_amd64.s.
//
//go:noescape
func packColT8AVX2(dst, x *float32, base int, offs, midx *int, masks *uint32, v0, blocks int)
