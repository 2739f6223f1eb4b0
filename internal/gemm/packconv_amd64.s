//go:build amd64 && !gemm_gopack

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

// firstLanes is 8 lanes of ones then 8 of zeros: the 8 lanes from
// firstLanes+32-4n select the first n.
DATA firstLanes<>+0(SB)/8, $-1
DATA firstLanes<>+8(SB)/8, $-1
DATA firstLanes<>+16(SB)/8, $-1
DATA firstLanes<>+24(SB)/8, $-1
DATA firstLanes<>+32(SB)/8, $0
DATA firstLanes<>+40(SB)/8, $0
DATA firstLanes<>+48(SB)/8, $0
DATA firstLanes<>+56(SB)/8, $0
GLOBL firstLanes<>(SB), RODATA|NOPTR, $64

// Registers of both row packers: DI dst, SI x + bases[0], R11 bases, R12
// segments, R8 offs, R9 masks, R13 the masks' segment stride in bytes,
// R10 midx, CX rows left. Per row, DX is x + bases[0] + offs[r]: one
// segment (a sliver inside one sample) costs what a single mask did.
// Further segments address x + bases[g] + offs[r] and their masks anew.
#define ROWARGS \
	MOVQ dst+0(FP), DI; \
	MOVQ x+8(FP), SI; \
	MOVQ bases+16(FP), R11; \
	MOVQ (R11), AX; \
	LEAQ (SI)(AX*4), SI; \
	MOVQ segs+24(FP), R12; \
	MOVQ offs+32(FP), R8; \
	MOVQ masks+40(FP), R9; \
	MOVQ mstride+48(FP), R13; \
	SHLQ $2, R13; \
	MOVQ midx+56(FP), R10; \
	MOVQ rows+64(FP), CX

// SEGSTART sets BX to x + offs[r] and R14 to the row's first mask, for
// the segments after the first.
#define SEGSTART \
	MOVQ x+8(FP), BX; \
	MOVQ (R8), AX; \
	LEAQ (BX)(AX*4), BX; \
	MOVQ (R10), AX; \
	LEAQ (R9)(AX*4), R14; \
	MOVQ $1, R15

// func packRowsAVX2(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int)
// Width 16: two VMASKMOVPS a segment; the segments after the first are
// ORed in (their lanes are zero in the others, and OR moves the bits).
TEXT ·packRowsAVX2(SB), NOSPLIT, $0-72
	ROWARGS
	VMOVDQU laneBits<>+0(SB), Y14
	VMOVDQU laneBits<>+32(SB), Y15

avx2_row:
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
	CMPQ         R12, $1
	JNE          avx2_segs

avx2_store:
	VMOVUPS Y3, (DI)
	VMOVUPS Y4, 32(DI)
	ADDQ    $64, DI
	ADDQ    $8, R8
	ADDQ    $8, R10
	DECQ    CX
	JNZ     avx2_row
	VZEROUPPER
	RET

avx2_segs:
	SEGSTART

avx2_seg:
	ADDQ         R13, R14
	MOVQ         (R11)(R15*8), AX
	LEAQ         (BX)(AX*4), AX
	VPBROADCASTD (R14), Y0
	VPAND        Y14, Y0, Y1
	VPCMPEQD     Y14, Y1, Y1
	VPAND        Y15, Y0, Y2
	VPCMPEQD     Y15, Y2, Y2
	VMASKMOVPS   (AX), Y1, Y5
	VMASKMOVPS   32(AX), Y2, Y6
	VORPS        Y5, Y3, Y3
	VORPS        Y6, Y4, Y4
	INCQ         R15
	CMPQ         R15, R12
	JLT          avx2_seg
	JMP          avx2_store

// func packRowsAVX512(dst, x *float32, bases *int, segs int, offs *int, masks *uint32, mstride int, midx *int, rows int)
// Width 32: a row's 32-bit mask is two K registers of 16 lanes (KMOVW,
// AVX-512F); the first segment loads with zeroing, the others merge into
// the lanes of their masks. Masked-off lanes are not read.
TEXT ·packRowsAVX512(SB), NOSPLIT, $0-72
	ROWARGS

avx512_row:
	MOVQ      (R10), AX
	MOVL      (R9)(AX*4), BX
	KMOVW     BX, K1
	SHRL      $16, BX
	KMOVW     BX, K2
	MOVQ      (R8), BX
	LEAQ      (SI)(BX*4), DX
	VMOVUPS.Z (DX), K1, Z0
	VMOVUPS.Z 64(DX), K2, Z1
	CMPQ      R12, $1
	JNE       avx512_segs

avx512_store:
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	ADDQ    $128, DI
	ADDQ    $8, R8
	ADDQ    $8, R10
	DECQ    CX
	JNZ     avx512_row
	VZEROUPPER
	RET

avx512_segs:
	SEGSTART

avx512_seg:
	ADDQ    R13, R14
	MOVQ    (R11)(R15*8), AX
	LEAQ    (BX)(AX*4), AX
	MOVL    (R14), DX
	KMOVW   DX, K1
	SHRL    $16, DX
	KMOVW   DX, K2
	VMOVUPS (AX), K1, Z0
	VMOVUPS 64(AX), K2, Z1
	INCQ    R15
	CMPQ    R15, R12
	JLT     avx512_seg
	JMP     avx512_store

// LOADROW loads row r of an 8×8 block: 8 floats at x + offs[r] + 8b, the
// lanes of masks[midx[r] + b] (bits 0-7), the others zero. The mask,
// broadcast, selects lane j's bit with lane j of the vector at R14
// (laneBits, or laneBits cut to the steps of a run's last block).
#define LOADROW(r, Yr) \
	MOVQ         (r*8)(R9), AX; \
	ADDQ         R11, AX; \
	VPBROADCASTD (R10)(AX*4), Y8; \
	VPAND        (R14), Y8, Y8; \
	VPCMPEQD     laneBits<>+0(SB), Y8, Y8; \
	MOVQ         (r*8)(R8), BX; \
	ADDQ         R12, BX; \
	VMASKMOVPS   (SI)(BX*4), Y8, Yr

// func packColT8AVX2(dst *float32, dstride int, x *float32, base int, offs *int, masks *uint32, midx *int, steps, runs, xstride int)
// Blocks of 8 steps: 8 masked rows of 8 floats, transposed in registers,
// stored as 8 steps dstride floats apart; the last block of a run stores
// only the steps left and reads only their lanes. Then the next run, from
// xstride floats further in x, with the same masks. R15 counts the runs;
// the frame holds the last block's lanes.
TEXT ·packColT8AVX2(SB), NOSPLIT, $32-80
	MOVQ dst+0(FP), DI
	MOVQ dstride+8(FP), R13
	SHLQ $2, R13
	MOVQ x+16(FP), SI
	MOVQ base+24(FP), AX
	LEAQ (SI)(AX*4), SI
	MOVQ offs+32(FP), R8
	MOVQ masks+40(FP), R10
	MOVQ midx+48(FP), R9
	MOVQ runs+64(FP), R15

run:
	MOVQ steps+56(FP), DX
	XORQ R11, R11
	XORQ R12, R12
	LEAQ laneBits<>+0(SB), R14

block:
	CMPQ    DX, $8
	JGE     load
	LEAQ    firstLanes<>+32(SB), AX
	MOVQ    DX, BX
	SHLQ    $2, BX
	SUBQ    BX, AX
	VMOVDQU (AX), Y8
	VPAND   laneBits<>+0(SB), Y8, Y8
	VMOVDQU Y8, last-32(SP)
	LEAQ    last-32(SP), R14

load:
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

	CMPQ    DX, $8
	JLT     tail
	VMOVUPS Y8, (DI)
	VMOVUPS Y9, (DI)(R13*1)
	LEAQ    (DI)(R13*2), AX
	VMOVUPS Y10, (AX)
	VMOVUPS Y11, (AX)(R13*1)
	LEAQ    (AX)(R13*2), AX
	VMOVUPS Y12, (AX)
	VMOVUPS Y13, (AX)(R13*1)
	LEAQ    (AX)(R13*2), AX
	VMOVUPS Y14, (AX)
	VMOVUPS Y15, (AX)(R13*1)
	LEAQ    (DI)(R13*8), DI
	INCQ    R11
	ADDQ    $8, R12
	SUBQ    $8, DX
	JNZ     block
	JMP     next

	// The last block's steps, 1 to 7 of them; DI ends at the next step.
#define TAILSTEP(n, Yn) \
	VMOVUPS Yn, (DI); \
	ADDQ    R13, DI; \
	CMPQ    DX, $n; \
	JEQ     next

tail:
	TAILSTEP(1, Y8)
	TAILSTEP(2, Y9)
	TAILSTEP(3, Y10)
	TAILSTEP(4, Y11)
	TAILSTEP(5, Y12)
	TAILSTEP(6, Y13)
	VMOVUPS Y14, (DI)
	ADDQ    R13, DI

next:
	MOVQ xstride+72(FP), AX
	LEAQ (SI)(AX*4), SI
	DECQ R15
	JNZ  run
	VZEROUPPER
	RET
