//go:build !purego

#include "textflag.h"

// This file is over 600 lines because the kernels of norm.go and optim.go
// share HSUM, FOLD and CHUNKEND; norm_avx512_amd64.s holds the AVX-512
// versions of the LayerNorm row kernels.

// The kernels of norm.go. n is a positive multiple of 8; AX walks the
// rows as a byte offset up to CX = 4n. Float64 sums convert each float32
// (or float32 product) exactly with VCVTPS2PD and add it into two or four
// four-lane accumulators, reduced at the end in a fixed order.

// HSUM sets the low lane of X(a) to the sum of the four lanes of Y(a).
#define HSUM(ya, xa, xt) \
	VEXTRACTF128 $1, ya, xt; \
	VADDPD       xt, xa, xa; \
	VPERMILPD    $1, xa, xt; \
	VADDSD       xt, xa, xa

// func sum64AVX2(x *float32, n int) float64
TEXT ·sum64AVX2(SB), NOSPLIT, $0-24
	MOVQ   x+0(FP), SI
	MOVQ   n+8(FP), CX
	SHLQ   $2, CX
	XORQ   AX, AX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	MOVQ   CX, DX
	ANDQ   $-64, DX
	JZ     sum64one

sum64loop:
	VCVTPS2PD (SI)(AX*1), Y4
	VCVTPS2PD 16(SI)(AX*1), Y5
	VCVTPS2PD 32(SI)(AX*1), Y6
	VCVTPS2PD 48(SI)(AX*1), Y7
	VADDPD    Y4, Y0, Y0
	VADDPD    Y5, Y1, Y1
	VADDPD    Y6, Y2, Y2
	VADDPD    Y7, Y3, Y3
	ADDQ      $64, AX
	CMPQ      AX, DX
	JLT       sum64loop

sum64one:
	CMPQ      AX, CX
	JGE       sum64done
	VCVTPS2PD (SI)(AX*1), Y4
	VCVTPS2PD 16(SI)(AX*1), Y5
	VADDPD    Y4, Y0, Y0
	VADDPD    Y5, Y1, Y1

sum64done:
	VADDPD Y1, Y0, Y0
	VADDPD Y3, Y2, Y2
	VADDPD Y2, Y0, Y0
	HSUM(Y0, X0, X1)
	VMOVSD X0, ret+16(FP)
	VZEROUPPER
	RET

// func sqDev64AVX2(x *float32, n int, mean float64) float64
TEXT ·sqDev64AVX2(SB), NOSPLIT, $0-32
	MOVQ         x+0(FP), SI
	MOVQ         n+8(FP), CX
	VBROADCASTSD mean+16(FP), Y8
	SHLQ         $2, CX
	XORQ         AX, AX
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3
	MOVQ         CX, DX
	ANDQ         $-64, DX
	JZ           sqdevone

sqdevloop:
	VCVTPS2PD   (SI)(AX*1), Y4
	VCVTPS2PD   16(SI)(AX*1), Y5
	VCVTPS2PD   32(SI)(AX*1), Y6
	VCVTPS2PD   48(SI)(AX*1), Y7
	VSUBPD      Y8, Y4, Y4
	VSUBPD      Y8, Y5, Y5
	VSUBPD      Y8, Y6, Y6
	VSUBPD      Y8, Y7, Y7
	VFMADD231PD Y4, Y4, Y0
	VFMADD231PD Y5, Y5, Y1
	VFMADD231PD Y6, Y6, Y2
	VFMADD231PD Y7, Y7, Y3
	ADDQ        $64, AX
	CMPQ        AX, DX
	JLT         sqdevloop

sqdevone:
	CMPQ        AX, CX
	JGE         sqdevdone
	VCVTPS2PD   (SI)(AX*1), Y4
	VCVTPS2PD   16(SI)(AX*1), Y5
	VSUBPD      Y8, Y4, Y4
	VSUBPD      Y8, Y5, Y5
	VFMADD231PD Y4, Y4, Y0
	VFMADD231PD Y5, Y5, Y1

sqdevdone:
	VADDPD Y1, Y0, Y0
	VADDPD Y3, Y2, Y2
	VADDPD Y2, Y0, Y0
	HSUM(Y0, X0, X1)
	VMOVSD X0, ret+24(FP)
	VZEROUPPER
	RET

// func normAffineAVX2(dst, x, w, b *float32, n int, mean, rstd float32)
TEXT ·normAffineAVX2(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         x+8(FP), SI
	MOVQ         w+16(FP), DX
	MOVQ         b+24(FP), BX
	MOVQ         n+32(FP), CX
	VBROADCASTSS mean+40(FP), Y14
	VBROADCASTSS rstd+44(FP), Y15
	SHLQ         $2, CX
	XORQ         AX, AX

affineloop:
	VMOVUPS     (SI)(AX*1), Y0
	VSUBPS      Y14, Y0, Y0
	VMULPS      Y15, Y0, Y0
	VMOVUPS     (BX)(AX*1), Y1
	VFMADD231PS (DX)(AX*1), Y0, Y1
	VMOVUPS     Y1, (DI)(AX*1)
	ADDQ        $32, AX
	CMPQ        AX, CX
	JLT         affineloop
	VZEROUPPER
	RET

// FOLD adds the eight float32 lanes of Y(f) into the float64 lanes of
// Y(lo) and Y(hi), through X(t) and Y(u), Y(v).
#define FOLD(yf, xf, ylo, yhi, xt, yu, yv) \
	VCVTPS2PD    xf, yu; \
	VEXTRACTF128 $1, yf, xt; \
	VCVTPS2PD    xt, yv; \
	VADDPD       yu, ylo, ylo; \
	VADDPD       yv, yhi, yhi

// CHUNKEND sets R11 to the end of the next chunk of at most 128 elements:
// the float32 sums of a chunk go into the float64 ones before the next.
#define CHUNKEND \
	MOVQ    AX, R11; \
	ADDQ    $512, R11; \
	CMPQ    R11, CX; \
	CMOVQGT CX, R11

// func normBackwardSumsAVX2(gr, x, w, dw, db *float32, n int, mean, rstd float32) (sg, sgx float64)
TEXT ·normBackwardSumsAVX2(SB), NOSPLIT, $0-72
	MOVQ         gr+0(FP), SI
	MOVQ         x+8(FP), R8
	MOVQ         w+16(FP), DX
	MOVQ         dw+24(FP), DI
	MOVQ         db+32(FP), BX
	MOVQ         n+40(FP), CX
	VBROADCASTSS mean+48(FP), Y14
	VBROADCASTSS rstd+52(FP), Y15
	SHLQ         $2, CX
	XORQ         AX, AX
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3

bsumschunk:
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	CHUNKEND

bsumsloop:
	VMOVUPS     (SI)(AX*1), Y4
	VMOVUPS     (R8)(AX*1), Y5
	VSUBPS      Y14, Y5, Y5
	VMULPS      Y15, Y5, Y5
	VMOVUPS     (DI)(AX*1), Y6
	VFMADD231PS Y5, Y4, Y6
	VMOVUPS     Y6, (DI)(AX*1)
	VADDPS      (BX)(AX*1), Y4, Y7
	VMOVUPS     Y7, (BX)(AX*1)
	VMULPS      (DX)(AX*1), Y4, Y4
	VADDPS      Y4, Y12, Y12
	VFMADD231PS Y5, Y4, Y13
	ADDQ        $32, AX
	CMPQ        AX, R11
	JLT         bsumsloop
	FOLD(Y12, X12, Y0, Y1, X9, Y8, Y9)
	FOLD(Y13, X13, Y2, Y3, X9, Y8, Y9)
	CMPQ        AX, CX
	JLT         bsumschunk

	VADDPD Y1, Y0, Y0
	VADDPD Y3, Y2, Y2
	HSUM(Y0, X0, X1)
	HSUM(Y2, X2, X3)
	VMOVSD X0, sg+56(FP)
	VMOVSD X2, sgx+64(FP)
	VZEROUPPER
	RET

// func normBackwardInputAVX2(dx, gr, x, w *float32, n int, mean, rstd, c1, c2 float32)
TEXT ·normBackwardInputAVX2(SB), NOSPLIT, $0-56
	MOVQ         dx+0(FP), DI
	MOVQ         gr+8(FP), SI
	MOVQ         x+16(FP), R8
	MOVQ         w+24(FP), DX
	MOVQ         n+32(FP), CX
	VBROADCASTSS mean+40(FP), Y12
	VBROADCASTSS rstd+44(FP), Y13
	VBROADCASTSS c1+48(FP), Y14
	VBROADCASTSS c2+52(FP), Y15
	SHLQ         $2, CX
	XORQ         AX, AX

binputloop:
	VMOVUPS      (R8)(AX*1), Y0
	VSUBPS       Y12, Y0, Y0
	VMULPS       Y13, Y0, Y0
	VMOVUPS      (SI)(AX*1), Y1
	VMULPS       (DX)(AX*1), Y1, Y1
	VSUBPS       Y14, Y1, Y1
	VFNMADD231PS Y15, Y0, Y1
	VMULPS       Y13, Y1, Y1
	VMOVUPS      Y1, (DI)(AX*1)
	ADDQ         $32, AX
	CMPQ         AX, CX
	JLT          binputloop
	VZEROUPPER
	RET

// func scaleShiftAVX2(dst, src *float32, n int, a, c float32)
TEXT ·scaleShiftAVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS a+24(FP), Y14
	VBROADCASTSS c+28(FP), Y15
	SHLQ         $2, CX
	XORQ         AX, AX

shiftloop:
	VMOVUPS     (SI)(AX*1), Y0
	VFMADD213PS Y15, Y14, Y0
	VMOVUPS     Y0, (DI)(AX*1)
	ADDQ        $32, AX
	CMPQ        AX, CX
	JLT         shiftloop
	VZEROUPPER
	RET

// func devSumsAVX2(gr, x *float32, n int, mean float32) (sg, sgx float64)
TEXT ·devSumsAVX2(SB), NOSPLIT, $0-48
	MOVQ         gr+0(FP), SI
	MOVQ         x+8(FP), R8
	MOVQ         n+16(FP), CX
	VBROADCASTSS mean+24(FP), Y14
	SHLQ         $2, CX
	XORQ         AX, AX
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3

devsumschunk:
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	CHUNKEND

devsumsloop:
	VMOVUPS     (SI)(AX*1), Y4
	VMOVUPS     (R8)(AX*1), Y5
	VSUBPS      Y14, Y5, Y5
	VADDPS      Y4, Y12, Y12
	VFMADD231PS Y5, Y4, Y13
	ADDQ        $32, AX
	CMPQ        AX, R11
	JLT         devsumsloop
	FOLD(Y12, X12, Y0, Y1, X9, Y8, Y9)
	FOLD(Y13, X13, Y2, Y3, X9, Y8, Y9)
	CMPQ        AX, CX
	JLT         devsumschunk

	VADDPD Y1, Y0, Y0
	VADDPD Y3, Y2, Y2
	HSUM(Y0, X0, X1)
	HSUM(Y2, X2, X3)
	VMOVSD X0, sg+32(FP)
	VMOVSD X2, sgx+40(FP)
	VZEROUPPER
	RET

// func devBackwardAVX2(dx, gr, x *float32, n int, mean, a, c1, c2 float32)
TEXT ·devBackwardAVX2(SB), NOSPLIT, $0-48
	MOVQ         dx+0(FP), DI
	MOVQ         gr+8(FP), SI
	MOVQ         x+16(FP), R8
	MOVQ         n+24(FP), CX
	VBROADCASTSS mean+32(FP), Y12
	VBROADCASTSS a+36(FP), Y13
	VBROADCASTSS c1+40(FP), Y14
	VBROADCASTSS c2+44(FP), Y15
	SHLQ         $2, CX
	XORQ         AX, AX

devbackloop:
	VMOVUPS      (R8)(AX*1), Y0
	VSUBPS       Y12, Y0, Y0
	VMOVUPS      (SI)(AX*1), Y1
	VSUBPS       Y14, Y1, Y1
	VFNMADD231PS Y15, Y0, Y1
	VMULPS       Y13, Y1, Y1
	VMOVUPS      Y1, (DI)(AX*1)
	ADDQ         $32, AX
	CMPQ         AX, CX
	JLT          devbackloop
	VZEROUPPER
	RET

// The optimizer kernels of optim.go. AdamStep's fields, in order:
// Beta1, Beta2, StepSize, BC2Sqrt, Eps, WeightDecay (float32 each).

// ADAMSTEP updates 8 elements at byte offset AX; Y0 holds gi on entry.
#define ADAMSTEP \
	VMULPS       (R9)(AX*1), Y8, Y1; \
	VFMADD231PS  Y0, Y9, Y1; \
	VMOVUPS      Y1, (R9)(AX*1); \
	VMULPS       Y0, Y11, Y2; \
	VMULPS       (R10)(AX*1), Y10, Y3; \
	VFMADD231PS  Y2, Y0, Y3; \
	VMOVUPS      Y3, (R10)(AX*1); \
	VSQRTPS      Y3, Y3; \
	VDIVPS       Y13, Y3, Y3; \
	VADDPS       Y14, Y3, Y3; \
	VMULPS       Y12, Y1, Y1; \
	VDIVPS       Y3, Y1, Y1; \
	VMOVUPS      (DI)(AX*1), Y4; \
	VSUBPS       Y1, Y4, Y4; \
	VMOVUPS      Y4, (DI)(AX*1)

// func adamAVX2(p, gr, m, v *float32, n int, s *AdamStep)
TEXT ·adamAVX2(SB), NOSPLIT, $0-48
	MOVQ         p+0(FP), DI
	MOVQ         gr+8(FP), SI
	MOVQ         m+16(FP), R9
	MOVQ         v+24(FP), R10
	MOVQ         n+32(FP), CX
	MOVQ         s+40(FP), DX
	VBROADCASTSS 0(DX), Y8   // beta1
	VBROADCASTSS 4(DX), Y10  // beta2
	VBROADCASTSS 8(DX), Y12  // step size
	VBROADCASTSS 12(DX), Y13 // sqrt of the second bias correction
	VBROADCASTSS 16(DX), Y14 // eps
	VBROADCASTSS 20(DX), Y15 // weight decay
	MOVL         $0x3f800000, BX
	MOVL         BX, X7
	VBROADCASTSS X7, Y7      // 1
	VSUBPS       Y8, Y7, Y9  // 1 - beta1
	VSUBPS       Y10, Y7, Y11 // 1 - beta2
	SHLQ         $2, CX
	XORQ         AX, AX
	VXORPS       Y6, Y6, Y6
	VUCOMISS     X6, X15
	JNE          adamdecay
	JPS          adamdecay

adamloop:
	VMOVUPS (SI)(AX*1), Y0
	ADAMSTEP
	ADDQ    $32, AX
	CMPQ    AX, CX
	JLT     adamloop
	VZEROUPPER
	RET

adamdecay:
	VMOVUPS     (SI)(AX*1), Y0
	VFMADD231PS (DI)(AX*1), Y15, Y0
	ADAMSTEP
	ADDQ        $32, AX
	CMPQ        AX, CX
	JLT         adamdecay
	VZEROUPPER
	RET

// func addScaledAVX2(dst, src *float32, n int, a float32)
TEXT ·addScaledAVX2(SB), NOSPLIT, $0-28
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS a+24(FP), Y15
	SHLQ         $2, CX
	XORQ         AX, AX

addscaledloop:
	VMOVUPS     (DI)(AX*1), Y0
	VFMADD231PS (SI)(AX*1), Y15, Y0
	VMOVUPS     Y0, (DI)(AX*1)
	ADDQ        $32, AX
	CMPQ        AX, CX
	JLT         addscaledloop
	VZEROUPPER
	RET

// func scaleAddScaledAVX2(dst, src *float32, n int, a, b float32)
TEXT ·scaleAddScaledAVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS a+24(FP), Y14
	VBROADCASTSS b+28(FP), Y15
	SHLQ         $2, CX
	XORQ         AX, AX

scaleaddloop:
	VMULPS      (SI)(AX*1), Y15, Y0
	VFMADD231PS (DI)(AX*1), Y14, Y0
	VMOVUPS     Y0, (DI)(AX*1)
	ADDQ        $32, AX
	CMPQ        AX, CX
	JLT         scaleaddloop
	VZEROUPPER
	RET

// The row kernels of LayerNormRows and LayerNormBackwardRows: the steps of
// the kernels above for each row in turn, without a call per step. Their
// sums run in the same order, so the results are the same bits.

// func layerNormRowsAVX2(dst, x, w, b, mean, rstd *float32, rows, d int, eps float64)
TEXT ·layerNormRowsAVX2(SB), NOSPLIT, $0-72
	MOVQ     dst+0(FP), DI
	MOVQ     x+8(FP), SI
	MOVQ     w+16(FP), DX
	MOVQ     b+24(FP), BX
	MOVQ     mean+32(FP), R12
	MOVQ     rstd+40(FP), R13
	MOVQ     rows+48(FP), R10
	MOVQ     d+56(FP), CX
	VCVTSI2SDQ CX, X15, X15   // d as float64
	SHLQ     $2, CX
	MOVQ     CX, R9
	ANDQ     $-64, R9
	MOVQ     $0x3ff0000000000000, R11
	MOVQ     R11, X13        // 1.0

lnrow:
	XORQ   AX, AX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	CMPQ   R9, $0
	JEQ    lnsumone

lnsumloop:
	VCVTPS2PD (SI)(AX*1), Y4
	VCVTPS2PD 16(SI)(AX*1), Y5
	VCVTPS2PD 32(SI)(AX*1), Y6
	VCVTPS2PD 48(SI)(AX*1), Y7
	VADDPD    Y4, Y0, Y0
	VADDPD    Y5, Y1, Y1
	VADDPD    Y6, Y2, Y2
	VADDPD    Y7, Y3, Y3
	ADDQ      $64, AX
	CMPQ      AX, R9
	JLT       lnsumloop

lnsumone:
	CMPQ      AX, CX
	JGE       lnsumdone
	VCVTPS2PD (SI)(AX*1), Y4
	VCVTPS2PD 16(SI)(AX*1), Y5
	VADDPD    Y4, Y0, Y0
	VADDPD    Y5, Y1, Y1

lnsumdone:
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	VADDPD       Y2, Y0, Y0
	HSUM(Y0, X0, X1)
	VDIVSD       X15, X0, X8 // mean
	VBROADCASTSD X8, Y8
	XORQ         AX, AX
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3
	CMPQ         R9, $0
	JEQ          lnsqone

lnsqloop:
	VCVTPS2PD   (SI)(AX*1), Y4
	VCVTPS2PD   16(SI)(AX*1), Y5
	VCVTPS2PD   32(SI)(AX*1), Y6
	VCVTPS2PD   48(SI)(AX*1), Y7
	VSUBPD      Y8, Y4, Y4
	VSUBPD      Y8, Y5, Y5
	VSUBPD      Y8, Y6, Y6
	VSUBPD      Y8, Y7, Y7
	VFMADD231PD Y4, Y4, Y0
	VFMADD231PD Y5, Y5, Y1
	VFMADD231PD Y6, Y6, Y2
	VFMADD231PD Y7, Y7, Y3
	ADDQ        $64, AX
	CMPQ        AX, R9
	JLT         lnsqloop

lnsqone:
	CMPQ        AX, CX
	JGE         lnsqdone
	VCVTPS2PD   (SI)(AX*1), Y4
	VCVTPS2PD   16(SI)(AX*1), Y5
	VSUBPD      Y8, Y4, Y4
	VSUBPD      Y8, Y5, Y5
	VFMADD231PD Y4, Y4, Y0
	VFMADD231PD Y5, Y5, Y1

lnsqdone:
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	VADDPD       Y2, Y0, Y0
	HSUM(Y0, X0, X1)
	VDIVSD       X15, X0, X0     // biased variance
	VADDSD       eps+64(FP), X0, X0
	VSQRTSD      X0, X0, X0
	VDIVSD       X0, X13, X0     // rstd
	VCVTSD2SS    X8, X8, X9
	VCVTSD2SS    X0, X0, X10
	VMOVSS       X9, (R12)
	VMOVSS       X10, (R13)
	VBROADCASTSS X9, Y9
	VBROADCASTSS X10, Y10
	XORQ         AX, AX

lnaffine:
	VMOVUPS     (SI)(AX*1), Y0
	VSUBPS      Y9, Y0, Y0
	VMULPS      Y10, Y0, Y0
	VMOVUPS     (BX)(AX*1), Y1
	VFMADD231PS (DX)(AX*1), Y0, Y1
	VMOVUPS     Y1, (DI)(AX*1)
	ADDQ        $32, AX
	CMPQ        AX, CX
	JLT         lnaffine

	ADDQ CX, SI
	ADDQ CX, DI
	ADDQ $4, R12
	ADDQ $4, R13
	DECQ R10
	JNZ  lnrow
	VZEROUPPER
	RET

// func layerNormBackwardRowsAVX2(dx, gr, x, w, dw, db, mean, rstd *float32, rows, d int)
TEXT ·layerNormBackwardRowsAVX2(SB), NOSPLIT, $0-80
	MOVQ      dx+0(FP), DI
	MOVQ      gr+8(FP), SI
	MOVQ      x+16(FP), R8
	MOVQ      w+24(FP), DX
	MOVQ      dw+32(FP), R9
	MOVQ      db+40(FP), BX
	MOVQ      mean+48(FP), R12
	MOVQ      rstd+56(FP), R13
	MOVQ      rows+64(FP), R10
	MOVQ      d+72(FP), CX
	VCVTSI2SDQ CX, X10, X10       // d as float64
	SHLQ      $2, CX

lnbrow:
	VBROADCASTSS (R12), Y14
	VBROADCASTSS (R13), Y15
	XORQ         AX, AX
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3

lnbchunk:
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	CHUNKEND

lnbsums:
	VMOVUPS     (SI)(AX*1), Y4
	VMOVUPS     (R8)(AX*1), Y5
	VSUBPS      Y14, Y5, Y5
	VMULPS      Y15, Y5, Y5
	VMOVUPS     (R9)(AX*1), Y6
	VFMADD231PS Y5, Y4, Y6
	VMOVUPS     Y6, (R9)(AX*1)
	VADDPS      (BX)(AX*1), Y4, Y7
	VMOVUPS     Y7, (BX)(AX*1)
	VMULPS      (DX)(AX*1), Y4, Y4
	VADDPS      Y4, Y12, Y12
	VFMADD231PS Y5, Y4, Y13
	ADDQ        $32, AX
	CMPQ        AX, R11
	JLT         lnbsums
	FOLD(Y12, X12, Y0, Y1, X9, Y8, Y9)
	FOLD(Y13, X13, Y2, Y3, X9, Y8, Y9)
	CMPQ        AX, CX
	JLT         lnbchunk

	TESTQ DI, DI
	JZ    lnbnext
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	HSUM(Y0, X0, X1)
	HSUM(Y2, X2, X3)
	VDIVSD       X10, X0, X0
	VDIVSD       X10, X2, X2
	VCVTSD2SS    X0, X0, X0
	VCVTSD2SS    X2, X2, X2
	VBROADCASTSS X0, Y12 // c1, the mean of gh
	VBROADCASTSS X2, Y13 // c2, the mean of gh·xhat
	XORQ         AX, AX

lnbinput:
	VMOVUPS      (R8)(AX*1), Y0
	VSUBPS       Y14, Y0, Y0
	VMULPS       Y15, Y0, Y0
	VMOVUPS      (SI)(AX*1), Y1
	VMULPS       (DX)(AX*1), Y1, Y1
	VSUBPS       Y12, Y1, Y1
	VFNMADD231PS Y13, Y0, Y1
	VMULPS       Y15, Y1, Y1
	VMOVUPS      Y1, (DI)(AX*1)
	ADDQ         $32, AX
	CMPQ         AX, CX
	JLT          lnbinput
	ADDQ         CX, DI

lnbnext:
	ADDQ CX, SI
	ADDQ CX, R8
	ADDQ $4, R12
	ADDQ $4, R13
	DECQ R10
	JNZ  lnbrow
	VZEROUPPER
	RET
