//go:build !purego

#include "textflag.h"

// This file is over 600 lines because its kernels share the exponential's
// and GELU's macros and constants (the assembler's macros do not cross
// files); exp_avx512_amd64.s, gelu_avx512_amd64.s and log_avx512_amd64.s
// hold the AVX-512 versions.

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

// EXPA..EXPE are EXP's steps on registers given as arguments, so that a
// loop can interleave blocks of eight (one block's chain of dependent
// operations is long): U = e^X from X, with Q, S and T overwritten, the
// same operations in the same order as EXP.
#define EXPA(X, Q, S) \
	VMULPS       log2e<>(SB), X, Q; \
	VROUNDPS     $0, Q, Q; \
	VMOVAPS      X, S; \
	VFNMADD231PS l2u<>(SB), Q, S; \
	VFNMADD231PS l2l<>(SB), Q, S

#define EXPB(S, U) \
	VMOVAPS     c5<>(SB), U; \
	VFMADD213PS c4<>(SB), S, U; \
	VFMADD213PS c3<>(SB), S, U; \
	VFMADD213PS c2<>(SB), S, U

#define EXPC(S, U, T) \
	VFMADD213PS c1<>(SB), S, U; \
	VFMADD213PS half<>(SB), S, U; \
	VMULPS      S, S, T; \
	VADDPS      one<>(SB), S, S; \
	VFMADD213PS S, T, U

#define EXPD(Q, U, T) \
	VCVTPS2DQ Q, Q; \
	VPSRAD    $1, Q, T; \
	VPSUBD    T, Q, Q; \
	VPADDD    bias<>(SB), T, T; \
	VPADDD    bias<>(SB), Q, Q; \
	VPSLLD    $23, T, T; \
	VPSLLD    $23, Q, Q; \
	VMULPS    T, U, U; \
	VMULPS    Q, U, U

#define EXPE(X, U, T) \
	VCMPPS    $1, lo<>(SB), X, T; \
	VANDNPS   U, T, U; \
	VCMPPS    $0x1e, hi<>(SB), X, T; \
	VBLENDVPS T, inf<>(SB), U, U

// EXP2 sets Y3 = e^Y0 and Y8 = e^Y5; it uses Y0 to Y9.
#define EXP2 \
	EXPA(Y0, Y1, Y2); \
	EXPA(Y5, Y6, Y7); \
	EXPB(Y2, Y3); \
	EXPB(Y7, Y8); \
	EXPC(Y2, Y3, Y4); \
	EXPC(Y7, Y8, Y9); \
	EXPD(Y1, Y3, Y4); \
	EXPD(Y6, Y8, Y9); \
	EXPE(Y0, Y3, Y4); \
	EXPE(Y5, Y8, Y9)

// EXP2FAST is EXP2 for |x| < 86 in every lane (EXPINRANGE), where
// e^x and the polynomial times 2^q are normal numbers: the scale is an
// integer add to the exponent field, which gives the same bits as EXP's
// two exact multiplications, and no lane needs EXPE's edge cases.
#define EXP2FAST \
	EXPA(Y0, Y1, Y2); \
	EXPA(Y5, Y6, Y7); \
	EXPB(Y2, Y3); \
	EXPB(Y7, Y8); \
	EXPC(Y2, Y3, Y4); \
	EXPC(Y7, Y8, Y9); \
	VCVTPS2DQ Y1, Y1; \
	VCVTPS2DQ Y6, Y6; \
	VPSLLD    $23, Y1, Y1; \
	VPSLLD    $23, Y6, Y6; \
	VPADDD    Y1, Y3, Y3; \
	VPADDD    Y6, Y8, Y8

// EXPINRANGE sets AX to 0xff when every lane of Y0 and Y5 is below 86 in
// magnitude (false for NaN); it uses Y1 and Y6.
#define EXPINRANGE \
	VANDPS    absmask<>(SB), Y0, Y1; \
	VANDPS    absmask<>(SB), Y5, Y6; \
	VCMPPS    $1, fastlim<>(SB), Y1, Y1; \
	VCMPPS    $1, fastlim<>(SB), Y6, Y6; \
	VANDPS    Y6, Y1, Y1; \
	VMOVMSKPS Y1, AX

CONST8(fastlim, 0x42ac0000) // 86

// func expAVX2(dst, src *float32, n int)
// n is a positive multiple of 8: sixteen elements a step, eight at the end.
TEXT ·expAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $4, CX
	JZ   exptail

exploop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y5
	EXPINRANGE
	CMPL    AX, $0xff
	JNE     expslow
	EXP2FAST
	JMP     expstore

expslow:
	EXP2

expstore:
	VMOVUPS Y3, (DI)
	VMOVUPS Y8, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     exploop

exptail:
	TESTQ   $8, n+16(FP)
	JZ      expdone
	VMOVUPS (SI), Y0
	EXP
	VMOVUPS Y3, (DI)

expdone:
	VZEROUPPER
	RET

// SIGSTEP finishes the logistic sigmoid of one block from e = e^-|x| in
// E and x in X: 1/(1+e) for x >= 0, e/(1+e) below; T is overwritten.
#define SIGSTEP(X, E, T) \
	VADDPS    Y14, E, T; \
	VCMPPS    $0x1d, Y13, X, X; \
	VBLENDVPS X, Y14, E, E; \
	VDIVPS    T, E, E

// func sigmoidAVX2(dst, src *float32, n int)
// 1/(1+e^-x) for x >= 0, e^x/(1+e^x) below, from one e^-|x|; sixteen
// elements a step (Exp's shortcut where every |x| < 86), eight at the
// end. Y13 = 0, Y14 = 1.
TEXT ·sigmoidAVX2(SB), NOSPLIT, $0-24
	MOVQ    dst+0(FP), DI
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	VXORPS  Y13, Y13, Y13
	VMOVAPS one<>(SB), Y14
	SHRQ    $4, CX
	JZ      sigtail

sigloop:
	VMOVUPS (SI), Y10
	VMOVUPS 32(SI), Y11
	VORPS   signmask<>(SB), Y10, Y0 // -|x|
	VORPS   signmask<>(SB), Y11, Y5
	EXPINRANGE
	CMPL    AX, $0xff
	JNE     sigslow
	EXP2FAST
	JMP     sigdiv

sigslow:
	EXP2

sigdiv:
	SIGSTEP(Y10, Y3, Y4)
	SIGSTEP(Y11, Y8, Y9)
	VMOVUPS Y3, (DI)
	VMOVUPS Y8, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     sigloop

sigtail:
	TESTQ   $8, n+16(FP)
	JZ      sigdone
	VMOVUPS (SI), Y10
	VORPS   signmask<>(SB), Y10, Y0
	EXP
	SIGSTEP(Y10, Y3, Y4)
	VMOVUPS Y3, (DI)

sigdone:
	VZEROUPPER
	RET

// TANHFIN finishes tanh of one block from E = e^(2|x|) and X = x:
// 1 - 2/(e+1), or below |x| = 0.625 an odd polynomial, with x's sign put
// back; the result in E, P, Q and R are overwritten.
#define TANHFIN(X, E, P, Q, R) \
	VADDPS       one<>(SB), E, E; \
	VMOVAPS      two<>(SB), R; \
	VDIVPS       E, R, R; \
	VMOVAPS      one<>(SB), E; \
	VSUBPS       R, E, E; \
	VANDPS       absmask<>(SB), X, P; \
	VMULPS       P, P, Q; \
	VMOVAPS      t4<>(SB), R; \
	VFMADD213PS  t3<>(SB), Q, R; \
	VFMADD213PS  t2<>(SB), Q, R; \
	VFMADD213PS  t1<>(SB), Q, R; \
	VFMADD213PS  t0<>(SB), Q, R; \
	VMULPS       P, Q, Q; \
	VFMADD213PS  P, Q, R; \
	VCMPPS       $1, tsmall<>(SB), P, Q; \
	VBLENDVPS    Q, R, E, E; \
	VANDPS       signmask<>(SB), X, P; \
	VORPS        P, E, E

// func tanhAVX2(dst, src *float32, n int)
// An odd polynomial below |x| = 0.625, 1 - 2/(e^2|x| + 1) above, with
// x's sign put back; sixteen elements a step (Exp's shortcut where every
// |x| < 43), eight at the end.
TEXT ·tanhAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $4, CX
	JZ   tanhtail

tanhloop:
	VMOVUPS (SI), Y10
	VMOVUPS 32(SI), Y11
	VANDPS  absmask<>(SB), Y10, Y0
	VANDPS  absmask<>(SB), Y11, Y5
	VADDPS  Y0, Y0, Y0              // 2|x|
	VADDPS  Y5, Y5, Y5
	EXPINRANGE
	CMPL    AX, $0xff
	JNE     tanhslow
	EXP2FAST
	JMP     tanhfin

tanhslow:
	EXP2

tanhfin:
	TANHFIN(Y10, Y3, Y1, Y2, Y4)
	TANHFIN(Y11, Y8, Y6, Y7, Y9)
	VMOVUPS Y3, (DI)
	VMOVUPS Y8, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     tanhloop

tanhtail:
	TESTQ   $8, n+16(FP)
	JZ      tanhdone
	VMOVUPS (SI), Y10
	VANDPS  absmask<>(SB), Y10, Y0
	VADDPS  Y0, Y0, Y0
	EXP
	TANHFIN(Y10, Y3, Y1, Y2, Y4)
	VMOVUPS Y3, (DI)

tanhdone:
	VZEROUPPER
	RET

// func siluAVX2(dst, src *float32, n int)
// x / (1 + e^-x); sixteen elements a step (Exp's shortcut where every
// |x| < 86), eight at the end.
TEXT ·siluAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $4, CX
	JZ   silutail

siluloop:
	VMOVUPS (SI), Y10
	VMOVUPS 32(SI), Y11
	VXORPS  signmask<>(SB), Y10, Y0 // -x
	VXORPS  signmask<>(SB), Y11, Y5
	EXPINRANGE
	CMPL    AX, $0xff
	JNE     siluslow
	EXP2FAST
	JMP     siludiv

siluslow:
	EXP2

siludiv:
	VADDPS  one<>(SB), Y3, Y3
	VADDPS  one<>(SB), Y8, Y8
	VDIVPS  Y3, Y10, Y3
	VDIVPS  Y8, Y11, Y8
	VMOVUPS Y3, (DI)
	VMOVUPS Y8, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     siluloop

silutail:
	TESTQ   $8, n+16(FP)
	JZ      siludone
	VMOVUPS (SI), Y10
	VXORPS  signmask<>(SB), Y10, Y0
	EXP
	VADDPS  one<>(SB), Y3, Y3
	VDIVPS  Y3, Y10, Y3
	VMOVUPS Y3, (DI)

siludone:
	VZEROUPPER
	RET

// func expShiftSumAVX2(dst, src *float32, n int, shift float32) float32
// dst[i] = e^(src[i]-shift); returns the sum of dst, added up in eight
// lanes: two sums side by side over sixteen elements a step, added
// together before the last block.
TEXT ·expShiftSumAVX2(SB), NOSPLIT, $0-36
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS shift+24(FP), Y10
	VXORPS       Y11, Y11, Y11
	VXORPS       Y12, Y12, Y12
	SHRQ         $4, CX
	JZ           estail

esloop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y5
	VSUBPS  Y10, Y0, Y0
	VSUBPS  Y10, Y5, Y5
	EXPINRANGE
	CMPL    AX, $0xff
	JNE     esslow
	EXP2FAST
	JMP     esstore

esslow:
	EXP2

esstore:
	VMOVUPS Y3, (DI)
	VMOVUPS Y8, 32(DI)
	VADDPS  Y3, Y11, Y11
	VADDPS  Y8, Y12, Y12
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     esloop

estail:
	VADDPS  Y12, Y11, Y11
	TESTQ   $8, n+16(FP)
	JZ      esdone
	VMOVUPS (SI), Y0
	VSUBPS  Y10, Y0, Y0
	EXP
	VMOVUPS Y3, (DI)
	VADDPS  Y3, Y11, Y11

esdone:
	VEXTRACTF128 $1, Y11, X0
	VADDPS       X0, X11, X0
	VHADDPS      X0, X0, X0
	VHADDPS      X0, X0, X0
	MOVSS        X0, ret+32(FP)
	VZEROUPPER
	RET

// func expSumRowsAVX2(dst, src *float32, n, rows int, m, s *float32)
// For each row of n elements (a positive multiple of 8): m[r] = the
// row's largest element (maxAVX2's steps), then expShiftSumAVX2's steps
// with that shift, the sum into s[r].
TEXT ·expSumRowsAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), BX
	MOVQ rows+24(FP), R8
	MOVQ m+32(FP), R9
	MOVQ s+40(FP), R10

esrrow:
	// The maximum.
	MOVQ    BX, CX
	SHRQ    $3, CX
	MOVQ    SI, R11
	VMOVUPS (R11), Y0
	ADDQ    $32, R11
	DECQ    CX
	JZ      esrmaxdone

esrmax:
	VMAXPS (R11), Y0, Y0
	ADDQ   $32, R11
	DECQ   CX
	JNZ    esrmax

esrmaxdone:
	VEXTRACTF128 $1, Y0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0x4e, X0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0xb1, X0, X1
	VMAXPS       X1, X0, X0
	VMOVSS       X0, (R9)
	VBROADCASTSS X0, Y10

	// The exponentials and their sum.
	VXORPS Y11, Y11, Y11
	VXORPS Y12, Y12, Y12
	MOVQ   BX, CX
	SHRQ   $4, CX
	JZ     esrtail

esrloop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y5
	VSUBPS  Y10, Y0, Y0
	VSUBPS  Y10, Y5, Y5
	EXPINRANGE
	CMPL    AX, $0xff
	JNE     esrslow
	EXP2FAST
	JMP     esrstore

esrslow:
	EXP2

esrstore:
	VMOVUPS Y3, (DI)
	VMOVUPS Y8, 32(DI)
	VADDPS  Y3, Y11, Y11
	VADDPS  Y8, Y12, Y12
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     esrloop

esrtail:
	VADDPS  Y12, Y11, Y11
	TESTQ   $8, BX
	JZ      esrsum
	VMOVUPS (SI), Y0
	VSUBPS  Y10, Y0, Y0
	EXP
	VMOVUPS Y3, (DI)
	VADDPS  Y3, Y11, Y11
	ADDQ    $32, SI
	ADDQ    $32, DI

esrsum:
	VEXTRACTF128 $1, Y11, X0
	VADDPS       X0, X11, X0
	VHADDPS      X0, X0, X0
	VHADDPS      X0, X0, X0
	VMOVSS       X0, (R10)
	ADDQ         $4, R9
	ADDQ         $4, R10
	DECQ         R8
	JNZ          esrrow
	VZEROUPPER
	RET

// ROWS defines func name(dst, src *float32, n, rows int, c *float32):
// dst[r][i] = src[r][i] op c[r] for rows of n elements (a positive
// multiple of 8).
#define ROWS(name, op) \
TEXT name(SB), NOSPLIT, $0-40; \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), BX; \
	MOVQ rows+24(FP), R8; \
	MOVQ c+32(FP), R9; \
	SHRQ $3, BX; \
row: \
	VBROADCASTSS (R9), Y1; \
	MOVQ         BX, CX; \
loop: \
	op      (SI), Y1, Y0; \
	VMOVUPS Y0, (DI); \
	ADDQ    $32, SI; \
	ADDQ    $32, DI; \
	DECQ    CX; \
	JNZ     loop; \
	ADDQ    $4, R9; \
	DECQ    R8; \
	JNZ     row; \
	VZEROUPPER; \
	RET

ROWS(·addRowsAVX2, VADDPS)
ROWS(·scaleRowsAVX2, VMULPS)

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

// The constants of PyTorch 1.13's GELU (oneDNN's gelu_erf; see gelu.go):
// Abramowitz and Stegun's p and a1..a5, 1/√2, 1/√π, and those of oneDNN's
// exponential.
CONST8(asp, 0x3ea7ba05)
CONST8(asa1, 0x3e827906)
CONST8(asa2, 0xbe91a98e)
CONST8(asa3, 0x3fb5f0e3)
CONST8(asa4, 0xbfba00e3)
CONST8(asa5, 0x3f87dc22)
CONST8(rsqrt2, 0x3f3504f3)
CONST8(rsqrtpi, 0x3f106eba)
CONST8(dlog2e, 0x3fb8aa3b)
CONST8(dln2, 0x3f317218)
CONST8(dlnmin, 0xc2aeac50)
CONST8(dp1, 0x3f7ffffb)
CONST8(dp2, 0x3efffee3)
CONST8(dp3, 0x3e2aad40)
CONST8(dp4, 0x3d2b9d0d)
CONST8(dp5, 0x3c07cfce)

// The GELU kernels take eight lanes in five registers A to E, in steps,
// so that the loops can interleave two blocks of eight (the chain of
// dependent operations is long). They need Y15 = 1, Y14 = 0.5,
// Y13 = the sign mask, Y12 = the magnitude mask, Y11 = ln(FLT_MIN).
// See erfAS and expNeg in gelu.go: these are oneDNN's steps and round
// the same way. In the gradient an exponent argument below ln(FLT_MIN)
// gives 0 (GEXP1M, GEXP2M), so that x·e^(-x²/2) is 0 for huge x and NaN
// for infinite x, as PyTorch's. GELU itself only clamps the argument to
// ln(FLT_MIN): e^-87.3 instead of 0 leaves 1 - t·e·P(t) at 1, so the
// result is the same.

// GZ: B = z = x/√2 from A = x, C = -z².
#define GZ(A, B, C) \
	VMULPS rsqrt2<>(SB), A, B; \
	VMULPS B, B, C; \
	VXORPS Y13, C, C

// GEXP1, 2, 3: D = e^C (C ≤ 0 or NaN); C and E are overwritten. GEXP1M
// and GEXP2M instead of GEXP1 and GEXP2 give 0 below ln(FLT_MIN).
#define GEXP1(C, D, E) \
	VMAXPS   Y11, C, C; \
	VMULPS   dlog2e<>(SB), C, E; \
	VADDPS   Y14, E, E; \
	VROUNDPS $1, E, E

#define GEXP2(C, D, E) \
	VFNMADD231PS dln2<>(SB), E, C; \
	VCVTPS2DQ    E, E; \
	VPADDD       bias<>(SB), E, E; \
	VPSLLD       $23, E, E; \
	VMOVAPS      dp5<>(SB), D; \
	VFMADD213PS  dp4<>(SB), C, D

#define GEXP1M(C, D, E) \
	VCMPPS $1, Y11, C, D; \
	GEXP1(C, D, E)

#define GEXP2M(C, D, E) \
	VFNMADD231PS dln2<>(SB), E, C; \
	VCVTPS2DQ    E, E; \
	VPADDD       bias<>(SB), E, E; \
	VPSLLD       $23, E, E; \
	VANDNPS      E, D, E; \
	VMOVAPS      dp5<>(SB), D; \
	VFMADD213PS  dp4<>(SB), C, D

#define GEXP3(C, D, E) \
	VFMADD213PS dp3<>(SB), C, D; \
	VFMADD213PS dp2<>(SB), C, D; \
	VFMADD213PS dp1<>(SB), C, D; \
	VFMADD213PS Y15, C, D; \
	VMULPS      E, D, D

// GT: B = t = 1/(1 + p·|z|) from B = z; C is overwritten.
#define GT(B, C) \
	VANDPS      Y12, B, B; \
	VMOVAPS     asp<>(SB), C; \
	VFMADD213PS Y15, B, C; \
	VDIVPS      C, Y15, B

// GERF1..2: D = 1 - t·e·P(t) = |erf(z)| from B = t, D = e; C is
// overwritten.
#define GERF1(B, C, D) \
	VMULPS      B, D, D; \
	VMOVAPS     asa5<>(SB), C; \
	VFMADD213PS asa4<>(SB), B, C; \
	VFMADD213PS asa3<>(SB), B, C

#define GERF2(B, C, D) \
	VFMADD213PS  asa2<>(SB), B, C; \
	VFMADD213PS  asa1<>(SB), B, C; \
	VFNMADD213PS Y15, C, D

// GOUT: D = S + S·erf with A = S = x/2 (whose sign is z's) and D = erf
// without that sign: S·erf is D·|S| to the bit. C is overwritten.
#define GOUT(A, C, D) \
	VANDPS      Y12, A, C; \
	VFMADD213PS A, C, D

// GELUPAIR runs GELU on two blocks, x in Y0 and Y5, results in Y3 and Y8.
#define GELUPAIR \
	GZ(Y0, Y1, Y2); \
	GZ(Y5, Y6, Y7); \
	VMULPS Y14, Y0, Y0; \
	VMULPS Y14, Y5, Y5; \
	GEXP1(Y2, Y3, Y4); \
	GEXP1(Y7, Y8, Y9); \
	GEXP2(Y2, Y3, Y4); \
	GEXP2(Y7, Y8, Y9); \
	GEXP3(Y2, Y3, Y4); \
	GEXP3(Y7, Y8, Y9); \
	GT(Y1, Y2); \
	GT(Y6, Y7); \
	GERF1(Y1, Y2, Y3); \
	GERF1(Y6, Y7, Y8); \
	GERF2(Y1, Y2, Y3); \
	GERF2(Y6, Y7, Y8); \
	GOUT(Y0, Y2, Y3); \
	GOUT(Y5, Y7, Y8)

#define GELUCONSTS \
	VMOVAPS one<>(SB), Y15; \
	VMOVAPS half<>(SB), Y14; \
	VMOVAPS signmask<>(SB), Y13; \
	VMOVAPS absmask<>(SB), Y12; \
	VMOVAPS dlnmin<>(SB), Y11

// func geluAVX2(dst, src *float32, n int)
// S + S·erf(x/√2), S = x/2, sixteen elements a step and eight at the end.
TEXT ·geluAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	GELUCONSTS
	SHRQ $4, CX
	JZ   gelutail

geluloop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y5
	GELUPAIR
	VMOVUPS Y3, (DI)
	VMOVUPS Y8, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNZ     geluloop

gelutail:
	TESTQ $8, n+16(FP)
	JZ    geludone
	VMOVUPS (SI), Y0
	GZ(Y0, Y1, Y2)
	VMULPS Y14, Y0, Y0
	GEXP1(Y2, Y3, Y4)
	GEXP2(Y2, Y3, Y4)
	GEXP3(Y2, Y3, Y4)
	GT(Y1, Y2)
	GERF1(Y1, Y2, Y3)
	GERF2(Y1, Y2, Y3)
	GOUT(Y0, Y2, Y3)
	VMOVUPS Y3, (DI)

geludone:
	VZEROUPPER
	RET

// GGRAD: A = 0.5 + T + 0.5·erf, from A = T = (z/√π)·e, E = z's sign,
// D = |erf|.
#define GGRAD(A, D, E) \
	VXORPS      E, D, D; \
	VADDPS      Y14, A, A; \
	VFMADD231PS Y14, D, A

// GTE: A = T = (z/√π)·e and E = z's sign, from B = z, D = e.
#define GTE(A, B, D, E) \
	VMULPS rsqrtpi<>(SB), B, A; \
	VMULPS D, A, A; \
	VANDPS Y13, B, E

// GRADPAIR runs the gradient on two blocks, x in Y0 and Y5, results
// (before the upstream gradient) in Y0 and Y5.
#define GRADPAIR \
	GZ(Y0, Y1, Y2); \
	GZ(Y5, Y6, Y7); \
	GEXP1M(Y2, Y3, Y4); \
	GEXP1M(Y7, Y8, Y9); \
	GEXP2M(Y2, Y3, Y4); \
	GEXP2M(Y7, Y8, Y9); \
	GEXP3(Y2, Y3, Y4); \
	GEXP3(Y7, Y8, Y9); \
	GTE(Y0, Y1, Y3, Y4); \
	GTE(Y5, Y6, Y8, Y9); \
	GT(Y1, Y2); \
	GT(Y6, Y7); \
	GERF1(Y1, Y2, Y3); \
	GERF1(Y6, Y7, Y8); \
	GERF2(Y1, Y2, Y3); \
	GERF2(Y6, Y7, Y8); \
	GGRAD(Y0, Y3, Y4); \
	GGRAD(Y5, Y8, Y9)

// func geluBackwardAVX2(dst, x, grad *float32, n int)
// grad·(0.5 + (z/√π)·e^(-z²) + 0.5·erf(z)), z = x/√2.
TEXT ·geluBackwardAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ grad+16(FP), DX
	MOVQ n+24(FP), CX
	GELUCONSTS
	SHRQ $4, CX
	JZ   gelubtail

gelubloop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y5
	GRADPAIR
	VMULPS  (DX), Y0, Y0
	VMULPS  32(DX), Y5, Y5
	VMOVUPS Y0, (DI)
	VMOVUPS Y5, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DX
	ADDQ    $64, DI
	DECQ    CX
	JNZ     gelubloop

gelubtail:
	TESTQ $8, n+24(FP)
	JZ    gelubdone
	VMOVUPS (SI), Y0
	GZ(Y0, Y1, Y2)
	GEXP1M(Y2, Y3, Y4)
	GEXP2M(Y2, Y3, Y4)
	GEXP3(Y2, Y3, Y4)
	GTE(Y0, Y1, Y3, Y4)
	GT(Y1, Y2)
	GERF1(Y1, Y2, Y3)
	GERF2(Y1, Y2, Y3)
	GGRAD(Y0, Y3, Y4)
	VMULPS  (DX), Y0, Y0
	VMOVUPS Y0, (DI)

gelubdone:
	VZEROUPPER
	RET
