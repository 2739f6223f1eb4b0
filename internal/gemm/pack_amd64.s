//go:build amd64 && !(openblas && cgo)

#include "textflag.h"

// The AVX-512 packers copy one sliver of A or B into the kernels' layout:
// steps rows of width floats in dst, each holding lanes values read from
// src (the rest zero). Masks: K1/K2 select the lanes read, K3/K4 the width
// written, in the low and high 16 floats of a step.

// func packContigAVX512(dst, src *float32, steps, stride, lanes, width int)
// Step q reads lanes contiguous floats at src + q*stride.
TEXT ·packContigAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ steps+16(FP), BX
	MOVQ stride+24(FP), DX
	SHLQ $2, DX
	MOVQ lanes+32(FP), CX
	MOVQ $1, R10
	SHLQ CX, R10
	DECQ R10
	MOVQ R10, R11
	SHRQ $16, R11
	KMOVW R10, K1
	KMOVW R11, K2
	MOVQ width+40(FP), CX
	MOVQ $1, R12
	SHLQ CX, R12
	DECQ R12
	MOVQ R12, R13
	SHRQ $16, R13
	KMOVW R12, K3
	KMOVW R13, K4
	MOVQ width+40(FP), R8
	SHLQ $2, R8
	TESTQ BX, BX
	JZ contig_done
contig_loop:
	VMOVUPS.Z (SI), K1, Z0
	VMOVUPS.Z 64(SI), K2, Z1
	VMOVUPS Z0, K3, (DI)
	VMOVUPS Z1, K4, 64(DI)
	ADDQ DX, SI
	ADDQ R8, DI
	DECQ BX
	JNZ contig_loop
contig_done:
	VZEROUPPER
	RET

// func packStridedAVX512(dst, src *float32, steps int, idx *int32, lanes, width int)
// Step q gathers lanes floats at src + q + idx[i] (in floats).
TEXT ·packStridedAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ steps+16(FP), BX
	MOVQ idx+24(FP), AX
	VMOVDQU32 (AX), Z2
	VMOVDQU32 64(AX), Z3
	MOVQ lanes+32(FP), CX
	MOVQ $1, R10
	SHLQ CX, R10
	DECQ R10
	MOVQ R10, R11
	SHRQ $16, R11
	KMOVW R10, K1
	KMOVW R11, K2
	MOVQ width+40(FP), CX
	MOVQ $1, R12
	SHLQ CX, R12
	DECQ R12
	MOVQ R12, R13
	SHRQ $16, R13
	KMOVW R12, K3
	KMOVW R13, K4
	MOVQ width+40(FP), R8
	SHLQ $2, R8
	TESTQ BX, BX
	JZ strided_done
	CMPQ lanes+32(FP), $16
	JG strided_two
strided_one:
	VXORPS Z0, Z0, Z0
	KMOVW R10, K5
	VGATHERDPS (SI)(Z2*4), K5, Z0
	VXORPS Z1, Z1, Z1
	VMOVUPS Z0, K3, (DI)
	VMOVUPS Z1, K4, 64(DI)
	ADDQ $4, SI
	ADDQ R8, DI
	DECQ BX
	JNZ strided_one
	JMP strided_done
strided_two:
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	KMOVW R10, K5
	KMOVW R11, K6
	VGATHERDPS (SI)(Z2*4), K5, Z0
	VGATHERDPS (SI)(Z3*4), K6, Z1
	VMOVUPS Z0, K3, (DI)
	VMOVUPS Z1, K4, 64(DI)
	ADDQ $4, SI
	ADDQ R8, DI
	DECQ BX
	JNZ strided_two
strided_done:
	VZEROUPPER
	RET

// laneMask is sixteen all-ones lanes then sixteen zero lanes: the eight
// lanes at byte 4*(16-r) are an AVX2 mask for the first r lanes of sixteen
// (low register), and those at 4*(24-r) for the high register.
DATA laneMask<>+0(SB)/8, $-1
DATA laneMask<>+8(SB)/8, $-1
DATA laneMask<>+16(SB)/8, $-1
DATA laneMask<>+24(SB)/8, $-1
DATA laneMask<>+32(SB)/8, $-1
DATA laneMask<>+40(SB)/8, $-1
DATA laneMask<>+48(SB)/8, $-1
DATA laneMask<>+56(SB)/8, $-1
DATA laneMask<>+64(SB)/8, $0
DATA laneMask<>+72(SB)/8, $0
DATA laneMask<>+80(SB)/8, $0
DATA laneMask<>+88(SB)/8, $0
DATA laneMask<>+96(SB)/8, $0
DATA laneMask<>+104(SB)/8, $0
DATA laneMask<>+112(SB)/8, $0
DATA laneMask<>+120(SB)/8, $0
GLOBL laneMask<>(SB), RODATA|NOPTR, $128

// The AVX2 packers do what the AVX-512 ones do for slivers up to sixteen
// floats wide, with vector masks: Y12/Y13 select the lanes read, Y14/Y15
// the width written.

// func packContigAVX2(dst, src *float32, steps, stride, lanes, width int)
TEXT ·packContigAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ steps+16(FP), BX
	MOVQ stride+24(FP), DX
	SHLQ $2, DX
	LEAQ laneMask<>(SB), AX
	MOVQ lanes+32(FP), CX
	NEGQ CX
	VMOVDQU 64(AX)(CX*4), Y12
	VMOVDQU 96(AX)(CX*4), Y13
	MOVQ width+40(FP), CX
	NEGQ CX
	VMOVDQU 64(AX)(CX*4), Y14
	VMOVDQU 96(AX)(CX*4), Y15
	MOVQ width+40(FP), R8
	SHLQ $2, R8
	TESTQ BX, BX
	JZ contig2_done
contig2_loop:
	VMASKMOVPS (SI), Y12, Y0
	VMASKMOVPS 32(SI), Y13, Y1
	VMASKMOVPS Y0, Y14, (DI)
	VMASKMOVPS Y1, Y15, 32(DI)
	ADDQ DX, SI
	ADDQ R8, DI
	DECQ BX
	JNZ contig2_loop
contig2_done:
	VZEROUPPER
	RET

// func packStridedAVX2(dst, src *float32, steps int, idx *int32, lanes, width int)
TEXT ·packStridedAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ steps+16(FP), BX
	MOVQ idx+24(FP), DX
	VMOVDQU (DX), Y10
	VMOVDQU 32(DX), Y11
	LEAQ laneMask<>(SB), AX
	MOVQ lanes+32(FP), CX
	NEGQ CX
	VMOVDQU 64(AX)(CX*4), Y12
	VMOVDQU 96(AX)(CX*4), Y13
	MOVQ width+40(FP), CX
	NEGQ CX
	VMOVDQU 64(AX)(CX*4), Y14
	VMOVDQU 96(AX)(CX*4), Y15
	MOVQ width+40(FP), R8
	SHLQ $2, R8
	TESTQ BX, BX
	JZ strided2_done
strided2_loop:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VMOVDQU Y12, Y2
	VMOVDQU Y13, Y3
	VGATHERDPS Y2, (SI)(Y10*4), Y0
	VGATHERDPS Y3, (SI)(Y11*4), Y1
	VMASKMOVPS Y0, Y14, (DI)
	VMASKMOVPS Y1, Y15, 32(DI)
	ADDQ $4, SI
	ADDQ R8, DI
	DECQ BX
	JNZ strided2_loop
strided2_done:
	VZEROUPPER
	RET
