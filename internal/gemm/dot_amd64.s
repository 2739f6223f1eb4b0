//go:build amd64

#include "textflag.h"

// Written by hand, unlike kernel_amd64.s (see pack_amd64.s): the dot
// kernel has one fixed shape, four rows of A against four of B in the
// sixteen accumulators Z0-Z15 (the registers AVX-512 gives beside the
// operands), so there is no tile shape for a generator to vary.

// func dotAVX512(k int, a0, a1, a2, a3, b0, b1, b2, b3, out *float32)
// For rows a0..a3 and b0..b3 of length k, writes the sixteen dot products
// ai·bj to out[dotLane[4i+j]]. Accumulator Z(4i+j) holds sixteen lane-wise
// partial sums of ai·bj; a tail shorter than sixteen is read with a mask.
TEXT ·dotAVX512(SB), NOSPLIT, $0-80
	MOVQ k+0(FP), CX
	MOVQ a0+8(FP), R8
	MOVQ a1+16(FP), R9
	MOVQ a2+24(FP), R10
	MOVQ a3+32(FP), R11
	MOVQ b0+40(FP), R12
	MOVQ b1+48(FP), R13
	MOVQ b2+56(FP), R14
	MOVQ b3+64(FP), R15
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	VXORPS Z4, Z4, Z4
	VXORPS Z5, Z5, Z5
	VXORPS Z6, Z6, Z6
	VXORPS Z7, Z7, Z7
	VXORPS Z8, Z8, Z8
	VXORPS Z9, Z9, Z9
	VXORPS Z10, Z10, Z10
	VXORPS Z11, Z11, Z11
	VXORPS Z12, Z12, Z12
	VXORPS Z13, Z13, Z13
	VXORPS Z14, Z14, Z14
	VXORPS Z15, Z15, Z15
	XORQ SI, SI
	MOVQ CX, DX
	SHRQ $4, DX
	JZ dot_tail
dot_loop:
	VMOVUPS (R8)(SI*1), Z16
	VMOVUPS (R9)(SI*1), Z17
	VMOVUPS (R10)(SI*1), Z18
	VMOVUPS (R11)(SI*1), Z19
	VMOVUPS (R12)(SI*1), Z20
	VMOVUPS (R13)(SI*1), Z21
	VMOVUPS (R14)(SI*1), Z22
	VMOVUPS (R15)(SI*1), Z23
	VFMADD231PS Z20, Z16, Z0
	VFMADD231PS Z21, Z16, Z1
	VFMADD231PS Z22, Z16, Z2
	VFMADD231PS Z23, Z16, Z3
	VFMADD231PS Z20, Z17, Z4
	VFMADD231PS Z21, Z17, Z5
	VFMADD231PS Z22, Z17, Z6
	VFMADD231PS Z23, Z17, Z7
	VFMADD231PS Z20, Z18, Z8
	VFMADD231PS Z21, Z18, Z9
	VFMADD231PS Z22, Z18, Z10
	VFMADD231PS Z23, Z18, Z11
	VFMADD231PS Z20, Z19, Z12
	VFMADD231PS Z21, Z19, Z13
	VFMADD231PS Z22, Z19, Z14
	VFMADD231PS Z23, Z19, Z15
	ADDQ $64, SI
	DECQ DX
	JNZ dot_loop
dot_tail:
	ANDQ $15, CX
	JZ dot_store
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1
	VMOVUPS.Z (R8)(SI*1), K1, Z16
	VMOVUPS.Z (R9)(SI*1), K1, Z17
	VMOVUPS.Z (R10)(SI*1), K1, Z18
	VMOVUPS.Z (R11)(SI*1), K1, Z19
	VMOVUPS.Z (R12)(SI*1), K1, Z20
	VMOVUPS.Z (R13)(SI*1), K1, Z21
	VMOVUPS.Z (R14)(SI*1), K1, Z22
	VMOVUPS.Z (R15)(SI*1), K1, Z23
	VFMADD231PS Z20, Z16, Z0
	VFMADD231PS Z21, Z16, Z1
	VFMADD231PS Z22, Z16, Z2
	VFMADD231PS Z23, Z16, Z3
	VFMADD231PS Z20, Z17, Z4
	VFMADD231PS Z21, Z17, Z5
	VFMADD231PS Z22, Z17, Z6
	VFMADD231PS Z23, Z17, Z7
	VFMADD231PS Z20, Z18, Z8
	VFMADD231PS Z21, Z18, Z9
	VFMADD231PS Z22, Z18, Z10
	VFMADD231PS Z23, Z18, Z11
	VFMADD231PS Z20, Z19, Z12
	VFMADD231PS Z21, Z19, Z13
	VFMADD231PS Z22, Z19, Z14
	VFMADD231PS Z23, Z19, Z15
dot_store:
	// Reduce the sixteen accumulators to one vector of sixteen sums:
	// each level adds halves of two registers, crossing 256-bit, then
	// 128-bit, then 64- and 32-bit lanes. Lane i of the result holds
	// the dot product of accumulator dotLane[i] (see dot.go).
	VSHUFF32X4 $0x44, Z8, Z0, Z16
	VSHUFF32X4 $0xEE, Z8, Z0, Z17
	VADDPS Z16, Z17, Z0
	VSHUFF32X4 $0x44, Z9, Z1, Z16
	VSHUFF32X4 $0xEE, Z9, Z1, Z17
	VADDPS Z16, Z17, Z1
	VSHUFF32X4 $0x44, Z10, Z2, Z16
	VSHUFF32X4 $0xEE, Z10, Z2, Z17
	VADDPS Z16, Z17, Z2
	VSHUFF32X4 $0x44, Z11, Z3, Z16
	VSHUFF32X4 $0xEE, Z11, Z3, Z17
	VADDPS Z16, Z17, Z3
	VSHUFF32X4 $0x44, Z12, Z4, Z16
	VSHUFF32X4 $0xEE, Z12, Z4, Z17
	VADDPS Z16, Z17, Z4
	VSHUFF32X4 $0x44, Z13, Z5, Z16
	VSHUFF32X4 $0xEE, Z13, Z5, Z17
	VADDPS Z16, Z17, Z5
	VSHUFF32X4 $0x44, Z14, Z6, Z16
	VSHUFF32X4 $0xEE, Z14, Z6, Z17
	VADDPS Z16, Z17, Z6
	VSHUFF32X4 $0x44, Z15, Z7, Z16
	VSHUFF32X4 $0xEE, Z15, Z7, Z17
	VADDPS Z16, Z17, Z7
	VSHUFF32X4 $0x88, Z4, Z0, Z16
	VSHUFF32X4 $0xDD, Z4, Z0, Z17
	VADDPS Z16, Z17, Z0
	VSHUFF32X4 $0x88, Z5, Z1, Z16
	VSHUFF32X4 $0xDD, Z5, Z1, Z17
	VADDPS Z16, Z17, Z1
	VSHUFF32X4 $0x88, Z6, Z2, Z16
	VSHUFF32X4 $0xDD, Z6, Z2, Z17
	VADDPS Z16, Z17, Z2
	VSHUFF32X4 $0x88, Z7, Z3, Z16
	VSHUFF32X4 $0xDD, Z7, Z3, Z17
	VADDPS Z16, Z17, Z3
	VSHUFPS $0x44, Z2, Z0, Z16
	VSHUFPS $0xEE, Z2, Z0, Z17
	VADDPS Z16, Z17, Z0
	VSHUFPS $0x44, Z3, Z1, Z16
	VSHUFPS $0xEE, Z3, Z1, Z17
	VADDPS Z16, Z17, Z1
	VSHUFPS $0x88, Z1, Z0, Z16
	VSHUFPS $0xDD, Z1, Z0, Z17
	VADDPS Z16, Z17, Z0
	MOVQ out+72(FP), DI
	VMOVUPS Z0, (DI)
	VZEROUPPER
	RET

// tailMask is eight all-ones lanes then eight zero lanes: loading eight
// lanes at byte 4*(8-r) gives a VMASKMOVPS mask for the first r lanes.
DATA tailMask<>+0(SB)/4, $0xffffffff
DATA tailMask<>+4(SB)/4, $0xffffffff
DATA tailMask<>+8(SB)/4, $0xffffffff
DATA tailMask<>+12(SB)/4, $0xffffffff
DATA tailMask<>+16(SB)/4, $0xffffffff
DATA tailMask<>+20(SB)/4, $0xffffffff
DATA tailMask<>+24(SB)/4, $0xffffffff
DATA tailMask<>+28(SB)/4, $0xffffffff
DATA tailMask<>+32(SB)/4, $0
DATA tailMask<>+36(SB)/4, $0
DATA tailMask<>+40(SB)/4, $0
DATA tailMask<>+44(SB)/4, $0
DATA tailMask<>+48(SB)/4, $0
DATA tailMask<>+52(SB)/4, $0
DATA tailMask<>+56(SB)/4, $0
DATA tailMask<>+60(SB)/4, $0
GLOBL tailMask<>(SB), RODATA|NOPTR, $64

// func dotAVX2(k int, a0, a1, a2, a3, b0, b1, b2, b3, out *float32)
// The AVX2 form of dotAVX512 for two rows of A (a2 and a3 are ignored):
// writes the eight dot products ai·bj to out[4i+j].
TEXT ·dotAVX2(SB), NOSPLIT, $0-80
	MOVQ k+0(FP), CX
	MOVQ a0+8(FP), R8
	MOVQ a1+16(FP), R9
	MOVQ b0+40(FP), R12
	MOVQ b1+48(FP), R13
	MOVQ b2+56(FP), R10
	MOVQ b3+64(FP), R11
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	XORQ SI, SI
	MOVQ CX, DX
	SHRQ $3, DX
	JZ dot2_tail
dot2_loop:
	VMOVUPS (R12)(SI*1), Y8
	VMOVUPS (R13)(SI*1), Y9
	VMOVUPS (R10)(SI*1), Y10
	VMOVUPS (R11)(SI*1), Y11
	VMOVUPS (R8)(SI*1), Y12
	VFMADD231PS Y8, Y12, Y0
	VFMADD231PS Y9, Y12, Y1
	VFMADD231PS Y10, Y12, Y2
	VFMADD231PS Y11, Y12, Y3
	VMOVUPS (R9)(SI*1), Y13
	VFMADD231PS Y8, Y13, Y4
	VFMADD231PS Y9, Y13, Y5
	VFMADD231PS Y10, Y13, Y6
	VFMADD231PS Y11, Y13, Y7
	ADDQ $32, SI
	DECQ DX
	JNZ dot2_loop
dot2_tail:
	ANDQ $7, CX
	JZ dot2_store
	LEAQ tailMask<>(SB), AX
	NEGQ CX
	VMOVUPS 32(AX)(CX*4), Y14
	VMASKMOVPS (R12)(SI*1), Y14, Y8
	VMASKMOVPS (R13)(SI*1), Y14, Y9
	VMASKMOVPS (R10)(SI*1), Y14, Y10
	VMASKMOVPS (R11)(SI*1), Y14, Y11
	VMASKMOVPS (R8)(SI*1), Y14, Y12
	VFMADD231PS Y8, Y12, Y0
	VFMADD231PS Y9, Y12, Y1
	VFMADD231PS Y10, Y12, Y2
	VFMADD231PS Y11, Y12, Y3
	VMASKMOVPS (R9)(SI*1), Y14, Y13
	VFMADD231PS Y8, Y13, Y4
	VFMADD231PS Y9, Y13, Y5
	VFMADD231PS Y10, Y13, Y6
	VFMADD231PS Y11, Y13, Y7
dot2_store:
	// Horizontal sums: two rounds of pairwise adds leave, in each 128-bit
	// half, four partial sums; adding the halves finishes them.
	VHADDPS Y1, Y0, Y0
	VHADDPS Y3, Y2, Y2
	VHADDPS Y5, Y4, Y4
	VHADDPS Y7, Y6, Y6
	VHADDPS Y2, Y0, Y0
	VHADDPS Y6, Y4, Y4
	VPERM2F128 $0x20, Y4, Y0, Y1
	VPERM2F128 $0x31, Y4, Y0, Y2
	VADDPS Y2, Y1, Y1
	MOVQ out+72(FP), DI
	VMOVUPS Y1, (DI)
	VZEROUPPER
	RET
