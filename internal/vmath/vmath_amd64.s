//go:build !purego

#include "textflag.h"

// Eight copies of a 32-bit constant, for full-width memory operands.
#define CONST8(name, v) DATA name<>+0(SB)/4, $v; DATA name<>+4(SB)/4, $v; DATA name<>+8(SB)/4, $v; DATA name<>+12(SB)/4, $v; DATA name<>+16(SB)/4, $v; DATA name<>+20(SB)/4, $v; DATA name<>+24(SB)/4, $v; DATA name<>+28(SB)/4, $v; GLOBL name<>(SB), RODATA|NOPTR, $32

CONST8(log2e, 0x3fb8aa3b)
CONST8(l2u, 0x3f317200)
CONST8(l2l, 0x35bfbe8e)
CONST8(c5, 0x39502bda)
CONST8(c4, 0x3ab696c9)
CONST8(c3, 0x3c0888a6)
CONST8(c2, 0x3d2aaa7a)
CONST8(c1, 0x3e2aaaab)
CONST8(half, 0x3f000000)
CONST8(one, 0x3f800000)
CONST8(lo, 0xc2d00000)
CONST8(hi, 0x42c80000)
CONST8(inf, 0x7f800000)
CONST8(bias, 0x0000007f)
CONST8(absmask, 0x7fffffff)
CONST8(signmask, 0x80000000)
CONST8(two, 0x40000000)
CONST8(tsmall, 0x3f200000)
CONST8(t4, 0xbbbaf0ea)
CONST8(t3, 0x3ca9134e)
CONST8(t2, 0xbd5c1e2d)
CONST8(t1, 0x3e088393)
CONST8(t0, 0xbeaaaa99)

// EXP sets Y3 to e^Y0 in eight lanes (see exp1 in vmath.go for the steps).
// It uses Y1 to Y9.
#define EXP \
	VMULPS     log2e<>(SB), Y0, Y1; \
	VROUNDPS   $0, Y1, Y1; \
	VMOVAPS    Y0, Y2; \
	VFNMADD231PS l2u<>(SB), Y1, Y2; \
	VFNMADD231PS l2l<>(SB), Y1, Y2; \
	VMOVAPS    c5<>(SB), Y3; \
	VFMADD213PS c4<>(SB), Y2, Y3; \
	VFMADD213PS c3<>(SB), Y2, Y3; \
	VFMADD213PS c2<>(SB), Y2, Y3; \
	VFMADD213PS c1<>(SB), Y2, Y3; \
	VFMADD213PS half<>(SB), Y2, Y3; \
	VMULPS     Y2, Y2, Y4; \
	VADDPS     one<>(SB), Y2, Y5; \
	VFMADD213PS Y5, Y4, Y3; \
	VCVTPS2DQ  Y1, Y6; \
	VPSRAD     $1, Y6, Y7; \
	VPSUBD     Y7, Y6, Y6; \
	VPADDD     bias<>(SB), Y7, Y7; \
	VPADDD     bias<>(SB), Y6, Y6; \
	VPSLLD     $23, Y7, Y7; \
	VPSLLD     $23, Y6, Y6; \
	VMULPS     Y7, Y3, Y3; \
	VMULPS     Y6, Y3, Y3; \
	VCMPPS     $1, lo<>(SB), Y0, Y8; \
	VANDNPS    Y3, Y8, Y3; \
	VCMPPS     $0x1e, hi<>(SB), Y0, Y9; \
	VBLENDVPS  Y9, inf<>(SB), Y3, Y3

// func expAVX2(dst, src *float32, n int)
// n is a positive multiple of 8.
TEXT ·expAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX

exploop:
	VMOVUPS (SI), Y0
	EXP
	VMOVUPS Y3, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     exploop
	VZEROUPPER
	RET

// func sigmoidAVX2(dst, src *float32, n int)
// 1/(1+e^-x) for x >= 0, e^x/(1+e^x) below, from one e^-|x|.
TEXT ·sigmoidAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX

sigloop:
	VMOVUPS (SI), Y10
	VORPS   signmask<>(SB), Y10, Y0 // -|x|
	EXP
	VADDPS  one<>(SB), Y3, Y4       // 1 + e
	VXORPS  Y11, Y11, Y11
	VCMPPS  $0x1d, Y11, Y10, Y5     // x >= 0 (false for NaN)
	VBLENDVPS Y5, one<>(SB), Y3, Y3 // numerator: 1 or e
	VDIVPS  Y4, Y3, Y3
	VMOVUPS Y3, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     sigloop
	VZEROUPPER
	RET

// func tanhAVX2(dst, src *float32, n int)
// An odd polynomial below |x| = 0.625, 1 - 2/(e^2|x| + 1) above, with
// x's sign put back.
TEXT ·tanhAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX

tanhloop:
	VMOVUPS (SI), Y10
	VANDPS  absmask<>(SB), Y10, Y11 // y = |x|
	VADDPS  Y11, Y11, Y0            // 2y
	EXP
	VADDPS  one<>(SB), Y3, Y3
	VMOVAPS two<>(SB), Y4
	VDIVPS  Y3, Y4, Y4              // 2/(e+1)
	VMOVAPS one<>(SB), Y12
	VSUBPS  Y4, Y12, Y12            // large: 1 - 2/(e+1)
	VMULPS  Y11, Y11, Y13           // z = y*y
	VMOVAPS t4<>(SB), Y14
	VFMADD213PS t3<>(SB), Y13, Y14
	VFMADD213PS t2<>(SB), Y13, Y14
	VFMADD213PS t1<>(SB), Y13, Y14
	VFMADD213PS t0<>(SB), Y13, Y14
	VMULPS  Y11, Y13, Y13           // y*z
	VFMADD213PS Y11, Y13, Y14       // small: y + y*z*P(z)
	VCMPPS  $1, tsmall<>(SB), Y11, Y5 // y < 0.625 (false for NaN)
	VBLENDVPS Y5, Y14, Y12, Y12
	VANDPS  signmask<>(SB), Y10, Y10
	VORPS   Y10, Y12, Y12
	VMOVUPS Y12, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     tanhloop
	VZEROUPPER
	RET

// func expShiftSumAVX2(dst, src *float32, n int, shift float32) float32
// dst[i] = e^(src[i]-shift); returns the sum of dst, added up in eight lanes.
TEXT ·expShiftSumAVX2(SB), NOSPLIT, $0-36
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS shift+24(FP), Y10
	VXORPS       Y11, Y11, Y11
	SHRQ         $3, CX

esloop:
	VMOVUPS (SI), Y0
	VSUBPS  Y10, Y0, Y0
	EXP
	VMOVUPS Y3, (DI)
	VADDPS  Y3, Y11, Y11
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     esloop
	VEXTRACTF128 $1, Y11, X0
	VADDPS       X0, X11, X0
	VHADDPS      X0, X0, X0
	VHADDPS      X0, X0, X0
	MOVSS        X0, ret+32(FP)
	VZEROUPPER
	RET

// func maxAVX2(src *float32, n int) float32
TEXT ·maxAVX2(SB), NOSPLIT, $0-20
	MOVQ    src+0(FP), SI
	MOVQ    n+8(FP), CX
	VMOVUPS (SI), Y0
	ADDQ    $32, SI
	SHRQ    $3, CX
	DECQ    CX
	JZ      maxdone

maxloop:
	VMAXPS (SI), Y0, Y0
	ADDQ   $32, SI
	DECQ   CX
	JNZ    maxloop

maxdone:
	VEXTRACTF128 $1, Y0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0x4e, X0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0xb1, X0, X1
	VMAXPS       X1, X0, X0
	MOVSS        X0, ret+16(FP)
	VZEROUPPER
	RET

// func scaleAVX2(dst, src *float32, n int, s float32)
// dst[i] = src[i]*s.
TEXT ·scaleAVX2(SB), NOSPLIT, $0-28
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS s+24(FP), Y1
	SHRQ         $3, CX

scaleloop:
	VMULPS  (SI), Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     scaleloop
	VZEROUPPER
	RET

// func addConstAVX2(dst, src *float32, n int, c float32)
// dst[i] = src[i]+c.
TEXT ·addConstAVX2(SB), NOSPLIT, $0-28
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS c+24(FP), Y1
	SHRQ         $3, CX

addloop:
	VADDPS  (SI), Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     addloop
	VZEROUPPER
	RET

// BINARY defines func name(dst, a, b *float32, n int): dst[i] = a[i] op b[i]
// for n a positive multiple of 8.
#define BINARY(name, op) \
TEXT name(SB), NOSPLIT, $0-32; \
	MOVQ dst+0(FP), DI; \
	MOVQ a+8(FP), SI; \
	MOVQ b+16(FP), DX; \
	MOVQ n+24(FP), CX; \
	SHRQ $3, CX; \
loop: \
	VMOVUPS (SI), Y0; \
	op      (DX), Y0, Y0; \
	VMOVUPS Y0, (DI); \
	ADDQ    $32, SI; \
	ADDQ    $32, DX; \
	ADDQ    $32, DI; \
	DECQ    CX; \
	JNZ     loop; \
	VZEROUPPER; \
	RET

BINARY(·addAVX2, VADDPS)
BINARY(·subAVX2, VSUBPS)
BINARY(·mulAVX2, VMULPS)
BINARY(·divAVX2, VDIVPS)

// func reluAVX2(dst, src *float32, n int)
// The sign bit, smeared over the word, masks negatives (and -0, and NaNs
// with the sign bit set) to +0, as the Go loop in tensorlib did.
TEXT ·reluAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX

reluloop:
	VMOVUPS (SI), Y0
	VPSRAD  $31, Y0, Y1
	VPANDN  Y0, Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     reluloop
	VZEROUPPER
	RET

// func reluBackwardAVX2(dst, grad, y *float32, n int)
// dst[i] = grad[i] where y[i]'s bits are not all zero (y is +0 or positive),
// else +0: no gradient, not even NaN, passes where the output was 0.
TEXT ·reluBackwardAVX2(SB), NOSPLIT, $0-32
	MOVQ  dst+0(FP), DI
	MOVQ  grad+8(FP), SI
	MOVQ  y+16(FP), DX
	MOVQ  n+24(FP), CX
	SHRQ  $3, CX
	VPXOR Y2, Y2, Y2

rbloop:
	VPCMPEQD (DX), Y2, Y1
	VPANDN   (SI), Y1, Y0
	VMOVUPS  Y0, (DI)
	ADDQ     $32, SI
	ADDQ     $32, DX
	ADDQ     $32, DI
	DECQ     CX
	JNZ      rbloop
	VZEROUPPER
	RET

// func maxPool2x2AVX2(top, bot, dst *float32, idx *int32, n int, base, w int32) (nan bool)
// Eight outputs at a time: output i is the largest of top[2i], top[2i+1],
// bot[2i], bot[2i+1], the first of them on ties (-0 and +0 tie), and
// idx[i] is its position: base + 2i, +1 for the right column, +w for the
// bottom row. nan reports whether any input was NaN, which the caller
// pools again with NaN's rules.
TEXT ·maxPool2x2AVX2(SB), NOSPLIT, $0-49
	MOVQ         top+0(FP), SI
	MOVQ         bot+8(FP), DX
	MOVQ         dst+16(FP), DI
	MOVQ         idx+24(FP), R8
	MOVQ         n+32(FP), CX
	SHRQ         $3, CX
	MOVL         base+40(FP), AX
	VMOVD        AX, X10
	VPBROADCASTD X10, Y10         // position of output 0's top left
	VPADDD       evens<>(SB), Y10, Y10
	MOVL         w+44(FP), AX
	VMOVD        AX, X11
	VPBROADCASTD X11, Y11
	VMOVDQU      ones<>(SB), Y12
	VPADDD       Y11, Y12, Y13    // w + 1
	VPSLLD       $4, Y12, Y14     // 16: the step of eight outputs
	VXORPS       Y15, Y15, Y15    // NaN seen

mploop:
	VMOVUPS   (SI), Y0
	VMOVUPS   32(SI), Y1
	VSHUFPS   $0x88, Y1, Y0, Y2
	VSHUFPS   $0xdd, Y1, Y0, Y3
	VPERMPD   $0xd8, Y2, Y2       // top evens
	VPERMPD   $0xd8, Y3, Y3       // top odds
	VMOVUPS   (DX), Y0
	VMOVUPS   32(DX), Y1
	VSHUFPS   $0x88, Y1, Y0, Y4
	VSHUFPS   $0xdd, Y1, Y0, Y5
	VPERMPD   $0xd8, Y4, Y4       // bottom evens
	VPERMPD   $0xd8, Y5, Y5       // bottom odds
	VCMPPS    $3, Y3, Y2, Y6      // unordered: a NaN among them
	VORPS     Y6, Y15, Y15
	VCMPPS    $3, Y5, Y4, Y6
	VORPS     Y6, Y15, Y15
	VPXOR     Y7, Y7, Y7          // offset of the best so far
	VCMPPS    $0x1e, Y2, Y3, Y6   // odd > best
	VBLENDVPS Y6, Y3, Y2, Y2
	VBLENDVPS Y6, Y12, Y7, Y7
	VCMPPS    $0x1e, Y2, Y4, Y6
	VBLENDVPS Y6, Y4, Y2, Y2
	VBLENDVPS Y6, Y11, Y7, Y7
	VCMPPS    $0x1e, Y2, Y5, Y6
	VBLENDVPS Y6, Y5, Y2, Y2
	VBLENDVPS Y6, Y13, Y7, Y7
	VMOVUPS   Y2, (DI)
	VPADDD    Y10, Y7, Y7
	VMOVDQU   Y7, (R8)
	VPADDD    Y14, Y10, Y10
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $32, DI
	ADDQ      $32, R8
	DECQ      CX
	JNZ       mploop
	VMOVMSKPS Y15, AX
	TESTL     AX, AX
	SETNE     nan+48(FP)
	VZEROUPPER
	RET

DATA evens<>+0(SB)/4, $0
DATA evens<>+4(SB)/4, $2
DATA evens<>+8(SB)/4, $4
DATA evens<>+12(SB)/4, $6
DATA evens<>+16(SB)/4, $8
DATA evens<>+20(SB)/4, $10
DATA evens<>+24(SB)/4, $12
DATA evens<>+28(SB)/4, $14
GLOBL evens<>(SB), RODATA|NOPTR, $32

CONST8(ones, 1)

// The coefficients of erfc(z) ≈ t·e^(-z² + P(t)), t = 1/(1 + z/2) (see
// erfc1 in gelu.go), and the constants of the normal distribution.
CONST8(e0, 0xbfa1fc4e)
CONST8(e1, 0x3f8000c7)
CONST8(e2, 0x3ebf88fb)
CONST8(e3, 0x3dc636c9)
CONST8(e4, 0xbe3ec24c)
CONST8(e5, 0x3e8ec7cc)
CONST8(e6, 0xbf914e5d)
CONST8(e7, 0x3fbe87b0)
CONST8(e8, 0xbf527892)
CONST8(e9, 0x3e2ef945)
CONST8(rsqrt2, 0x3f3504f3)
CONST8(invsqrt2pi, 0x3ecc422a)

// PHI sets Y14 to Φ(Y10), the standard normal distribution function, in
// eight lanes: Y11 = z = |x|/√2, Y12 = t, Y3 = erfc(z), and Φ = 1 - erfc/2
// for x ≥ 0, erfc/2 where x's sign bit is set (no cancellation in the
// left tail). It uses Y0 to Y9 and Y11 to Y14.
#define PHI \
	VANDPS      absmask<>(SB), Y10, Y11; \
	VMULPS      rsqrt2<>(SB), Y11, Y11; \
	VMULPS      half<>(SB), Y11, Y12; \
	VADDPS      one<>(SB), Y12, Y12; \
	VMOVAPS     one<>(SB), Y13; \
	VDIVPS      Y12, Y13, Y12; \
	VMOVAPS     e9<>(SB), Y13; \
	VFMADD213PS e8<>(SB), Y12, Y13; \
	VFMADD213PS e7<>(SB), Y12, Y13; \
	VFMADD213PS e6<>(SB), Y12, Y13; \
	VFMADD213PS e5<>(SB), Y12, Y13; \
	VFMADD213PS e4<>(SB), Y12, Y13; \
	VFMADD213PS e3<>(SB), Y12, Y13; \
	VFMADD213PS e2<>(SB), Y12, Y13; \
	VFMADD213PS e1<>(SB), Y12, Y13; \
	VFMADD213PS e0<>(SB), Y12, Y13; \
	VMOVAPS     Y13, Y0; \
	VFNMADD231PS Y11, Y11, Y0; \
	EXP; \
	VMULPS      Y12, Y3, Y3; \
	VMULPS      half<>(SB), Y3, Y3; \
	VMOVAPS     one<>(SB), Y14; \
	VSUBPS      Y3, Y14, Y14; \
	VBLENDVPS   Y10, Y3, Y14, Y14

// func geluAVX2(dst, src *float32, n int)
// x·Φ(x).
TEXT ·geluAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX

geluloop:
	VMOVUPS (SI), Y10
	PHI
	VMULPS  Y10, Y14, Y14
	VMOVUPS Y14, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     geluloop
	VZEROUPPER
	RET

// func geluBackwardAVX2(dst, x, grad *float32, n int)
// grad·(Φ(x) + x·φ(x)), φ(x) = e^(-z²)/√(2π) with z² = x²/2.
TEXT ·geluBackwardAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ grad+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX

gelubloop:
	VMOVUPS (SI), Y10
	PHI
	VMULPS      Y11, Y11, Y0
	VXORPS      signmask<>(SB), Y0, Y0
	EXP
	VMULPS      invsqrt2pi<>(SB), Y3, Y3
	VFMADD231PS Y10, Y3, Y14
	VMULPS      (DX), Y14, Y14
	VMOVUPS     Y14, (DI)
	ADDQ        $32, SI
	ADDQ        $32, DX
	ADDQ        $32, DI
	DECQ        CX
	JNZ         gelubloop
	VZEROUPPER
	RET
