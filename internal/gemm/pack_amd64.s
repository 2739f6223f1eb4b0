//go:build amd64

#include "textflag.h"

// Written by hand, unlike kernel_amd64.s: the micro-kernels are generated
// because they are one loop written out for every row of a register tile
// whose shape is a parameter (gen_kernels.go). The packers have no such
// parameter: each is one loop over the steps, with the lanes and width it
// copies given at run time, so a generator would be longer than what it
// writes. Close to 800 lines because there are four of them (contiguous
// and transposing reads, for AVX2 and AVX-512), each with a loop for full
// steps and one for the last.

// The packers copy one sliver of A or B into the kernels' layout: steps
// rows of width floats in dst, each holding lanes values read from src (the
// rest zero). In the AVX-512 ones, K1/K2 select the lanes read and K3/K4
// the width written, in the low and high 16 floats of a step.

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
// floats wide, with vector masks: in packContigAVX2, Y12/Y13 select the
// lanes read, Y14/Y15 the width written.

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
	// A full-width step is stored without masks: AMD's masked stores are
	// microcoded, several times slower than the copy itself.
	CMPQ R8, $64
	JEQ contig2_full
	CMPQ R8, $24
	JEQ contig2_six
contig2_loop:
	VMASKMOVPS (SI), Y12, Y0
	VMASKMOVPS 32(SI), Y13, Y1
	VMASKMOVPS Y0, Y14, (DI)
	VMASKMOVPS Y1, Y15, 32(DI)
	ADDQ DX, SI
	ADDQ R8, DI
	DECQ BX
	JNZ contig2_loop
	JMP contig2_done
contig2_full:
	VMASKMOVPS (SI), Y12, Y0
	VMASKMOVPS 32(SI), Y13, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ DX, SI
	ADDQ R8, DI
	DECQ BX
	JNZ contig2_full
	JMP contig2_done
	// Six floats (the AVX2 kernel's rows): four, then two.
contig2_six:
	VMASKMOVPS (SI), Y12, Y0
	VMOVUPS X0, (DI)
	VEXTRACTF128 $1, Y0, X1
	VMOVLPS X1, 16(DI)
	ADDQ DX, SI
	ADDQ R8, DI
	DECQ BX
	JNZ contig2_six
contig2_done:
	VZEROUPPER
	RET

// func packTransAVX512(dst, src *float32, steps, lda, rows, width, dstStride int)
// Packs rows stored along k (an untransposed A, a transposed B): step q,
// at dst + q*dstStride, holds src[r*lda+q] for the rows r < rows (1 to
// 16), zeros up to width (at most 16). Sixteen steps
// at a time it loads sixteen floats of each row and transposes them in
// registers (unpack by 32 and 64 bits, then shuffle 128-bit blocks twice),
// which reads memory in order instead of gathering.
TEXT ·packTransAVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ steps+16(FP), BX
	MOVQ lda+24(FP), DX
	SHLQ $2, DX
	MOVQ rows+32(FP), R9
	MOVQ width+40(FP), CX
	MOVQ $1, R12
	SHLQ CX, R12
	DECQ R12
	KMOVW R12, K3
	MOVQ dstStride+48(FP), R8
	SHLQ $2, R8
	CMPQ BX, $16
	JLT trans_tail
trans_loop:
	MOVQ SI, R10
	VMOVUPS (R10), Z0
	CMPQ R9, $2
	JLT trans_full_fill1
	ADDQ DX, R10
	VMOVUPS (R10), Z1
	CMPQ R9, $3
	JLT trans_full_fill2
	ADDQ DX, R10
	VMOVUPS (R10), Z2
	CMPQ R9, $4
	JLT trans_full_fill3
	ADDQ DX, R10
	VMOVUPS (R10), Z3
	CMPQ R9, $5
	JLT trans_full_fill4
	ADDQ DX, R10
	VMOVUPS (R10), Z4
	CMPQ R9, $6
	JLT trans_full_fill5
	ADDQ DX, R10
	VMOVUPS (R10), Z5
	CMPQ R9, $7
	JLT trans_full_fill6
	ADDQ DX, R10
	VMOVUPS (R10), Z6
	CMPQ R9, $8
	JLT trans_full_fill7
	ADDQ DX, R10
	VMOVUPS (R10), Z7
	CMPQ R9, $9
	JLT trans_full_fill8
	ADDQ DX, R10
	VMOVUPS (R10), Z8
	CMPQ R9, $10
	JLT trans_full_fill9
	ADDQ DX, R10
	VMOVUPS (R10), Z9
	CMPQ R9, $11
	JLT trans_full_fill10
	ADDQ DX, R10
	VMOVUPS (R10), Z10
	CMPQ R9, $12
	JLT trans_full_fill11
	ADDQ DX, R10
	VMOVUPS (R10), Z11
	CMPQ R9, $13
	JLT trans_full_fill12
	ADDQ DX, R10
	VMOVUPS (R10), Z12
	CMPQ R9, $14
	JLT trans_full_fill13
	ADDQ DX, R10
	VMOVUPS (R10), Z13
	CMPQ R9, $15
	JLT trans_full_fill14
	ADDQ DX, R10
	VMOVUPS (R10), Z14
	CMPQ R9, $16
	JLT trans_full_fill15
	ADDQ DX, R10
	VMOVUPS (R10), Z15
	JMP trans_full_transpose
trans_full_fill1:
	VXORPS Z1, Z1, Z1
trans_full_fill2:
	VXORPS Z2, Z2, Z2
trans_full_fill3:
	VXORPS Z3, Z3, Z3
trans_full_fill4:
	VXORPS Z4, Z4, Z4
trans_full_fill5:
	VXORPS Z5, Z5, Z5
trans_full_fill6:
	VXORPS Z6, Z6, Z6
trans_full_fill7:
	VXORPS Z7, Z7, Z7
trans_full_fill8:
	VXORPS Z8, Z8, Z8
trans_full_fill9:
	VXORPS Z9, Z9, Z9
trans_full_fill10:
	VXORPS Z10, Z10, Z10
trans_full_fill11:
	VXORPS Z11, Z11, Z11
trans_full_fill12:
	VXORPS Z12, Z12, Z12
trans_full_fill13:
	VXORPS Z13, Z13, Z13
trans_full_fill14:
	VXORPS Z14, Z14, Z14
trans_full_fill15:
	VXORPS Z15, Z15, Z15
trans_full_transpose:
	VUNPCKLPS Z1, Z0, Z16
	VUNPCKHPS Z1, Z0, Z17
	VUNPCKLPS Z3, Z2, Z18
	VUNPCKHPS Z3, Z2, Z19
	VUNPCKLPS Z5, Z4, Z20
	VUNPCKHPS Z5, Z4, Z21
	VUNPCKLPS Z7, Z6, Z22
	VUNPCKHPS Z7, Z6, Z23
	VUNPCKLPS Z9, Z8, Z24
	VUNPCKHPS Z9, Z8, Z25
	VUNPCKLPS Z11, Z10, Z26
	VUNPCKHPS Z11, Z10, Z27
	VUNPCKLPS Z13, Z12, Z28
	VUNPCKHPS Z13, Z12, Z29
	VUNPCKLPS Z15, Z14, Z30
	VUNPCKHPS Z15, Z14, Z31
	VUNPCKLPD Z18, Z16, Z0
	VUNPCKHPD Z18, Z16, Z1
	VUNPCKLPD Z19, Z17, Z2
	VUNPCKHPD Z19, Z17, Z3
	VUNPCKLPD Z22, Z20, Z4
	VUNPCKHPD Z22, Z20, Z5
	VUNPCKLPD Z23, Z21, Z6
	VUNPCKHPD Z23, Z21, Z7
	VUNPCKLPD Z26, Z24, Z8
	VUNPCKHPD Z26, Z24, Z9
	VUNPCKLPD Z27, Z25, Z10
	VUNPCKHPD Z27, Z25, Z11
	VUNPCKLPD Z30, Z28, Z12
	VUNPCKHPD Z30, Z28, Z13
	VUNPCKLPD Z31, Z29, Z14
	VUNPCKHPD Z31, Z29, Z15
	VSHUFF32X4 $0x88, Z4, Z0, Z16
	VSHUFF32X4 $0xDD, Z4, Z0, Z17
	VSHUFF32X4 $0x88, Z12, Z8, Z24
	VSHUFF32X4 $0xDD, Z12, Z8, Z25
	VSHUFF32X4 $0x88, Z5, Z1, Z18
	VSHUFF32X4 $0xDD, Z5, Z1, Z19
	VSHUFF32X4 $0x88, Z13, Z9, Z26
	VSHUFF32X4 $0xDD, Z13, Z9, Z27
	VSHUFF32X4 $0x88, Z6, Z2, Z20
	VSHUFF32X4 $0xDD, Z6, Z2, Z21
	VSHUFF32X4 $0x88, Z14, Z10, Z28
	VSHUFF32X4 $0xDD, Z14, Z10, Z29
	VSHUFF32X4 $0x88, Z7, Z3, Z22
	VSHUFF32X4 $0xDD, Z7, Z3, Z23
	VSHUFF32X4 $0x88, Z15, Z11, Z30
	VSHUFF32X4 $0xDD, Z15, Z11, Z31
	VSHUFF32X4 $0x88, Z24, Z16, Z0
	VSHUFF32X4 $0xDD, Z24, Z16, Z1
	VSHUFF32X4 $0x88, Z25, Z17, Z2
	VSHUFF32X4 $0xDD, Z25, Z17, Z3
	VSHUFF32X4 $0x88, Z26, Z18, Z4
	VSHUFF32X4 $0xDD, Z26, Z18, Z5
	VSHUFF32X4 $0x88, Z27, Z19, Z6
	VSHUFF32X4 $0xDD, Z27, Z19, Z7
	VSHUFF32X4 $0x88, Z28, Z20, Z8
	VSHUFF32X4 $0xDD, Z28, Z20, Z9
	VSHUFF32X4 $0x88, Z29, Z21, Z10
	VSHUFF32X4 $0xDD, Z29, Z21, Z11
	VSHUFF32X4 $0x88, Z30, Z22, Z12
	VSHUFF32X4 $0xDD, Z30, Z22, Z13
	VSHUFF32X4 $0x88, Z31, Z23, Z14
	VSHUFF32X4 $0xDD, Z31, Z23, Z15
	MOVQ DI, R11
	VMOVUPS Z0, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z4, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z8, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z12, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z2, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z6, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z10, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z14, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z1, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z5, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z9, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z13, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z3, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z7, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z11, K3, (R11)
	ADDQ R8, R11
	VMOVUPS Z15, K3, (R11)
	ADDQ R8, R11
	MOVQ R11, DI
	ADDQ $64, SI
	SUBQ $16, BX
	CMPQ BX, $16
	JGE trans_loop
trans_tail:
	TESTQ BX, BX
	JZ trans_done
	MOVQ BX, CX
	MOVQ $1, R12
	SHLQ CX, R12
	DECQ R12
	KMOVW R12, K1
	MOVQ SI, R10
	VMOVUPS.Z (R10), K1, Z0
	CMPQ R9, $2
	JLT trans_part_fill1
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z1
	CMPQ R9, $3
	JLT trans_part_fill2
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z2
	CMPQ R9, $4
	JLT trans_part_fill3
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z3
	CMPQ R9, $5
	JLT trans_part_fill4
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z4
	CMPQ R9, $6
	JLT trans_part_fill5
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z5
	CMPQ R9, $7
	JLT trans_part_fill6
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z6
	CMPQ R9, $8
	JLT trans_part_fill7
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z7
	CMPQ R9, $9
	JLT trans_part_fill8
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z8
	CMPQ R9, $10
	JLT trans_part_fill9
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z9
	CMPQ R9, $11
	JLT trans_part_fill10
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z10
	CMPQ R9, $12
	JLT trans_part_fill11
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z11
	CMPQ R9, $13
	JLT trans_part_fill12
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z12
	CMPQ R9, $14
	JLT trans_part_fill13
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z13
	CMPQ R9, $15
	JLT trans_part_fill14
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z14
	CMPQ R9, $16
	JLT trans_part_fill15
	ADDQ DX, R10
	VMOVUPS.Z (R10), K1, Z15
	JMP trans_part_transpose
trans_part_fill1:
	VXORPS Z1, Z1, Z1
trans_part_fill2:
	VXORPS Z2, Z2, Z2
trans_part_fill3:
	VXORPS Z3, Z3, Z3
trans_part_fill4:
	VXORPS Z4, Z4, Z4
trans_part_fill5:
	VXORPS Z5, Z5, Z5
trans_part_fill6:
	VXORPS Z6, Z6, Z6
trans_part_fill7:
	VXORPS Z7, Z7, Z7
trans_part_fill8:
	VXORPS Z8, Z8, Z8
trans_part_fill9:
	VXORPS Z9, Z9, Z9
trans_part_fill10:
	VXORPS Z10, Z10, Z10
trans_part_fill11:
	VXORPS Z11, Z11, Z11
trans_part_fill12:
	VXORPS Z12, Z12, Z12
trans_part_fill13:
	VXORPS Z13, Z13, Z13
trans_part_fill14:
	VXORPS Z14, Z14, Z14
trans_part_fill15:
	VXORPS Z15, Z15, Z15
trans_part_transpose:
	VUNPCKLPS Z1, Z0, Z16
	VUNPCKHPS Z1, Z0, Z17
	VUNPCKLPS Z3, Z2, Z18
	VUNPCKHPS Z3, Z2, Z19
	VUNPCKLPS Z5, Z4, Z20
	VUNPCKHPS Z5, Z4, Z21
	VUNPCKLPS Z7, Z6, Z22
	VUNPCKHPS Z7, Z6, Z23
	VUNPCKLPS Z9, Z8, Z24
	VUNPCKHPS Z9, Z8, Z25
	VUNPCKLPS Z11, Z10, Z26
	VUNPCKHPS Z11, Z10, Z27
	VUNPCKLPS Z13, Z12, Z28
	VUNPCKHPS Z13, Z12, Z29
	VUNPCKLPS Z15, Z14, Z30
	VUNPCKHPS Z15, Z14, Z31
	VUNPCKLPD Z18, Z16, Z0
	VUNPCKHPD Z18, Z16, Z1
	VUNPCKLPD Z19, Z17, Z2
	VUNPCKHPD Z19, Z17, Z3
	VUNPCKLPD Z22, Z20, Z4
	VUNPCKHPD Z22, Z20, Z5
	VUNPCKLPD Z23, Z21, Z6
	VUNPCKHPD Z23, Z21, Z7
	VUNPCKLPD Z26, Z24, Z8
	VUNPCKHPD Z26, Z24, Z9
	VUNPCKLPD Z27, Z25, Z10
	VUNPCKHPD Z27, Z25, Z11
	VUNPCKLPD Z30, Z28, Z12
	VUNPCKHPD Z30, Z28, Z13
	VUNPCKLPD Z31, Z29, Z14
	VUNPCKHPD Z31, Z29, Z15
	VSHUFF32X4 $0x88, Z4, Z0, Z16
	VSHUFF32X4 $0xDD, Z4, Z0, Z17
	VSHUFF32X4 $0x88, Z12, Z8, Z24
	VSHUFF32X4 $0xDD, Z12, Z8, Z25
	VSHUFF32X4 $0x88, Z5, Z1, Z18
	VSHUFF32X4 $0xDD, Z5, Z1, Z19
	VSHUFF32X4 $0x88, Z13, Z9, Z26
	VSHUFF32X4 $0xDD, Z13, Z9, Z27
	VSHUFF32X4 $0x88, Z6, Z2, Z20
	VSHUFF32X4 $0xDD, Z6, Z2, Z21
	VSHUFF32X4 $0x88, Z14, Z10, Z28
	VSHUFF32X4 $0xDD, Z14, Z10, Z29
	VSHUFF32X4 $0x88, Z7, Z3, Z22
	VSHUFF32X4 $0xDD, Z7, Z3, Z23
	VSHUFF32X4 $0x88, Z15, Z11, Z30
	VSHUFF32X4 $0xDD, Z15, Z11, Z31
	VSHUFF32X4 $0x88, Z24, Z16, Z0
	VSHUFF32X4 $0xDD, Z24, Z16, Z1
	VSHUFF32X4 $0x88, Z25, Z17, Z2
	VSHUFF32X4 $0xDD, Z25, Z17, Z3
	VSHUFF32X4 $0x88, Z26, Z18, Z4
	VSHUFF32X4 $0xDD, Z26, Z18, Z5
	VSHUFF32X4 $0x88, Z27, Z19, Z6
	VSHUFF32X4 $0xDD, Z27, Z19, Z7
	VSHUFF32X4 $0x88, Z28, Z20, Z8
	VSHUFF32X4 $0xDD, Z28, Z20, Z9
	VSHUFF32X4 $0x88, Z29, Z21, Z10
	VSHUFF32X4 $0xDD, Z29, Z21, Z11
	VSHUFF32X4 $0x88, Z30, Z22, Z12
	VSHUFF32X4 $0xDD, Z30, Z22, Z13
	VSHUFF32X4 $0x88, Z31, Z23, Z14
	VSHUFF32X4 $0xDD, Z31, Z23, Z15
	VMOVUPS Z0, K3, (DI)
	CMPQ BX, $2
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z4, K3, (DI)
	CMPQ BX, $3
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z8, K3, (DI)
	CMPQ BX, $4
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z12, K3, (DI)
	CMPQ BX, $5
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z2, K3, (DI)
	CMPQ BX, $6
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z6, K3, (DI)
	CMPQ BX, $7
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z10, K3, (DI)
	CMPQ BX, $8
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z14, K3, (DI)
	CMPQ BX, $9
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z1, K3, (DI)
	CMPQ BX, $10
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z5, K3, (DI)
	CMPQ BX, $11
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z9, K3, (DI)
	CMPQ BX, $12
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z13, K3, (DI)
	CMPQ BX, $13
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z3, K3, (DI)
	CMPQ BX, $14
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z7, K3, (DI)
	CMPQ BX, $15
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z11, K3, (DI)
	CMPQ BX, $16
	JLT trans_done
	ADDQ R8, DI
	VMOVUPS Z15, K3, (DI)
trans_done:
	VZEROUPPER
	RET

// TRANSPOSE8 transposes the 8×8 block of rows Y0..Y7 (eight steps of each
// row) into steps: step 0..7 end in Y9, Y11, Y13, Y0, Y10, Y12, Y14, Y1,
// with the lanes of missing rows cleared by Y15. Unpacking by 32 bits, then
// 64, then swapping 128-bit halves, as packTransAVX512 does.
#define TRANSPOSE8 \
	VUNPCKLPS Y1, Y0, Y8; \
	VUNPCKHPS Y1, Y0, Y9; \
	VUNPCKLPS Y3, Y2, Y10; \
	VUNPCKHPS Y3, Y2, Y11; \
	VUNPCKLPS Y5, Y4, Y12; \
	VUNPCKHPS Y5, Y4, Y13; \
	VUNPCKLPS Y7, Y6, Y14; \
	VUNPCKHPS Y7, Y6, Y0; \
	VSHUFPS $0x44, Y10, Y8, Y1; \
	VSHUFPS $0xEE, Y10, Y8, Y2; \
	VSHUFPS $0x44, Y11, Y9, Y3; \
	VSHUFPS $0xEE, Y11, Y9, Y4; \
	VSHUFPS $0x44, Y14, Y12, Y5; \
	VSHUFPS $0xEE, Y14, Y12, Y6; \
	VSHUFPS $0x44, Y0, Y13, Y7; \
	VSHUFPS $0xEE, Y0, Y13, Y8; \
	VPERM2F128 $0x20, Y5, Y1, Y9; \
	VPERM2F128 $0x31, Y5, Y1, Y10; \
	VPERM2F128 $0x20, Y6, Y2, Y11; \
	VPERM2F128 $0x31, Y6, Y2, Y12; \
	VPERM2F128 $0x20, Y7, Y3, Y13; \
	VPERM2F128 $0x31, Y7, Y3, Y14; \
	VPERM2F128 $0x20, Y8, Y4, Y0; \
	VPERM2F128 $0x31, Y8, Y4, Y1; \
	VANDPS Y15, Y9, Y9; \
	VANDPS Y15, Y11, Y11; \
	VANDPS Y15, Y13, Y13; \
	VANDPS Y15, Y0, Y0; \
	VANDPS Y15, Y10, Y10; \
	VANDPS Y15, Y12, Y12; \
	VANDPS Y15, Y14, Y14; \
	VANDPS Y15, Y1, Y1

// STORE6 writes the first six lanes of a step (a four and a two: AMD's
// masked stores are microcoded) and moves DI to the next step.
#define STORE6(y, x) \
	VMOVUPS x, (DI); \
	VEXTRACTF128 $1, y, x; \
	VMOVLPS x, 16(DI); \
	ADDQ R8, DI

// TAIL8 and TAIL6 store step n-1 of the last ones when there are n or more.
#define TAIL8(y, n) \
	CMPQ BX, n; \
	JLT transavx2_done; \
	VMOVUPS y, (DI); \
	ADDQ R8, DI

#define TAIL6(y, x, n) \
	CMPQ BX, n; \
	JLT transavx2_done; \
	STORE6(y, x)

// func packTransAVX2(dst, src *float32, steps, lda, rows, width, dstStride int)
// The AVX2 packTransAVX512 for slivers of up to eight rows: step q, at
// dst + q*dstStride, holds src[r*lda+q] for the rows r < rows (1 to 8),
// zeros up to width (6 or 8). Eight steps at a time it loads eight floats
// of each row and transposes them in registers; the last steps are loaded
// with a mask, so nothing past a row is read. Missing rows are read again
// from the last row and zeroed by Y15, which keeps the loop free of
// branches on rows.
TEXT ·packTransAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ lda+24(FP), R8
	SHLQ $2, R8
	MOVQ rows+32(FP), BX
	LEAQ laneMask<>(SB), AX
	MOVQ BX, CX
	NEGQ CX
	VMOVDQU 64(AX)(CX*4), Y15
	// Row r is read at SI, R9..R13, DX, CX; a row past rows repeats the
	// one before it.
	LEAQ (SI)(R8*1), R9
	CMPQ BX, $1
	CMOVQLE SI, R9
	LEAQ (R9)(R8*1), R10
	CMPQ BX, $2
	CMOVQLE R9, R10
	LEAQ (R10)(R8*1), R11
	CMPQ BX, $3
	CMOVQLE R10, R11
	LEAQ (R11)(R8*1), R12
	CMPQ BX, $4
	CMOVQLE R11, R12
	LEAQ (R12)(R8*1), R13
	CMPQ BX, $5
	CMOVQLE R12, R13
	LEAQ (R13)(R8*1), DX
	CMPQ BX, $6
	CMOVQLE R13, DX
	LEAQ (DX)(R8*1), CX
	CMPQ BX, $7
	CMOVQLE DX, CX
	MOVQ dstStride+48(FP), R8
	SHLQ $2, R8
	MOVQ steps+16(FP), BX
	XORQ AX, AX // byte offset of the next step in every row
	CMPQ BX, $8
	JLT transavx2_tail
transavx2_loop:
	VMOVUPS (SI)(AX*1), Y0
	VMOVUPS (R9)(AX*1), Y1
	VMOVUPS (R10)(AX*1), Y2
	VMOVUPS (R11)(AX*1), Y3
	VMOVUPS (R12)(AX*1), Y4
	VMOVUPS (R13)(AX*1), Y5
	VMOVUPS (DX)(AX*1), Y6
	VMOVUPS (CX)(AX*1), Y7
	TRANSPOSE8
	CMPQ width+40(FP), $8
	JNE transavx2_six
	VMOVUPS Y9, (DI)
	ADDQ R8, DI
	VMOVUPS Y11, (DI)
	ADDQ R8, DI
	VMOVUPS Y13, (DI)
	ADDQ R8, DI
	VMOVUPS Y0, (DI)
	ADDQ R8, DI
	VMOVUPS Y10, (DI)
	ADDQ R8, DI
	VMOVUPS Y12, (DI)
	ADDQ R8, DI
	VMOVUPS Y14, (DI)
	ADDQ R8, DI
	VMOVUPS Y1, (DI)
	ADDQ R8, DI
	JMP transavx2_next
transavx2_six:
	STORE6(Y9, X9)
	STORE6(Y11, X11)
	STORE6(Y13, X13)
	STORE6(Y0, X0)
	STORE6(Y10, X10)
	STORE6(Y12, X12)
	STORE6(Y14, X14)
	STORE6(Y1, X1)
transavx2_next:
	ADDQ $32, AX
	SUBQ $8, BX
	CMPQ BX, $8
	JGE transavx2_loop
transavx2_tail:
	TESTQ BX, BX
	JZ transavx2_done
	// The last 1 to 7 steps: masked loads, then as many stores.
	LEAQ laneMask<>(SB), R8
	NEGQ BX
	VMOVDQU 64(R8)(BX*4), Y8
	NEGQ BX
	MOVQ dstStride+48(FP), R8
	SHLQ $2, R8
	VMASKMOVPS (SI)(AX*1), Y8, Y0
	VMASKMOVPS (R9)(AX*1), Y8, Y1
	VMASKMOVPS (R10)(AX*1), Y8, Y2
	VMASKMOVPS (R11)(AX*1), Y8, Y3
	VMASKMOVPS (R12)(AX*1), Y8, Y4
	VMASKMOVPS (R13)(AX*1), Y8, Y5
	VMASKMOVPS (DX)(AX*1), Y8, Y6
	VMASKMOVPS (CX)(AX*1), Y8, Y7
	TRANSPOSE8
	CMPQ width+40(FP), $8
	JNE transavx2_tail6
	TAIL8(Y9, $1)
	TAIL8(Y11, $2)
	TAIL8(Y13, $3)
	TAIL8(Y0, $4)
	TAIL8(Y10, $5)
	TAIL8(Y12, $6)
	TAIL8(Y14, $7)
	JMP transavx2_done
transavx2_tail6:
	TAIL6(Y9, X9, $1)
	TAIL6(Y11, X11, $2)
	TAIL6(Y13, X13, $3)
	TAIL6(Y0, X0, $4)
	TAIL6(Y10, X10, $5)
	TAIL6(Y12, X12, $6)
	TAIL6(Y14, X14, $7)
transavx2_done:
	VZEROUPPER
	RET

// func packContig4AVX2(dst, src *float32, steps, stride, kb int)
// Packs four full slivers of sixteen floats at once: step q copies the 64
// floats at src + q*stride into step q of slivers 0-3, which start kb*16
// floats apart from dst. Reading a row's four cache lines together keeps
// the reads in order, which the hardware prefetchers follow, where one
// sliver at a time reads one line a row, rows stride apart.
TEXT ·packContig4AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ steps+16(FP), BX
	MOVQ stride+24(FP), DX
	SHLQ $2, DX
	MOVQ kb+32(FP), R8
	SHLQ $6, R8 // bytes between slivers: kb*16*4
	LEAQ (DI)(R8*2), R9
	TESTQ BX, BX
	JZ contig4_done
contig4_loop:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VMOVUPS 128(SI), Y4
	VMOVUPS 160(SI), Y5
	VMOVUPS 192(SI), Y6
	VMOVUPS 224(SI), Y7
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, (DI)(R8*1)
	VMOVUPS Y3, 32(DI)(R8*1)
	VMOVUPS Y4, (R9)
	VMOVUPS Y5, 32(R9)
	VMOVUPS Y6, (R9)(R8*1)
	VMOVUPS Y7, 32(R9)(R8*1)
	ADDQ DX, SI
	ADDQ $64, DI
	ADDQ $64, R9
	DECQ BX
	JNZ contig4_loop
contig4_done:
	VZEROUPPER
	RET

// func packContig4AVX512(dst, src *float32, steps, stride, kb int)
// packContigAVX512 for four full 32-wide slivers side by side: step q
// reads 128 contiguous floats at src + q*stride and writes 32 to each
// sliver (sliver s at dst + s*kb*32). From memory out of cache, with
// steps a page or more apart, reading a step's eight cache lines together
// packed 2.3-2.6 times as fast as sliver by sliver (Zen 5, 256 and 512
// steps of 1024 floats); from cache it was no faster, and slower for
// panels of a few steps (see packPanelB).
TEXT ·packContig4AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ steps+16(FP), BX
	MOVQ stride+24(FP), DX
	SHLQ $2, DX
	MOVQ kb+32(FP), R8
	SHLQ $7, R8 // bytes between slivers: kb*32*4
	LEAQ (DI)(R8*2), R9
	TESTQ BX, BX
	JZ contig4z_done
contig4z_loop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVUPS 128(SI), Z2
	VMOVUPS 192(SI), Z3
	VMOVUPS 256(SI), Z4
	VMOVUPS 320(SI), Z5
	VMOVUPS 384(SI), Z6
	VMOVUPS 448(SI), Z7
	VMOVUPS Z0, (DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, (DI)(R8*1)
	VMOVUPS Z3, 64(DI)(R8*1)
	VMOVUPS Z4, (R9)
	VMOVUPS Z5, 64(R9)
	VMOVUPS Z6, (R9)(R8*1)
	VMOVUPS Z7, 64(R9)(R8*1)
	ADDQ DX, SI
	ADDQ $128, DI
	ADDQ $128, R9
	DECQ BX
	JNZ contig4z_loop
contig4z_done:
	VZEROUPPER
	RET
