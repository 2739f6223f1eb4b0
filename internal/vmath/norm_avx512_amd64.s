//go:build !purego

#include "textflag.h"

// The AVX-512 versions of norm_amd64.s's LayerNorm row kernels. They give
// the AVX2 kernels' bits: the same operations in the same order, and every
// sum adds its terms in the AVX2 kernels' order.
//
//   - The float64 moments: the AVX2 kernels add the four-lane float64
//     conversions of a 64-byte step into Y0 (elements 0-3), Y1 (4-7), Y2
//     (8-11) and Y3 (12-15), then Y0+Y1, Y2+Y3 and their sum. Here Z0
//     holds Y0 and Y1 as its low and high halves and Z2 holds Y2 and Y3:
//     one VCVTPS2PD of eight floats is Y0's and Y1's four each.
//   - The backward's float32 chunk sums, Y12 (Σ g·w) and Y13 (Σ g·w·xhat),
//     add each element into lane i mod 8 in the order of the elements. Here
//     the element-wise steps run on sixteen lanes, and the sums stay eight
//     lanes wide: the low half of a step is added before the high half.
// d is a positive multiple of 8: the loops take sixteen elements a step
// and the last eight in YMM registers.

// HSUM sets the low lane of X(a) to the sum of the four lanes of Y(a).
#define HSUM(ya, xa, xt) \
	VEXTRACTF128 $1, ya, xt; \
	VADDPD       xt, xa, xa; \
	VPERMILPD    $1, xa, xt; \
	VADDSD       xt, xa, xa

// FOLD adds the eight float32 lanes of Y(f) into the float64 lanes of
// Y(lo) and Y(hi), through X(t) and Y(u), Y(v).
#define FOLD(yf, xf, ylo, yhi, xt, yu, yv) \
	VCVTPS2PD    xf, yu; \
	VEXTRACTF128 $1, yf, xt; \
	VCVTPS2PD    xt, yv; \
	VADDPD       yu, ylo, ylo; \
	VADDPD       yv, yhi, yhi

// ZSUMS reduces Z0 = [Y0|Y1] and Z2 = [Y2|Y3] to X0 as the AVX2 kernels
// do: Y0+Y1, Y2+Y3, their sum, HSUM.
#define ZSUMS \
	VEXTRACTF64X4 $1, Z0, Y1; \
	VEXTRACTF64X4 $1, Z2, Y3; \
	VADDPD        Y1, Y0, Y0; \
	VADDPD        Y3, Y2, Y2; \
	VADDPD        Y2, Y0, Y0; \
	HSUM(Y0, X0, X1)

// func layerNormRowsAVX512(dst, x, w, b, mean, rstd *float32, rows, d int, eps float64)
TEXT ·layerNormRowsAVX512(SB), NOSPLIT, $0-72
	MOVQ       dst+0(FP), DI
	MOVQ       x+8(FP), SI
	MOVQ       w+16(FP), DX
	MOVQ       b+24(FP), BX
	MOVQ       mean+32(FP), R12
	MOVQ       rstd+40(FP), R13
	MOVQ       rows+48(FP), R10
	MOVQ       d+56(FP), CX
	VCVTSI2SDQ CX, X15, X15    // d as float64
	SHLQ       $2, CX
	MOVQ       CX, R9
	ANDQ       $-64, R9        // the bytes in whole 64-byte steps
	MOVQ       $0x3ff0000000000000, R11
	MOVQ       R11, X13        // 1.0

lnrow:
	XORQ   AX, AX
	VPXORQ Z0, Z0, Z0
	VPXORQ Z2, Z2, Z2
	CMPQ   R9, $0
	JEQ    lnsumone

lnsumloop:
	VCVTPS2PD (SI)(AX*1), Z4
	VCVTPS2PD 32(SI)(AX*1), Z6
	VADDPD    Z4, Z0, Z0
	VADDPD    Z6, Z2, Z2
	ADDQ      $64, AX
	CMPQ      AX, R9
	JLT       lnsumloop

lnsumone:
	CMPQ      AX, CX
	JGE       lnsumdone
	VCVTPS2PD (SI)(AX*1), Z4
	VADDPD    Z4, Z0, Z0

lnsumdone:
	ZSUMS
	VDIVSD       X15, X0, X8 // mean
	VBROADCASTSD X8, Z8
	XORQ         AX, AX
	VPXORQ       Z0, Z0, Z0
	VPXORQ       Z2, Z2, Z2
	CMPQ         R9, $0
	JEQ          lnsqone

lnsqloop:
	VCVTPS2PD   (SI)(AX*1), Z4
	VCVTPS2PD   32(SI)(AX*1), Z6
	VSUBPD      Z8, Z4, Z4
	VSUBPD      Z8, Z6, Z6
	VFMADD231PD Z4, Z4, Z0
	VFMADD231PD Z6, Z6, Z2
	ADDQ        $64, AX
	CMPQ        AX, R9
	JLT         lnsqloop

lnsqone:
	CMPQ        AX, CX
	JGE         lnsqdone
	VCVTPS2PD   (SI)(AX*1), Z4
	VSUBPD      Z8, Z4, Z4
	VFMADD231PD Z4, Z4, Z0

lnsqdone:
	ZSUMS
	VDIVSD       X15, X0, X0     // biased variance
	VADDSD       eps+64(FP), X0, X0
	VSQRTSD      X0, X0, X0
	VDIVSD       X0, X13, X0     // rstd
	VCVTSD2SS    X8, X8, X9
	VCVTSD2SS    X0, X0, X10
	VMOVSS       X9, (R12)
	VMOVSS       X10, (R13)
	VBROADCASTSS X9, Z9
	VBROADCASTSS X10, Z10
	XORQ         AX, AX
	CMPQ         R9, $0
	JEQ          lnaffineone

lnaffine:
	VMOVUPS     (SI)(AX*1), Z0
	VSUBPS      Z9, Z0, Z0
	VMULPS      Z10, Z0, Z0
	VMOVUPS     (BX)(AX*1), Z1
	VFMADD231PS (DX)(AX*1), Z0, Z1
	VMOVUPS     Z1, (DI)(AX*1)
	ADDQ        $64, AX
	CMPQ        AX, R9
	JLT         lnaffine

lnaffineone:
	CMPQ        AX, CX
	JGE         lnaffinedone
	VMOVUPS     (SI)(AX*1), Y0
	VSUBPS      Y9, Y0, Y0
	VMULPS      Y10, Y0, Y0
	VMOVUPS     (BX)(AX*1), Y1
	VFMADD231PS (DX)(AX*1), Y0, Y1
	VMOVUPS     Y1, (DI)(AX*1)

lnaffinedone:
	ADDQ CX, SI
	ADDQ CX, DI
	ADDQ $4, R12
	ADDQ $4, R13
	DECQ R10
	JNZ  lnrow
	VZEROUPPER
	RET

// CHUNKEND sets R11 to the end of the next chunk of at most 128 elements:
// the float32 sums of a chunk go into the float64 ones before the next.
#define CHUNKEND \
	MOVQ    AX, R11; \
	ADDQ    $512, R11; \
	CMPQ    R11, CX; \
	CMOVQGT CX, R11

// func layerNormBackwardRowsAVX512(dx, gr, x, w, dw, db, mean, rstd *float32, rows, d int)
TEXT ·layerNormBackwardRowsAVX512(SB), NOSPLIT, $0-80
	MOVQ       dx+0(FP), DI
	MOVQ       gr+8(FP), SI
	MOVQ       x+16(FP), R8
	MOVQ       w+24(FP), DX
	MOVQ       dw+32(FP), R9
	MOVQ       db+40(FP), BX
	MOVQ       mean+48(FP), R12
	MOVQ       rstd+56(FP), R13
	MOVQ       rows+64(FP), R10
	MOVQ       d+72(FP), CX
	VCVTSI2SDQ CX, X10, X10       // d as float64
	SHLQ       $2, CX

lnbrow:
	VBROADCASTSS (R12), Z14
	VBROADCASTSS (R13), Z15
	XORQ         AX, AX
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3

lnbchunk:
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	CHUNKEND

lnbsums:
	LEAQ        64(AX), R14
	CMPQ        R14, R11
	JGT         lnbsumone
	VMOVUPS     (SI)(AX*1), Z4
	VMOVUPS     (R8)(AX*1), Z5
	VSUBPS      Z14, Z5, Z5
	VMULPS      Z15, Z5, Z5
	VMOVUPS     (R9)(AX*1), Z6
	VFMADD231PS Z5, Z4, Z6
	VMOVUPS     Z6, (R9)(AX*1)
	VADDPS      (BX)(AX*1), Z4, Z7
	VMOVUPS     Z7, (BX)(AX*1)
	VMULPS      (DX)(AX*1), Z4, Z4
	VEXTRACTF32X8 $1, Z4, Y16
	VEXTRACTF32X8 $1, Z5, Y17
	VADDPS      Y4, Y12, Y12
	VFMADD231PS Y5, Y4, Y13
	VADDPS      Y16, Y12, Y12
	VFMADD231PS Y17, Y16, Y13
	MOVQ        R14, AX
	CMPQ        AX, R11
	JLT         lnbsums
	JMP         lnbfold

lnbsumone:
	VMOVUPS     (SI)(AX*1), Y4
	VMOVUPS     (R8)(AX*1), Y5
	VSUBPS      Y14, Y5, Y5
	VMULPS      Y15, Y5, Y5
	VMOVUPS     (R9)(AX*1), Y6
	VFMADD231PS Y5, Y4, Y6
	VMOVUPS     Y6, (R9)(AX*1)
	VADDPS      (BX)(AX*1), Y4, Y7
	VMOVUPS     Y7, (BX)(AX*1)
	VMULPS      (DX)(AX*1), Y4, Y4
	VADDPS      Y4, Y12, Y12
	VFMADD231PS Y5, Y4, Y13
	ADDQ        $32, AX

lnbfold:
	FOLD(Y12, X12, Y0, Y1, X9, Y8, Y9)
	FOLD(Y13, X13, Y2, Y3, X9, Y8, Y9)
	CMPQ AX, CX
	JLT  lnbchunk

	TESTQ DI, DI
	JZ    lnbnext
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	HSUM(Y0, X0, X1)
	HSUM(Y2, X2, X3)
	VDIVSD       X10, X0, X0
	VDIVSD       X10, X2, X2
	VCVTSD2SS    X0, X0, X0
	VCVTSD2SS    X2, X2, X2
	VBROADCASTSS X0, Z12 // c1, the mean of gh
	VBROADCASTSS X2, Z13 // c2, the mean of gh·xhat
	XORQ         AX, AX

lnbinput:
	LEAQ         64(AX), R14
	CMPQ         R14, CX
	JGT          lnbinputone
	VMOVUPS      (R8)(AX*1), Z0
	VSUBPS       Z14, Z0, Z0
	VMULPS       Z15, Z0, Z0
	VMOVUPS      (SI)(AX*1), Z1
	VMULPS       (DX)(AX*1), Z1, Z1
	VSUBPS       Z12, Z1, Z1
	VFNMADD231PS Z13, Z0, Z1
	VMULPS       Z15, Z1, Z1
	VMOVUPS      Z1, (DI)(AX*1)
	MOVQ         R14, AX
	CMPQ         AX, CX
	JLT          lnbinput
	JMP          lnbinputdone

lnbinputone:
	VMOVUPS      (R8)(AX*1), Y0
	VSUBPS       Y14, Y0, Y0
	VMULPS       Y15, Y0, Y0
	VMOVUPS      (SI)(AX*1), Y1
	VMULPS       (DX)(AX*1), Y1, Y1
	VSUBPS       Y12, Y1, Y1
	VFNMADD231PS Y13, Y0, Y1
	VMULPS       Y15, Y1, Y1
	VMOVUPS      Y1, (DI)(AX*1)

lnbinputdone:
	ADDQ CX, DI

lnbnext:
	ADDQ CX, SI
	ADDQ CX, R8
	ADDQ $4, R12
	ADDQ $4, R13
	DECQ R10
	JNZ  lnbrow
	VZEROUPPER
	RET
