//go:build !purego

#include "textflag.h"

// The AVX-512 versions of vmath_amd64.s's GELU kernels: the same steps
// (oneDNN's gelu_erf, PyTorch 1.13's bits; see gelu.go) on sixteen lanes,
// in the same order with the same operands, with one change that gives
// the same values: e^C = P(r)·2^n is one VSCALEFPS instead of a multiply
// by 2^n built in the exponent field. n = ⌊C·log2 e + 1/2⌋ is in
// [-126, 0] for the clamped C in [ln(FLT_MIN), 0], so 2^n is a normal
// number and both round P(r)·2^n once. In the gradient the lanes below
// ln(FLT_MIN) are zeroed by the mask (the AVX2 kernel multiplies P(r) by
// a 2^n masked to +0, which gives +0). n is any count from 1; the last 1
// to 31 elements go through masked loads and stores.

#define CONST4(name, v) DATA name<>+0(SB)/4, $v; GLOBL name<>(SB), RODATA|NOPTR, $4

CONST4(one, 0x3f800000)
CONST4(half, 0x3f000000)
CONST4(signmask, 0x80000000)
CONST4(absmask, 0x7fffffff)
CONST4(asp, 0x3ea7ba05)
CONST4(asa1, 0x3e827906)
CONST4(asa2, 0xbe91a98e)
CONST4(asa3, 0x3fb5f0e3)
CONST4(asa4, 0xbfba00e3)
CONST4(asa5, 0x3f87dc22)
CONST4(rsqrt2, 0x3f3504f3)
CONST4(rsqrtpi, 0x3f106eba)
CONST4(dlog2e, 0x3fb8aa3b)
CONST4(dln2, 0x3f317218)
CONST4(dlnmin, 0xc2aeac50)
CONST4(dp1, 0x3f7ffffb)
CONST4(dp2, 0x3efffee3)
CONST4(dp3, 0x3e2aad40)
CONST4(dp4, 0x3d2b9d0d)
CONST4(dp5, 0x3c07cfce)

// GCONSTS: Z16 1, Z17 0.5, Z18 the sign mask, Z19 the magnitude mask,
// Z20 ln(FLT_MIN), Z21 1/√2, Z22 log2 e, Z23 ln 2, Z24 to Z28 dp5 to
// dp1, Z29 p, Z30 a5, Z31 a4, Z12 a3, Z13 a2, Z14 a1, Z15 1/√π.
#define GCONSTS \
	VBROADCASTSS one<>(SB), Z16; \
	VBROADCASTSS half<>(SB), Z17; \
	VBROADCASTSS signmask<>(SB), Z18; \
	VBROADCASTSS absmask<>(SB), Z19; \
	VBROADCASTSS dlnmin<>(SB), Z20; \
	VBROADCASTSS rsqrt2<>(SB), Z21; \
	VBROADCASTSS dlog2e<>(SB), Z22; \
	VBROADCASTSS dln2<>(SB), Z23; \
	VBROADCASTSS dp5<>(SB), Z24; \
	VBROADCASTSS dp4<>(SB), Z25; \
	VBROADCASTSS dp3<>(SB), Z26; \
	VBROADCASTSS dp2<>(SB), Z27; \
	VBROADCASTSS dp1<>(SB), Z28; \
	VBROADCASTSS asp<>(SB), Z29; \
	VBROADCASTSS asa5<>(SB), Z30; \
	VBROADCASTSS asa4<>(SB), Z31; \
	VBROADCASTSS asa3<>(SB), Z12; \
	VBROADCASTSS asa2<>(SB), Z13; \
	VBROADCASTSS asa1<>(SB), Z14; \
	VBROADCASTSS rsqrtpi<>(SB), Z15

// TAILMASKS sets K1 and K2 to the first CX lanes (1 to 31) of two blocks
// of sixteen; it uses AX.
#define TAILMASKS \
	MOVL  $1, AX; \
	SHLL  CX, AX; \
	DECL  AX; \
	KMOVW AX, K1; \
	SHRL  $16, AX; \
	KMOVW AX, K2

// ZGZ..ZGGRAD are vmath_amd64.s's GZ..GGRAD on ZMM registers.
#define ZGZ(A, B, C) \
	VMULPS Z21, A, B; \
	VMULPS B, B, C; \
	VPXORD Z18, C, C

#define ZGEXP1(C, D, E) \
	VMAXPS      Z20, C, C; \
	VMULPS      Z22, C, E; \
	VADDPS      Z17, E, E; \
	VRNDSCALEPS $1, E, E

// ZGEXP1M is ZGEXP1 that first sets K to the lanes of C not below
// ln(FLT_MIN) (NaN among them, as GEXP1M's mask leaves them).
#define ZGEXP1M(C, D, E, K) \
	VCMPPS $5, Z20, C, K; \
	ZGEXP1(C, D, E)

#define ZGEXP2(C, D, E) \
	VFNMADD231PS Z23, E, C; \
	VMOVAPS      Z24, D; \
	VFMADD213PS  Z25, C, D

#define ZGEXP3P(C, D) \
	VFMADD213PS Z26, C, D; \
	VFMADD213PS Z27, C, D; \
	VFMADD213PS Z28, C, D; \
	VFMADD213PS Z16, C, D

#define ZGEXP3(C, D, E) \
	ZGEXP3P(C, D); \
	VSCALEFPS E, D, D

#define ZGEXP3M(C, D, E, K) \
	ZGEXP3P(C, D); \
	VSCALEFPS.Z E, D, K, D

#define ZGT(B, C) \
	VPANDD      Z19, B, B; \
	VMOVAPS     Z29, C; \
	VFMADD213PS Z16, B, C; \
	VDIVPS      C, Z16, B

#define ZGERF1(B, C, D) \
	VMULPS      B, D, D; \
	VMOVAPS     Z30, C; \
	VFMADD213PS Z31, B, C; \
	VFMADD213PS Z12, B, C

#define ZGERF2(B, C, D) \
	VFMADD213PS  Z13, B, C; \
	VFMADD213PS  Z14, B, C; \
	VFNMADD213PS Z16, C, D

#define ZGOUT(A, C, D) \
	VPANDD      Z19, A, C; \
	VFMADD213PS A, C, D

#define ZGTE(A, B, D, E) \
	VMULPS Z15, B, A; \
	VMULPS D, A, A; \
	VPANDD Z18, B, E

#define ZGGRAD(A, D, E) \
	VPXORD      E, D, D; \
	VADDPS      Z17, A, A; \
	VFMADD231PS Z17, D, A

// ZGELUPAIR runs GELU on two blocks, x in Z0 and Z5, results in Z3 and
// Z8.
#define ZGELUPAIR \
	ZGZ(Z0, Z1, Z2); \
	ZGZ(Z5, Z6, Z7); \
	VMULPS Z17, Z0, Z0; \
	VMULPS Z17, Z5, Z5; \
	ZGEXP1(Z2, Z3, Z4); \
	ZGEXP1(Z7, Z8, Z9); \
	ZGEXP2(Z2, Z3, Z4); \
	ZGEXP2(Z7, Z8, Z9); \
	ZGEXP3(Z2, Z3, Z4); \
	ZGEXP3(Z7, Z8, Z9); \
	ZGT(Z1, Z2); \
	ZGT(Z6, Z7); \
	ZGERF1(Z1, Z2, Z3); \
	ZGERF1(Z6, Z7, Z8); \
	ZGERF2(Z1, Z2, Z3); \
	ZGERF2(Z6, Z7, Z8); \
	ZGOUT(Z0, Z2, Z3); \
	ZGOUT(Z5, Z7, Z8)

// func geluAVX512(dst, src *float32, n int)
TEXT ·geluAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	GCONSTS
	SUBQ $32, CX
	JLT  gelutail

geluloop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z5
	ZGELUPAIR
	VMOVUPS Z3, (DI)
	VMOVUPS Z8, 64(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     geluloop

gelutail:
	ADDQ $32, CX
	JZ   geludone
	TAILMASKS
	VMOVUPS.Z (SI), K1, Z0
	VMOVUPS.Z 64(SI), K2, Z5
	ZGELUPAIR
	VMOVUPS Z3, K1, (DI)
	VMOVUPS Z8, K2, 64(DI)

geludone:
	VZEROUPPER
	RET

// ZGRADPAIR runs the gradient on two blocks, x in Z0 and Z5, results
// (before the upstream gradient) in Z0 and Z5. It uses K3 and K4.
#define ZGRADPAIR \
	ZGZ(Z0, Z1, Z2); \
	ZGZ(Z5, Z6, Z7); \
	ZGEXP1M(Z2, Z3, Z4, K3); \
	ZGEXP1M(Z7, Z8, Z9, K4); \
	ZGEXP2(Z2, Z3, Z4); \
	ZGEXP2(Z7, Z8, Z9); \
	ZGEXP3M(Z2, Z3, Z4, K3); \
	ZGEXP3M(Z7, Z8, Z9, K4); \
	ZGTE(Z0, Z1, Z3, Z4); \
	ZGTE(Z5, Z6, Z8, Z9); \
	ZGT(Z1, Z2); \
	ZGT(Z6, Z7); \
	ZGERF1(Z1, Z2, Z3); \
	ZGERF1(Z6, Z7, Z8); \
	ZGERF2(Z1, Z2, Z3); \
	ZGERF2(Z6, Z7, Z8); \
	ZGGRAD(Z0, Z3, Z4); \
	ZGGRAD(Z5, Z8, Z9)

// func geluBackwardAVX512(dst, x, grad *float32, n int)
TEXT ·geluBackwardAVX512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ grad+16(FP), DX
	MOVQ n+24(FP), CX
	GCONSTS
	SUBQ $32, CX
	JLT  gelubtail

gelubloop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z5
	ZGRADPAIR
	VMULPS  (DX), Z0, Z0
	VMULPS  64(DX), Z5, Z5
	VMOVUPS Z0, (DI)
	VMOVUPS Z5, 64(DI)
	ADDQ    $128, SI
	ADDQ    $128, DX
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     gelubloop

gelubtail:
	ADDQ $32, CX
	JZ   gelubdone
	TAILMASKS
	VMOVUPS.Z (SI), K1, Z0
	VMOVUPS.Z 64(SI), K2, Z5
	VMOVUPS.Z (DX), K1, Z10
	VMOVUPS.Z 64(DX), K2, Z11
	ZGRADPAIR
	VMULPS  Z10, Z0, Z0
	VMULPS  Z11, Z5, Z5
	VMOVUPS Z0, K1, (DI)
	VMOVUPS Z5, K2, 64(DI)

gelubdone:
	VZEROUPPER
	RET
