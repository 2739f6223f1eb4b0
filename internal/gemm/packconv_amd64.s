#include "textflag.h"

// laneBits holds 1<<l in lane l of 16 int32 lanes: a row's 16-bit mask,
// broadcast and compared with it, becomes the two vector masks of
// VMASKMOVPS, which reads only the lanes it selects (no fault past the
// plane) and zeroes the others.
DATA laneBits<>+0(SB)/4, $0x1
DATA laneBits<>+4(SB)/4, $0x2
DATA laneBits<>+8(SB)/4, $0x4
DATA laneBits<>+12(SB)/4, $0x8
DATA laneBits<>+16(SB)/4, $0x10
DATA laneBits<>+20(SB)/4, $0x20
DATA laneBits<>+24(SB)/4, $0x40
DATA laneBits<>+28(SB)/4, $0x80
DATA laneBits<>+32(SB)/4, $0x100
DATA laneBits<>+36(SB)/4, $0x200
DATA laneBits<>+40(SB)/4, $0x400
DATA laneBits<>+44(SB)/4, $0x800
DATA laneBits<>+48(SB)/4, $0x1000
DATA laneBits<>+52(SB)/4, $0x2000
DATA laneBits<>+56(SB)/4, $0x4000
DATA laneBits<>+60(SB)/4, $0x8000
GLOBL laneBits<>(SB), RODATA|NOPTR, $64

// func packRowsAVX2(dst, x *float32, base int, offs *int, masks *uint32, midx *int, rows int)
TEXT ·packRowsAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ base+16(FP), AX
	LEAQ (SI)(AX*4), SI
	MOVQ offs+24(FP), R8
	MOVQ masks+32(FP), R9
	MOVQ midx+40(FP), R10
	MOVQ rows+48(FP), CX
	VMOVDQU laneBits<>+0(SB), Y14
	VMOVDQU laneBits<>+32(SB), Y15

loop:
	MOVQ         (R10), AX
	VPBROADCASTD (R9)(AX*4), Y0
	VPAND        Y14, Y0, Y1
	VPCMPEQD     Y14, Y1, Y1
	VPAND        Y15, Y0, Y2
	VPCMPEQD     Y15, Y2, Y2
	MOVQ         (R8), BX
	LEAQ         (SI)(BX*4), DX
	VMASKMOVPS   (DX), Y1, Y3
	VMASKMOVPS   32(DX), Y2, Y4
	VMOVUPS      Y3, (DI)
	VMOVUPS      Y4, 32(DI)
	ADDQ         $64, DI
	ADDQ         $8, R8
	ADDQ         $8, R10
	DECQ         CX
	JNZ          loop
	VZEROUPPER
	RET

// LOADROW loads row r of an 8×8 block: 8 floats at x + offs[r] + 8v,
// the lanes of masks[midx[r] + v] (bits 0-7), the others zero.
#define LOADROW(r, Yr) \
	MOVQ         (r*8)(R9), AX; \
	ADDQ         R11, AX; \
	VPBROADCASTD (R10)(AX*4), Y8; \
	VPAND        laneBits<>+0(SB), Y8, Y8; \
	VPCMPEQD     laneBits<>+0(SB), Y8, Y8; \
	MOVQ         (r*8)(R8), BX; \
	ADDQ         R12, BX; \
	VMASKMOVPS   (SI)(BX*4), Y8, Yr

// func packColT8AVX2(dst, x *float32, base int, offs, midx *int, masks *uint32, v0, blocks int)
TEXT ·packColT8AVX2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ base+16(FP), AX
	LEAQ (SI)(AX*4), SI
	MOVQ offs+24(FP), R8
	MOVQ midx+32(FP), R9
	MOVQ masks+40(FP), R10
	MOVQ v0+48(FP), R11
	MOVQ R11, R12
	SHLQ $3, R12
	MOVQ blocks+56(FP), CX

block:
	LOADROW(0, Y0)
	LOADROW(1, Y1)
	LOADROW(2, Y2)
	LOADROW(3, Y3)
	LOADROW(4, Y4)
	LOADROW(5, Y5)
	LOADROW(6, Y6)
	LOADROW(7, Y7)

	// Transpose: step j of the block gets lane j of every row.
	VUNPCKLPS  Y1, Y0, Y8
	VUNPCKHPS  Y1, Y0, Y9
	VUNPCKLPS  Y3, Y2, Y10
	VUNPCKHPS  Y3, Y2, Y11
	VUNPCKLPS  Y5, Y4, Y12
	VUNPCKHPS  Y5, Y4, Y13
	VUNPCKLPS  Y7, Y6, Y14
	VUNPCKHPS  Y7, Y6, Y15
	VSHUFPS    $0x44, Y10, Y8, Y0
	VSHUFPS    $0xEE, Y10, Y8, Y1
	VSHUFPS    $0x44, Y11, Y9, Y2
	VSHUFPS    $0xEE, Y11, Y9, Y3
	VSHUFPS    $0x44, Y14, Y12, Y4
	VSHUFPS    $0xEE, Y14, Y12, Y5
	VSHUFPS    $0x44, Y15, Y13, Y6
	VSHUFPS    $0xEE, Y15, Y13, Y7
	VPERM2F128 $0x20, Y4, Y0, Y8
	VPERM2F128 $0x20, Y5, Y1, Y9
	VPERM2F128 $0x20, Y6, Y2, Y10
	VPERM2F128 $0x20, Y7, Y3, Y11
	VPERM2F128 $0x31, Y4, Y0, Y12
	VPERM2F128 $0x31, Y5, Y1, Y13
	VPERM2F128 $0x31, Y6, Y2, Y14
	VPERM2F128 $0x31, Y7, Y3, Y15
	VMOVUPS    Y8, 0(DI)
	VMOVUPS    Y9, 64(DI)
	VMOVUPS    Y10, 128(DI)
	VMOVUPS    Y11, 192(DI)
	VMOVUPS    Y12, 256(DI)
	VMOVUPS    Y13, 320(DI)
	VMOVUPS    Y14, 384(DI)
	VMOVUPS    Y15, 448(DI)

	ADDQ $512, DI
	INCQ R11
	ADDQ $8, R12
	DECQ CX
	JNZ  block
	VZEROUPPER
	RET
