//go:build !purego

#include "textflag.h"

// This file is over 600 lines because the softmax row kernels below
// share the exponential's macros with Exp, Sigmoid, Tanh and SiLU (the
// assembler's macros do not cross files).
//
// The AVX-512 versions of vmath_amd64.s's exponential kernels (Exp,
// Sigmoid, Tanh, SiLU) and softmax row kernels, sixteen lanes a ZMM
// register. They take the same steps as the AVX2 kernels, in the same
// order with the same operands, and give the same bits (exp_avx512_test.go
// checks them against the AVX2 kernels), with two changes that give the
// same values:
//
//   - The scale by 2^q is one VSCALEFPS, which rounds u·2^q once, as the
//     AVX2 kernels' two exact-then-rounding multiplications by 2^(q/2)
//     and 2^(q-q/2) do (and their exponent-field add where |x| < 86).
//   - Instead of overwriting the lanes below -104 (0) and above 100 (+Inf)
//     afterwards, x is clamped to [-104, 100] first, where the steps give
//     those values: e^-104 rounds to 0 and e^100 overflows. VMAXPS and
//     VMINPS take the bound as their first source, so that a NaN goes
//     through unchanged.
//
// n is any count from 1; the last 1 to 31 elements go through masked
// loads and stores (the masked-off lanes compute on zeros and are not
// written). The kernels keep their constants in Z16 to Z31.

// A 32-bit constant, broadcast by VBROADCASTSS or an embedded broadcast.
#define CONST4(name, v) DATA name<>+0(SB)/4, $v; GLOBL name<>(SB), RODATA|NOPTR, $4

CONST4(log2e, 0x3fb8aa3b)
CONST4(l2u, 0x3f317200)
CONST4(l2l, 0x35bfbe8e)
CONST4(c5, 0x39502bda)
CONST4(c4, 0x3ab696c9)
CONST4(c3, 0x3c0888a6)
CONST4(c2, 0x3d2aaa7a)
CONST4(c1, 0x3e2aaaab)
CONST4(half, 0x3f000000)
CONST4(one, 0x3f800000)
CONST4(lo, 0xc2d00000) // -104
CONST4(hi, 0x42c80000) // 100
CONST4(absmask, 0x7fffffff)
CONST4(signmask, 0x80000000)
CONST4(two, 0x40000000)
CONST4(tsmall, 0x3f200000)
CONST4(t4, 0xbbbaf0ea)
CONST4(t3, 0x3ca9134e)
CONST4(t2, 0xbd5c1e2d)
CONST4(t1, 0x3e088393)
CONST4(t0, 0xbeaaaa99)

// EXPCONSTS loads the exponential's constants: Z16 log2e, Z17 and Z18
// ln 2 in two parts, Z19 to Z23 c5 to c1, Z24 0.5, Z25 1, Z26 -104,
// Z27 100, Z28 the sign mask, Z29 the magnitude mask.
#define EXPCONSTS \
	VBROADCASTSS log2e<>(SB), Z16; \
	VBROADCASTSS l2u<>(SB), Z17; \
	VBROADCASTSS l2l<>(SB), Z18; \
	VBROADCASTSS c5<>(SB), Z19; \
	VBROADCASTSS c4<>(SB), Z20; \
	VBROADCASTSS c3<>(SB), Z21; \
	VBROADCASTSS c2<>(SB), Z22; \
	VBROADCASTSS c1<>(SB), Z23; \
	VBROADCASTSS half<>(SB), Z24; \
	VBROADCASTSS one<>(SB), Z25; \
	VBROADCASTSS lo<>(SB), Z26; \
	VBROADCASTSS hi<>(SB), Z27; \
	VBROADCASTSS signmask<>(SB), Z28; \
	VBROADCASTSS absmask<>(SB), Z29

// TAILMASKS sets K1 and K2 to the first CX lanes (1 to 31) of two blocks
// of sixteen; it uses AX.
#define TAILMASKS \
	MOVL  $1, AX; \
	SHLL  CX, AX; \
	DECL  AX; \
	KMOVW AX, K1; \
	SHRL  $16, AX; \
	KMOVW AX, K2

// CLAMPLO and CLAMPHI clamp X to -104 and 100; a NaN stays.
#define CLAMPLO(X) VMAXPS X, Z26, X
#define CLAMPHI(X) VMINPS X, Z27, X

// ZEXPA..ZEXPD are vmath_amd64.s's EXPA..EXPD on ZMM registers: U = e^X
// for X in [-104, 100] (or NaN), with Q, S and T overwritten.
#define ZEXPA(X, Q, S) \
	VMULPS       Z16, X, Q; \
	VRNDSCALEPS  $0, Q, Q; \
	VMOVAPS      X, S; \
	VFNMADD231PS Z17, Q, S; \
	VFNMADD231PS Z18, Q, S

#define ZEXPB(S, U) \
	VMOVAPS     Z19, U; \
	VFMADD213PS Z20, S, U; \
	VFMADD213PS Z21, S, U; \
	VFMADD213PS Z22, S, U

#define ZEXPC(S, U, T) \
	VFMADD213PS Z23, S, U; \
	VFMADD213PS Z24, S, U; \
	VMULPS      S, S, T; \
	VADDPS      Z25, S, S; \
	VFMADD213PS S, T, U

#define ZEXPD(Q, U) VSCALEFPS Q, U, U

// ZEXP2 sets Z3 = e^Z0 and Z8 = e^Z5 (clamped already); it uses Z0 to Z9.
#define ZEXP2 \
	ZEXPA(Z0, Z1, Z2); \
	ZEXPA(Z5, Z6, Z7); \
	ZEXPB(Z2, Z3); \
	ZEXPB(Z7, Z8); \
	ZEXPC(Z2, Z3, Z4); \
	ZEXPC(Z7, Z8, Z9); \
	ZEXPD(Z1, Z3); \
	ZEXPD(Z6, Z8)

// ZEXP1 sets Z3 = e^Z0 (clamped already); it uses Z0 to Z4.
#define ZEXP1 \
	ZEXPA(Z0, Z1, Z2); \
	ZEXPB(Z2, Z3); \
	ZEXPC(Z2, Z3, Z4); \
	ZEXPD(Z1, Z3)

// func expAVX512(dst, src *float32, n int)
TEXT ·expAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	EXPCONSTS
	SUBQ $32, CX
	JLT  exptail

exploop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z5
	CLAMPLO(Z0)
	CLAMPLO(Z5)
	CLAMPHI(Z0)
	CLAMPHI(Z5)
	ZEXP2
	VMOVUPS Z3, (DI)
	VMOVUPS Z8, 64(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     exploop

exptail:
	ADDQ $32, CX
	JZ   expdone
	TAILMASKS
	VMOVUPS.Z (SI), K1, Z0
	VMOVUPS.Z 64(SI), K2, Z5
	CLAMPLO(Z0)
	CLAMPLO(Z5)
	CLAMPHI(Z0)
	CLAMPHI(Z5)
	ZEXP2
	VMOVUPS Z3, K1, (DI)
	VMOVUPS Z8, K2, 64(DI)

expdone:
	VZEROUPPER
	RET

// ZSIG is SIGSTEP: the sigmoid in E from e = e^-|x| in E and x in X:
// 1/(1+e) for x >= 0, e/(1+e) below. T and K are overwritten; Z30 = 0.
#define ZSIG(X, E, T, K) \
	VADDPS  Z25, E, T; \
	VCMPPS  $0x1d, Z30, X, K; \
	VMOVAPS Z25, K, E; \
	VDIVPS  T, E, E

#define SIGPAIR \
	VPORD  Z28, Z10, Z0; \
	VPORD  Z28, Z11, Z5; \
	CLAMPLO(Z0); \
	CLAMPLO(Z5); \
	ZEXP2; \
	ZSIG(Z10, Z3, Z4, K3); \
	ZSIG(Z11, Z8, Z9, K4)

// func sigmoidAVX512(dst, src *float32, n int)
// e^-|x| (which is never above 100), then SIGSTEP.
TEXT ·sigmoidAVX512(SB), NOSPLIT, $0-24
	MOVQ   dst+0(FP), DI
	MOVQ   src+8(FP), SI
	MOVQ   n+16(FP), CX
	EXPCONSTS
	VPXORD Z30, Z30, Z30
	SUBQ   $32, CX
	JLT    sigtail

sigloop:
	VMOVUPS (SI), Z10
	VMOVUPS 64(SI), Z11
	SIGPAIR
	VMOVUPS Z3, (DI)
	VMOVUPS Z8, 64(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     sigloop

sigtail:
	ADDQ $32, CX
	JZ   sigdone
	TAILMASKS
	VMOVUPS.Z (SI), K1, Z10
	VMOVUPS.Z 64(SI), K2, Z11
	SIGPAIR
	VMOVUPS Z3, K1, (DI)
	VMOVUPS Z8, K2, 64(DI)

sigdone:
	VZEROUPPER
	RET

// ZTANH is TANHFIN: tanh in E from E = e^(2|x|) and X = x. P, Q, R and K
// are overwritten. Z30 = 2, Z31 = 0.625, Z12 to Z15 t4 to t1.
#define ZTANH(X, E, P, Q, R, K) \
	VADDPS      Z25, E, E; \
	VDIVPS      E, Z30, R; \
	VSUBPS      R, Z25, E; \
	VPANDD      Z29, X, P; \
	VMULPS      P, P, Q; \
	VMOVAPS     Z12, R; \
	VFMADD213PS Z13, Q, R; \
	VFMADD213PS Z14, Q, R; \
	VFMADD213PS Z15, Q, R; \
	VFMADD213PS.BCST t0<>(SB), Q, R; \
	VMULPS      P, Q, Q; \
	VFMADD213PS P, Q, R; \
	VCMPPS      $1, Z31, P, K; \
	VMOVAPS     R, K, E; \
	VPTERNLOGD  $0xf8, Z28, X, E

#define TANHPAIR \
	VPANDD Z29, Z10, Z0; \
	VPANDD Z29, Z11, Z5; \
	VADDPS Z0, Z0, Z0; \
	VADDPS Z5, Z5, Z5; \
	CLAMPHI(Z0); \
	CLAMPHI(Z5); \
	ZEXP2; \
	ZTANH(Z10, Z3, Z1, Z2, Z4, K3); \
	ZTANH(Z11, Z8, Z6, Z7, Z9, K4)

// func tanhAVX512(dst, src *float32, n int)
// e^(2|x|) (never below -104), then TANHFIN.
TEXT ·tanhAVX512(SB), NOSPLIT, $0-24
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	EXPCONSTS
	VBROADCASTSS two<>(SB), Z30
	VBROADCASTSS tsmall<>(SB), Z31
	VBROADCASTSS t4<>(SB), Z12
	VBROADCASTSS t3<>(SB), Z13
	VBROADCASTSS t2<>(SB), Z14
	VBROADCASTSS t1<>(SB), Z15
	SUBQ         $32, CX
	JLT          tanhtail

tanhloop:
	VMOVUPS (SI), Z10
	VMOVUPS 64(SI), Z11
	TANHPAIR
	VMOVUPS Z3, (DI)
	VMOVUPS Z8, 64(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     tanhloop

tanhtail:
	ADDQ $32, CX
	JZ   tanhdone
	TAILMASKS
	VMOVUPS.Z (SI), K1, Z10
	VMOVUPS.Z 64(SI), K2, Z11
	TANHPAIR
	VMOVUPS Z3, K1, (DI)
	VMOVUPS Z8, K2, 64(DI)

tanhdone:
	VZEROUPPER
	RET

#define SILUPAIR \
	VPXORD Z28, Z10, Z0; \
	VPXORD Z28, Z11, Z5; \
	CLAMPLO(Z0); \
	CLAMPLO(Z5); \
	CLAMPHI(Z0); \
	CLAMPHI(Z5); \
	ZEXP2; \
	VADDPS Z25, Z3, Z3; \
	VADDPS Z25, Z8, Z8; \
	VDIVPS Z3, Z10, Z3; \
	VDIVPS Z8, Z11, Z8

// func siluAVX512(dst, src *float32, n int)
// x / (1 + e^-x).
TEXT ·siluAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	EXPCONSTS
	SUBQ $32, CX
	JLT  silutail

siluloop:
	VMOVUPS (SI), Z10
	VMOVUPS 64(SI), Z11
	SILUPAIR
	VMOVUPS Z3, (DI)
	VMOVUPS Z8, 64(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     siluloop

silutail:
	ADDQ $32, CX
	JZ   siludone
	TAILMASKS
	VMOVUPS.Z (SI), K1, Z10
	VMOVUPS.Z 64(SI), K2, Z11
	SILUPAIR
	VMOVUPS Z3, K1, (DI)
	VMOVUPS Z8, K2, 64(DI)

siludone:
	VZEROUPPER
	RET

// The softmax kernels. expShiftSumAVX2 adds its exponentials in two
// eight-lane sums, Y11 over the blocks of eight at 0, 16, 32, ... and
// Y12 over those at 8, 24, 40, ...; Y11 + Y12, then the last block
// when n is an odd multiple of 8, then Y11's lanes (128-bit halves,
// then VHADDPS twice). Here one ZMM sum, Z11, holds Y11's lanes in its
// low half and Y12's in its high half: adding sixteen elements adds their
// first eight to Y11's lanes and the other eight to Y12's, in the same
// order. n is a multiple of 8.

// ESPAIR stores e^(Z0-Z10) and e^(Z5-Z10) at (DI) and 64(DI) and adds
// them into Z11 in that order.
#define ESPAIR \
	VSUBPS  Z10, Z0, Z0; \
	VSUBPS  Z10, Z5, Z5; \
	CLAMPLO(Z0); \
	CLAMPLO(Z5); \
	CLAMPHI(Z0); \
	CLAMPHI(Z5); \
	ZEXP2; \
	VMOVUPS Z3, (DI); \
	VMOVUPS Z8, 64(DI); \
	VADDPS  Z3, Z11, Z11; \
	VADDPS  Z8, Z11, Z11

// ESONE is ESPAIR for the sixteen elements at (SI) alone.
#define ESONE \
	VMOVUPS (SI), Z0; \
	VSUBPS  Z10, Z0, Z0; \
	CLAMPLO(Z0); \
	CLAMPHI(Z0); \
	ZEXP1; \
	VMOVUPS Z3, (DI); \
	VADDPS  Z3, Z11, Z11

// ESLAST adds Z11's halves (Y11 + Y12) and then, when CX = 8, the
// exponentials of the eight elements at (SI), stored at (DI) (the upper
// lanes compute on whatever follows the VEX load's zeros and are
// dropped); the sum of Y11's lanes in X0 as expShiftSumAVX2 adds them.
#define ESLAST(done) \
	VEXTRACTF32X8 $1, Z11, Y12; \
	VADDPS        Y12, Y11, Y11; \
	TESTQ         CX, CX; \
	JZ            done; \
	VMOVUPS       (SI), Y0; \
	VSUBPS        Z10, Z0, Z0; \
	CLAMPLO(Z0); \
	CLAMPHI(Z0); \
	ZEXP1; \
	VMOVUPS       Y3, (DI); \
	VADDPS        Y3, Y11, Y11; \
done: \
	VEXTRACTF128  $1, Y11, X0; \
	VADDPS        X0, X11, X0; \
	VHADDPS       X0, X0, X0; \
	VHADDPS       X0, X0, X0

// func expShiftSumAVX512(dst, src *float32, n int, shift float32) float32
TEXT ·expShiftSumAVX512(SB), NOSPLIT, $0-36
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS shift+24(FP), Z10
	EXPCONSTS
	VPXORD       Z11, Z11, Z11
	SUBQ         $32, CX
	JLT          es16

esloop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z5
	ESPAIR
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     esloop

es16:
	ADDQ $32, CX
	CMPQ CX, $16
	JLT  es8
	ESONE
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX

es8:
	ESLAST(esdone)
	MOVSS X0, ret+32(FP)
	VZEROUPPER
	RET

// ZMAX sets X0 to the largest of the CX elements (a positive multiple of
// 8) at R11 and K7 to the lanes that met a NaN; it uses Z0 to Z2, K6 and
// DX, and advances R11 (l16, l8 and done are its labels). The largest
// value does not depend on the order in which the elements are compared,
// unless it is 0 (VMAXPS keeps the later of +0 and -0) or there is a NaN:
// then the caller runs the AVX2 kernel's order instead (ZMAXOK).
#define ZMAX(l16, l8, done) \
	VMOVUPS      (R11), Y0; \
	VCMPPS       $3, Z0, Z0, K7; \
	VINSERTF32X8 $1, Y0, Z0, Z2; \
	ADDQ         $32, R11; \
	SUBQ         $8, CX; \
	MOVQ         CX, DX; \
	SHRQ         $4, DX; \
	JZ           l8; \
l16: \
	VMOVUPS (R11), Z1; \
	VMAXPS  Z1, Z2, Z2; \
	VCMPPS  $3, Z1, Z1, K6; \
	KORW    K6, K7, K7; \
	ADDQ    $64, R11; \
	DECQ    DX; \
	JNZ     l16; \
l8: \
	TESTQ   $8, CX; \
	JZ      done; \
	VMOVUPS (R11), Y1; \
	VMAXPS  Y1, Y0, Y0; \
	VCMPPS  $3, Z1, Z1, K6; \
	KORW    K6, K7, K7; \
	ADDQ    $32, R11; \
done: \
	VEXTRACTF32X8 $1, Z2, Y1; \
	VMAXPS        Y1, Y2, Y2; \
	VMAXPS        Y2, Y0, Y0; \
	VEXTRACTF128  $1, Y0, X1; \
	VMAXPS        X1, X0, X0; \
	VPERMILPS     $0x4e, X0, X1; \
	VMAXPS        X1, X0, X0; \
	VPERMILPS     $0xb1, X0, X1; \
	VMAXPS        X1, X0, X0

// ZMAXOK jumps to ok when K7 is clear and X0 is not 0: the largest value
// is then the AVX2 kernel's to the bit; it falls through to no otherwise.
// It uses X1.
#define ZMAXOK(ok, no) \
	KORTESTW K7, K7; \
	JNZ      no; \
	VXORPS   X1, X1, X1; \
	VUCOMISS X1, X0; \
	JNE      ok; \
no:

// func maxAVX512(src *float32, n int) (m float32, ok bool)
// ok is false when the caller must run maxAVX2 for the bits of m.
TEXT ·maxAVX512(SB), NOSPLIT, $0-21
	MOVQ src+0(FP), R11
	MOVQ n+8(FP), CX
	ZMAX(max16, max8, maxdone)
	MOVSS X0, m+16(FP)
	ZMAXOK(maxok, maxno)
	MOVB  $0, ok+20(FP)
	VZEROUPPER
	RET

maxok:
	MOVB $1, ok+20(FP)
	VZEROUPPER
	RET

// func expSumRowsAVX512(dst, src *float32, n, rows int, m, s *float32)
// expSumRowsAVX2's steps: for each row, the maximum (ZMAX, or the AVX2
// loop when ZMAX cannot give its bits), then the exponentials and their
// sum as expShiftSumAVX512 adds them. Rows go two at a time, A at SI and
// B at R14 (written at DI and R15), sixteen elements of each a step, so
// that one row's chain of dependent steps (maximum, sums) overlaps the
// other's; each row's sum still takes its blocks in order. A pair where
// either maximum needs the AVX2 order goes one row at a time.
TEXT ·expSumRowsAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), BX
	MOVQ rows+24(FP), R8
	MOVQ m+32(FP), R9
	MOVQ s+40(FP), R10
	EXPCONSTS

esrtop:
	CMPQ R8, $2
	JLT  esrlast

	// The maxima of A (into X15, K5) and B (X0, K7).
	MOVQ    SI, R11
	MOVQ    BX, CX
	ZMAX(esrpmax16a, esrpmax8a, esrpmaxdonea)
	VMOVAPS X0, X15
	KMOVW   K7, K5
	LEAQ    (SI)(BX*4), R11
	MOVQ    BX, CX
	ZMAX(esrpmax16b, esrpmax8b, esrpmaxdoneb)
	KORTESTW K5, K5
	JNZ      esrrow
	KORTESTW K7, K7
	JNZ      esrrow
	VXORPS   X1, X1, X1
	VUCOMISS X1, X15
	JEQ      esrrow
	VUCOMISS X1, X0
	JEQ      esrrow

	VMOVSS       X15, (R9)
	VMOVSS       X0, 4(R9)
	VBROADCASTSS X15, Z10
	VBROADCASTSS X0, Z12
	VPXORD       Z11, Z11, Z11
	VPXORD       Z13, Z13, Z13
	LEAQ         (SI)(BX*4), R14
	LEAQ         (DI)(BX*4), R15
	MOVQ         BX, CX
	SUBQ         $16, CX
	JLT          esrp8

esrploop:
	VMOVUPS (SI), Z0
	VMOVUPS (R14), Z5
	VSUBPS  Z10, Z0, Z0
	VSUBPS  Z12, Z5, Z5
	CLAMPLO(Z0)
	CLAMPLO(Z5)
	CLAMPHI(Z0)
	CLAMPHI(Z5)
	ZEXP2
	VMOVUPS Z3, (DI)
	VMOVUPS Z8, (R15)
	VADDPS  Z3, Z11, Z11
	VADDPS  Z8, Z13, Z13
	ADDQ    $64, SI
	ADDQ    $64, DI
	ADDQ    $64, R14
	ADDQ    $64, R15
	SUBQ    $16, CX
	JGE     esrploop

esrp8:
	ADDQ          $16, CX
	VEXTRACTF32X8 $1, Z11, Y14
	VADDPS        Y14, Y11, Y11
	VEXTRACTF32X8 $1, Z13, Y14
	VADDPS        Y14, Y13, Y13
	TESTQ         CX, CX
	JZ            esrpsum
	VMOVUPS       (SI), Y0
	VMOVUPS       (R14), Y5
	VSUBPS        Z10, Z0, Z0
	VSUBPS        Z12, Z5, Z5
	CLAMPLO(Z0)
	CLAMPLO(Z5)
	CLAMPHI(Z0)
	CLAMPHI(Z5)
	ZEXP2
	VMOVUPS       Y3, (DI)
	VMOVUPS       Y8, (R15)
	VADDPS        Y3, Y11, Y11
	VADDPS        Y8, Y13, Y13
	ADDQ          $32, R14
	ADDQ          $32, R15

esrpsum:
	VEXTRACTF128 $1, Y11, X0
	VADDPS       X0, X11, X0
	VHADDPS      X0, X0, X0
	VHADDPS      X0, X0, X0
	VMOVSS       X0, (R10)
	VEXTRACTF128 $1, Y13, X1
	VADDPS       X1, X13, X1
	VHADDPS      X1, X1, X1
	VHADDPS      X1, X1, X1
	VMOVSS       X1, 4(R10)
	MOVQ         R14, SI
	MOVQ         R15, DI
	ADDQ         $8, R9
	ADDQ         $8, R10
	SUBQ         $2, R8
	JMP          esrtop

esrlast:
	TESTQ R8, R8
	JZ    esrdone

esrrow:
	// One row.
	MOVQ SI, R11
	MOVQ BX, CX
	ZMAX(esrmax16, esrmax8, esrmaxdone)
	ZMAXOK(esrmaxok, esrmaxno)

	// expSumRowsAVX2's loop, for the bits of a 0 or a NaN.
	MOVQ    BX, CX
	SHRQ    $3, CX
	MOVQ    SI, R11
	VMOVUPS (R11), Y0
	ADDQ    $32, R11
	DECQ    CX
	JZ      esrslowdone

esrslow:
	VMAXPS (R11), Y0, Y0
	ADDQ   $32, R11
	DECQ   CX
	JNZ    esrslow

esrslowdone:
	VEXTRACTF128 $1, Y0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0x4e, X0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0xb1, X0, X1
	VMAXPS       X1, X0, X0

esrmaxok:
	VMOVSS       X0, (R9)
	VBROADCASTSS X0, Z10
	VPXORD       Z11, Z11, Z11
	MOVQ         BX, CX
	SUBQ         $32, CX
	JLT          esr16

esrloop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z5
	ESPAIR
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     esrloop

esr16:
	ADDQ $32, CX
	CMPQ CX, $16
	JLT  esr8
	ESONE
	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $16, CX

esr8:
	MOVQ CX, DX
	SHLQ $2, DX
	ESLAST(esrsum)
	ADDQ   DX, SI
	ADDQ   DX, DI
	VMOVSS X0, (R10)
	ADDQ   $4, R9
	ADDQ   $4, R10
	DECQ   R8
	JMP    esrtop

esrdone:
	VZEROUPPER
	RET

// ROWS512 defines func name(dst, src *float32, n, rows int, c *float32):
// dst[r][i] = src[r][i] op c[r] for rows of n elements (a positive
// multiple of 8), sixteen a step and a masked last eight.
#define ROWS512(name, op) \
TEXT name(SB), NOSPLIT, $0-40; \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), BX; \
	MOVQ rows+24(FP), R8; \
	MOVQ c+32(FP), R9; \
row: \
	VBROADCASTSS (R9), Z1; \
	MOVQ         BX, CX; \
	SUBQ         $16, CX; \
	JLT          last; \
loop: \
	op      (SI), Z1, Z0; \
	VMOVUPS Z0, (DI); \
	ADDQ    $64, SI; \
	ADDQ    $64, DI; \
	SUBQ    $16, CX; \
	JGE     loop; \
last: \
	ADDQ    $16, CX; \
	JZ      next; \
	op      (SI), Y1, Y0; \
	VMOVUPS Y0, (DI); \
	ADDQ    $32, SI; \
	ADDQ    $32, DI; \
next: \
	ADDQ $4, R9; \
	DECQ R8; \
	JNZ  row; \
	VZEROUPPER; \
	RET

ROWS512(·addRowsAVX512, VADDPS)
ROWS512(·scaleRowsAVX512, VMULPS)
