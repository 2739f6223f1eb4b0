//go:build amd64

package gemm

// packTapsAsm is set when the AVX2 kernels run, so the CPU has AVX2.
var packTapsAsm = len(kernels) > 0

// packTapsAVX2 is PackTaps for width 16, in packconv_amd64.s. plane is the
// address of the plane's first element; the rows' addresses are computed
// from it and may fall outside it only where their lanes are masked.
//
//go:noescape
func packTapsAVX2(dst, plane *float32, base int, shift *int, mask *uint32, maskStride, rows int)
