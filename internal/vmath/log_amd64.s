//go:build !purego

#include "textflag.h"

// Eight copies of a 32-bit constant, for full-width memory operands.
#define CONST8(name, v) DATA name<>+0(SB)/4, $v; DATA name<>+4(SB)/4, $v; DATA name<>+8(SB)/4, $v; DATA name<>+12(SB)/4, $v; DATA name<>+16(SB)/4, $v; DATA name<>+20(SB)/4, $v; DATA name<>+24(SB)/4, $v; DATA name<>+28(SB)/4, $v; GLOBL name<>(SB), RODATA|NOPTR, $32

CONST8(flmin, 0x00800000)
CONST8(two23, 0x4b000000)
CONST8(m23, 0xc1b80000)
CONST8(i126, 0x0000007e)
CONST8(mantmask, 0x807fffff)
CONST8(half, 0x3f000000)
CONST8(one, 0x3f800000)
CONST8(sqrthf, 0x3f3504f3)
CONST8(lp8, 0x3d9021bb)
CONST8(lp7, 0xbdebd1b8)
CONST8(lp6, 0x3def251a)
CONST8(lp5, 0xbdfe5d4f)
CONST8(lp4, 0x3e11e9bf)
CONST8(lp3, 0xbe2aae50)
CONST8(lp2, 0x3e4cceac)
CONST8(lp1, 0xbe7ffffc)
CONST8(lp0, 0x3eaaaaaa)
CONST8(ln2lo, 0xb95e8083)
CONST8(ln2hi, 0x3f318000)
CONST8(nhalf, 0xbf000000)
CONST8(nan, 0x7fc00000)
CONST8(inf, 0x7f800000)
CONST8(neginf, 0xff800000)

// func logAVX2(dst, src *float32, n int)
// n is a positive multiple of 8. The steps of log1 in log.go, eight lanes
// at a time; NaN, negative, zero and +Inf lanes are replaced at the end.
TEXT ·logAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX

logloop:
	VMOVUPS   (SI), Y0
	VCMPPS    $1, flmin<>(SB), Y0, Y1 // x < 2^-126: a denormal (or not positive)
	VMULPS    two23<>(SB), Y0, Y2
	VBLENDVPS Y1, Y2, Y0, Y2          // denormals scaled by 2^23
	VANDPS    m23<>(SB), Y1, Y4       // -23 for them, else 0
	VPSRLD    $23, Y2, Y5
	VPSUBD    i126<>(SB), Y5, Y5
	VCVTDQ2PS Y5, Y5
	VADDPS    Y4, Y5, Y5              // e
	VANDPS    mantmask<>(SB), Y2, Y6
	VORPS     half<>(SB), Y6, Y6      // m in [0.5, 1)
	VCMPPS    $1, sqrthf<>(SB), Y6, Y7
	VANDPS    one<>(SB), Y7, Y8
	VSUBPS    Y8, Y5, Y5              // e-1 where m < √½
	VANDPS    Y6, Y7, Y8
	VADDPS    Y8, Y6, Y6              // and m doubled there
	VSUBPS    one<>(SB), Y6, Y6       // f = m - 1
	VMULPS    Y6, Y6, Y7              // z = f²
	VMOVUPS   lp8<>(SB), Y3
	VFMADD213PS lp7<>(SB), Y6, Y3
	VFMADD213PS lp6<>(SB), Y6, Y3
	VFMADD213PS lp5<>(SB), Y6, Y3
	VFMADD213PS lp4<>(SB), Y6, Y3
	VFMADD213PS lp3<>(SB), Y6, Y3
	VFMADD213PS lp2<>(SB), Y6, Y3
	VFMADD213PS lp1<>(SB), Y6, Y3
	VFMADD213PS lp0<>(SB), Y6, Y3
	VMULPS    Y6, Y3, Y3
	VMULPS    Y7, Y3, Y3              // y = p·f·z
	VFMADD231PS ln2lo<>(SB), Y5, Y3   // + e·ln2Lo
	VFMADD231PS nhalf<>(SB), Y7, Y3   // - z/2
	VADDPS    Y6, Y3, Y3              // + f
	VFMADD231PS ln2hi<>(SB), Y5, Y3   // + e·ln2Hi
	VXORPS    Y8, Y8, Y8
	VCMPPS    $0x19, Y8, Y0, Y9       // !(x >= 0): NaN or negative
	VBLENDVPS Y9, nan<>(SB), Y3, Y3
	VCMPPS    $0, Y8, Y0, Y9          // ±0
	VBLENDVPS Y9, neginf<>(SB), Y3, Y3
	VCMPPS    $0, inf<>(SB), Y0, Y9   // +Inf
	VBLENDVPS Y9, inf<>(SB), Y3, Y3
	VMOVUPS   Y3, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	DECQ      CX
	JNZ       logloop
	VZEROUPPER
	RET
