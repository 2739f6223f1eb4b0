//go:build amd64 && !gemm_gopack

package gemm

// packRowsAsm reports whether the AVX2 kernels run, so the CPU has AVX2;
// packRows512 whether the AVX-512 kernels run (sliver width 32), so it
// has AVX-512F. They read the kernels at each call, which the gemm_avx2
// tag trims at start-up.
func packRowsAsm() bool { return len(kernels) > 0 }
func packRows512() bool { return len(kernels) > 0 && kernels[0].nr == 32 }

// packRowsAVX2 is PackRows for width 16 and packRowsAVX512 for width 32,
// in packconv_amd64.s. x is the address of x's first element; the rows'
// addresses are computed from it and may fall outside x only where their
// lanes are masked.
//
//go:noescape
func packRowsAVX2(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int)

//go:noescape
func packRowsAVX512(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int)

// packColT8AVX2 is PackColT8's loop, in packconv_amd64.s.
//
//go:noescape
func packColT8AVX2(dst *float32, dstride int, x *float32, base int, offs *int, masks *uint32, midx *int, steps, runs, xstride int)
