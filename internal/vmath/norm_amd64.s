//go:build !purego && !noasm

#include "textflag.h"

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

bsumsloop:
	VMOVUPS      (SI)(AX*1), Y4
	VMOVUPS      (R8)(AX*1), Y5
	VSUBPS       Y14, Y5, Y5
	VMULPS       Y15, Y5, Y5
	VMOVUPS      (DI)(AX*1), Y6
	VFMADD231PS  Y5, Y4, Y6
	VMOVUPS      Y6, (DI)(AX*1)
	VADDPS       (BX)(AX*1), Y4, Y7
	VMOVUPS      Y7, (BX)(AX*1)
	VMULPS       (DX)(AX*1), Y4, Y4
	VMULPS       Y4, Y5, Y5
	VCVTPS2PD    X4, Y8
	VEXTRACTF128 $1, Y4, X9
	VCVTPS2PD    X9, Y9
	VADDPD       Y8, Y0, Y0
	VADDPD       Y9, Y1, Y1
	VCVTPS2PD    X5, Y10
	VEXTRACTF128 $1, Y5, X11
	VCVTPS2PD    X11, Y11
	VADDPD       Y10, Y2, Y2
	VADDPD       Y11, Y3, Y3
	ADDQ         $32, AX
	CMPQ         AX, CX
	JLT          bsumsloop

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

devsumsloop:
	VMOVUPS      (SI)(AX*1), Y4
	VMOVUPS      (R8)(AX*1), Y5
	VSUBPS       Y14, Y5, Y5
	VMULPS       Y4, Y5, Y5
	VCVTPS2PD    X4, Y8
	VEXTRACTF128 $1, Y4, X9
	VCVTPS2PD    X9, Y9
	VADDPD       Y8, Y0, Y0
	VADDPD       Y9, Y1, Y1
	VCVTPS2PD    X5, Y10
	VEXTRACTF128 $1, Y5, X11
	VCVTPS2PD    X11, Y11
	VADDPD       Y10, Y2, Y2
	VADDPD       Y11, Y3, Y3
	ADDQ         $32, AX
	CMPQ         AX, CX
	JLT          devsumsloop

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
