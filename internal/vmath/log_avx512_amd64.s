//go:build !purego

#include "textflag.h"

// logAVX512 is log_amd64.s's logAVX2 on sixteen lanes, two blocks a step:
// the same arithmetic in the same order. Where the AVX2 kernel blends
// or adds a value masked to +0 (the denormals' scale and their -23, the
// e-1 and 2m where m < √½), this one applies the operation only in the
// mask's lanes: adding or subtracting +0 leaves e and m as they are (e is
// an integer-valued float that is never -0). NaN, negative, zero and +Inf
// lanes are replaced at the end as there.

#define CONST4(name, v) DATA name<>+0(SB)/4, $v; GLOBL name<>(SB), RODATA|NOPTR, $4

CONST4(flmin, 0x00800000)
CONST4(two23, 0x4b000000)
CONST4(m23, 0xc1b80000)
CONST4(i126, 0x0000007e)
CONST4(mantmask, 0x807fffff)
CONST4(half, 0x3f000000)
CONST4(one, 0x3f800000)
CONST4(sqrthf, 0x3f3504f3)
CONST4(lp8, 0x3d9021bb)
CONST4(lp7, 0xbdebd1b8)
CONST4(lp6, 0x3def251a)
CONST4(lp5, 0xbdfe5d4f)
CONST4(lp4, 0x3e11e9bf)
CONST4(lp3, 0xbe2aae50)
CONST4(lp2, 0x3e4cceac)
CONST4(lp1, 0xbe7ffffc)
CONST4(lp0, 0x3eaaaaaa)
CONST4(ln2lo, 0xb95e8083)
CONST4(ln2hi, 0x3f318000)
CONST4(nhalf, 0xbf000000)
CONST4(nan, 0x7fc00000)
CONST4(inf, 0x7f800000)
CONST4(neginf, 0xff800000)

// ZLOGA..ZLOGC: Y = ln X for one block; E, M, Z hold e, m then f, and z;
// K and L are mask registers. Z16 2^-126, Z17 2^23, Z18 -23, Z19 the
// mantissa mask, Z20 0.5, Z21 1, Z22 √½, Z23 to Z31 lp8 to lp0, Z12
// ln2Lo, Z13 ln2Hi, Z14 -0.5, Z15 0.
#define ZLOGA(X, E, M, K, L) \
	VCMPPS      $1, Z16, X, K; \
	VMOVAPS     X, M; \
	VMULPS      Z17, X, K, M; \
	VPSRLD      $23, M, E; \
	VPSUBD.BCST i126<>(SB), E, E; \
	VCVTDQ2PS   E, E; \
	VADDPS      Z18, E, K, E; \
	VPANDD      Z19, M, M; \
	VPORD       Z20, M, M; \
	VCMPPS      $1, Z22, M, L; \
	VSUBPS      Z21, E, L, E; \
	VADDPS      M, M, L, M; \
	VSUBPS      Z21, M, M

#define ZLOGB(M, Y, Z) \
	VMULPS      M, M, Z; \
	VMOVAPS     Z23, Y; \
	VFMADD213PS Z24, M, Y; \
	VFMADD213PS Z25, M, Y; \
	VFMADD213PS Z26, M, Y; \
	VFMADD213PS Z27, M, Y; \
	VFMADD213PS Z28, M, Y; \
	VFMADD213PS Z29, M, Y; \
	VFMADD213PS Z30, M, Y; \
	VFMADD213PS Z31, M, Y

#define ZLOGC(X, E, M, Y, Z, K) \
	VMULPS       M, Y, Y; \
	VMULPS       Z, Y, Y; \
	VFMADD231PS  Z12, E, Y; \
	VFMADD231PS  Z14, Z, Y; \
	VADDPS       M, Y, Y; \
	VFMADD231PS  Z13, E, Y; \
	VCMPPS       $0x19, Z15, X, K; \
	VBROADCASTSS nan<>(SB), K, Y; \
	VCMPPS       $0, Z15, X, K; \
	VBROADCASTSS neginf<>(SB), K, Y; \
	VCMPPS.BCST  $0, inf<>(SB), X, K; \
	VBROADCASTSS inf<>(SB), K, Y

// ZLOGPAIR: Z3 = ln Z0 and Z8 = ln Z5; it uses Z0 to Z11, K3 to K6.
#define ZLOGPAIR \
	ZLOGA(Z0, Z1, Z2, K3, K4); \
	ZLOGA(Z5, Z6, Z7, K5, K6); \
	ZLOGB(Z2, Z3, Z4); \
	ZLOGB(Z7, Z8, Z9); \
	ZLOGC(Z0, Z1, Z2, Z3, Z4, K3); \
	ZLOGC(Z5, Z6, Z7, Z8, Z9, K5)

// func logAVX512(dst, src *float32, n int)
// n is any count from 1; the last 1 to 31 elements are masked.
TEXT ·logAVX512(SB), NOSPLIT, $0-24
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS flmin<>(SB), Z16
	VBROADCASTSS two23<>(SB), Z17
	VBROADCASTSS m23<>(SB), Z18
	VBROADCASTSS mantmask<>(SB), Z19
	VBROADCASTSS half<>(SB), Z20
	VBROADCASTSS one<>(SB), Z21
	VBROADCASTSS sqrthf<>(SB), Z22
	VBROADCASTSS lp8<>(SB), Z23
	VBROADCASTSS lp7<>(SB), Z24
	VBROADCASTSS lp6<>(SB), Z25
	VBROADCASTSS lp5<>(SB), Z26
	VBROADCASTSS lp4<>(SB), Z27
	VBROADCASTSS lp3<>(SB), Z28
	VBROADCASTSS lp2<>(SB), Z29
	VBROADCASTSS lp1<>(SB), Z30
	VBROADCASTSS lp0<>(SB), Z31
	VBROADCASTSS ln2lo<>(SB), Z12
	VBROADCASTSS ln2hi<>(SB), Z13
	VBROADCASTSS nhalf<>(SB), Z14
	VPXORD       Z15, Z15, Z15
	SUBQ         $32, CX
	JLT          logtail

logloop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z5
	ZLOGPAIR
	VMOVUPS Z3, (DI)
	VMOVUPS Z8, 64(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	JGE     logloop

logtail:
	ADDQ      $32, CX
	JZ        logdone
	MOVL      $1, AX
	SHLL      CX, AX
	DECL      AX
	KMOVW     AX, K1
	SHRL      $16, AX
	KMOVW     AX, K2
	VMOVUPS.Z (SI), K1, Z0
	VMOVUPS.Z 64(SI), K2, Z5
	ZLOGPAIR
	VMOVUPS   Z3, K1, (DI)
	VMOVUPS   Z8, K2, 64(DI)

logdone:
	VZEROUPPER
	RET
