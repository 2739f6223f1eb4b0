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
