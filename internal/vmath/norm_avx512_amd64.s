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

// ZSUMS reduces zlo = [Y0|Y1] and zhi = [Y2|Y3] to the low lane of xlo as
// the AVX2 kernels do: Y0+Y1, Y2+Y3, their sum, HSUM; yt1, yt2 and xt are
// overwritten.
#define ZSUMS(zlo, ylo, xlo, zhi, yhi, yt1, yt2, xt) \
	VEXTRACTF64X4 $1, zlo, yt1; \
	VEXTRACTF64X4 $1, zhi, yt2; \
	VADDPD        yt1, ylo, ylo; \
	VADDPD        yt2, yhi, yhi; \
	VADDPD        yhi, ylo, ylo; \
	HSUM(ylo, xlo, xt)

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

	// Two rows at a time, A at SI and B at R14 (written at DI and R15):
	// the steps of one row below for each, interleaved, so that one
	// row's chain of dependent steps (sums, mean, squares, rstd) overlaps
	// the other's.
	CMPQ R10, $2
	JLT  lnrow

lnpair:
	LEAQ   (SI)(CX*1), R14
	LEAQ   (DI)(CX*1), R15
	XORQ   AX, AX
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3
	CMPQ   R9, $0
	JEQ    lnpsumone

lnpsumloop:
	VCVTPS2PD (SI)(AX*1), Z4
	VCVTPS2PD 32(SI)(AX*1), Z6
	VCVTPS2PD (R14)(AX*1), Z5
	VCVTPS2PD 32(R14)(AX*1), Z7
	VADDPD    Z4, Z0, Z0
	VADDPD    Z6, Z2, Z2
	VADDPD    Z5, Z1, Z1
	VADDPD    Z7, Z3, Z3
	ADDQ      $64, AX
	CMPQ      AX, R9
	JLT       lnpsumloop

lnpsumone:
	CMPQ      AX, CX
	JGE       lnpsumdone
	VCVTPS2PD (SI)(AX*1), Z4
	VCVTPS2PD (R14)(AX*1), Z5
	VADDPD    Z4, Z0, Z0
	VADDPD    Z5, Z1, Z1

lnpsumdone:
	ZSUMS(Z0, Y0, X0, Z2, Y2, Y4, Y6, X6)
	ZSUMS(Z1, Y1, X1, Z3, Y3, Y5, Y7, X7)
	VDIVSD       X15, X0, X8 // mean of A
	VDIVSD       X15, X1, X9 // mean of B
	VBROADCASTSD X8, Z8
	VBROADCASTSD X9, Z9
	XORQ         AX, AX
	VPXORQ       Z0, Z0, Z0
	VPXORQ       Z1, Z1, Z1
	VPXORQ       Z2, Z2, Z2
	VPXORQ       Z3, Z3, Z3
	CMPQ         R9, $0
	JEQ          lnpsqone

lnpsqloop:
	VCVTPS2PD   (SI)(AX*1), Z4
	VCVTPS2PD   32(SI)(AX*1), Z6
	VCVTPS2PD   (R14)(AX*1), Z5
	VCVTPS2PD   32(R14)(AX*1), Z7
	VSUBPD      Z8, Z4, Z4
	VSUBPD      Z8, Z6, Z6
	VSUBPD      Z9, Z5, Z5
	VSUBPD      Z9, Z7, Z7
	VFMADD231PD Z4, Z4, Z0
	VFMADD231PD Z6, Z6, Z2
	VFMADD231PD Z5, Z5, Z1
	VFMADD231PD Z7, Z7, Z3
	ADDQ        $64, AX
	CMPQ        AX, R9
	JLT         lnpsqloop

lnpsqone:
	CMPQ        AX, CX
	JGE         lnpsqdone
	VCVTPS2PD   (SI)(AX*1), Z4
	VCVTPS2PD   (R14)(AX*1), Z5
	VSUBPD      Z8, Z4, Z4
	VSUBPD      Z9, Z5, Z5
	VFMADD231PD Z4, Z4, Z0
	VFMADD231PD Z5, Z5, Z1

lnpsqdone:
	ZSUMS(Z0, Y0, X0, Z2, Y2, Y4, Y6, X6)
	ZSUMS(Z1, Y1, X1, Z3, Y3, Y5, Y7, X7)
	VDIVSD       X15, X0, X0
	VDIVSD       X15, X1, X1
	VADDSD       eps+64(FP), X0, X0
	VADDSD       eps+64(FP), X1, X1
	VSQRTSD      X0, X0, X0
	VSQRTSD      X1, X1, X1
	VDIVSD       X0, X13, X0     // rstd of A
	VDIVSD       X1, X13, X1     // rstd of B
	VCVTSD2SS    X8, X8, X10
	VCVTSD2SS    X0, X0, X11
	VCVTSD2SS    X9, X9, X12
	VCVTSD2SS    X1, X1, X14
	VMOVSS       X10, (R12)
	VMOVSS       X11, (R13)
	VMOVSS       X12, 4(R12)
	VMOVSS       X14, 4(R13)
	VBROADCASTSS X10, Z10
	VBROADCASTSS X11, Z11
	VBROADCASTSS X12, Z12
	VBROADCASTSS X14, Z14
	XORQ         AX, AX
	CMPQ         R9, $0
	JEQ          lnpaffineone

lnpaffine:
	VMOVUPS     (SI)(AX*1), Z0
	VMOVUPS     (R14)(AX*1), Z2
	VSUBPS      Z10, Z0, Z0
	VSUBPS      Z12, Z2, Z2
	VMULPS      Z11, Z0, Z0
	VMULPS      Z14, Z2, Z2
	VMOVUPS     (BX)(AX*1), Z1
	VMOVUPS     Z1, Z3
	VFMADD231PS (DX)(AX*1), Z0, Z1
	VFMADD231PS (DX)(AX*1), Z2, Z3
	VMOVUPS     Z1, (DI)(AX*1)
	VMOVUPS     Z3, (R15)(AX*1)
	ADDQ        $64, AX
	CMPQ        AX, R9
	JLT         lnpaffine

lnpaffineone:
	CMPQ        AX, CX
	JGE         lnpaffinedone
	VMOVUPS     (SI)(AX*1), Y0
	VMOVUPS     (R14)(AX*1), Y2
	VSUBPS      Y10, Y0, Y0
	VSUBPS      Y12, Y2, Y2
	VMULPS      Y11, Y0, Y0
	VMULPS      Y14, Y2, Y2
	VMOVUPS     (BX)(AX*1), Y1
	VMOVUPS     Y1, Y3
	VFMADD231PS (DX)(AX*1), Y0, Y1
	VFMADD231PS (DX)(AX*1), Y2, Y3
	VMOVUPS     Y1, (DI)(AX*1)
	VMOVUPS     Y3, (R15)(AX*1)

lnpaffinedone:
	LEAQ (SI)(CX*2), SI
	LEAQ (DI)(CX*2), DI
	ADDQ $8, R12
	ADDQ $8, R13
	SUBQ $2, R10
	CMPQ R10, $2
	JGE  lnpair
	TESTQ R10, R10
	JZ   lndone

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
	ZSUMS(Z0, Y0, X0, Z2, Y2, Y1, Y3, X1)
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
	ZSUMS(Z0, Y0, X0, Z2, Y2, Y1, Y3, X1)
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

lndone:
	VZEROUPPER
	RET

// CHUNKEND sets R11 to the end of the next chunk of at most 128 elements:
// the float32 sums of a chunk go into the float64 ones before the next.
#define CHUNKEND \
	MOVQ    AX, R11; \
	ADDQ    $512, R11; \
	CMPQ    R11, CX; \
	CMOVQGT CX, R11

// FOLDX is FOLD for any of the 32 registers (VEXTRACTF32X4 for
// VEXTRACTF128).
#define FOLDX(yf, xf, ylo, yhi, xt, yu, yv) \
	VCVTPS2PD     xf, yu; \
	VEXTRACTF32X4 $1, yf, xt; \
	VCVTPS2PD     xt, yv; \
	VADDPD        yu, ylo, ylo; \
	VADDPD        yv, yhi, yhi

// PAIRSTEP16 is a sixteen-element step of the backward's sums for rows A
// (at AX) and B (at R15): the element-wise steps of both, dw and db
// updated with A's terms before B's (as row by row), and each row's
// eight-lane sums with the step's low half before its high half.
#define PAIRSTEP16 \
	VMOVUPS       (SI)(AX*1), Z16; \
	VMOVUPS       (R8)(AX*1), Z17; \
	VMOVUPS       (SI)(R15*1), Z20; \
	VMOVUPS       (R8)(R15*1), Z21; \
	VSUBPS        Z14, Z17, Z17; \
	VSUBPS        Z26, Z21, Z21; \
	VMULPS        Z15, Z17, Z17; \
	VMULPS        Z27, Z21, Z21; \
	VMOVUPS       (R9)(AX*1), Z18; \
	VFMADD231PS   Z17, Z16, Z18; \
	VFMADD231PS   Z21, Z20, Z18; \
	VMOVUPS       Z18, (R9)(AX*1); \
	VADDPS        (BX)(AX*1), Z16, Z19; \
	VADDPS        Z19, Z20, Z19; \
	VMOVUPS       Z19, (BX)(AX*1); \
	VMULPS        (DX)(AX*1), Z16, Z16; \
	VMULPS        (DX)(AX*1), Z20, Z20; \
	VEXTRACTF32X8 $1, Z16, Y22; \
	VEXTRACTF32X8 $1, Z17, Y23; \
	VEXTRACTF32X8 $1, Z20, Y24; \
	VEXTRACTF32X8 $1, Z21, Y25; \
	VADDPS        Y16, Y12, Y12; \
	VFMADD231PS   Y17, Y16, Y13; \
	VADDPS        Y20, Y28, Y28; \
	VFMADD231PS   Y21, Y20, Y29; \
	VADDPS        Y22, Y12, Y12; \
	VFMADD231PS   Y23, Y22, Y13; \
	VADDPS        Y24, Y28, Y28; \
	VFMADD231PS   Y25, Y24, Y29

// PAIRSTEP8 is PAIRSTEP16 for the last eight elements.
#define PAIRSTEP8 \
	VMOVUPS     (SI)(AX*1), Y16; \
	VMOVUPS     (R8)(AX*1), Y17; \
	VMOVUPS     (SI)(R15*1), Y20; \
	VMOVUPS     (R8)(R15*1), Y21; \
	VSUBPS      Y14, Y17, Y17; \
	VSUBPS      Y26, Y21, Y21; \
	VMULPS      Y15, Y17, Y17; \
	VMULPS      Y27, Y21, Y21; \
	VMOVUPS     (R9)(AX*1), Y18; \
	VFMADD231PS Y17, Y16, Y18; \
	VFMADD231PS Y21, Y20, Y18; \
	VMOVUPS     Y18, (R9)(AX*1); \
	VADDPS      (BX)(AX*1), Y16, Y19; \
	VADDPS      Y19, Y20, Y19; \
	VMOVUPS     Y19, (BX)(AX*1); \
	VMULPS      (DX)(AX*1), Y16, Y16; \
	VMULPS      (DX)(AX*1), Y20, Y20; \
	VADDPS      Y16, Y12, Y12; \
	VFMADD231PS Y17, Y16, Y13; \
	VADDPS      Y20, Y28, Y28; \
	VFMADD231PS Y21, Y20, Y29

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

	// Two rows at a time, A at offset AX and B at R15 = AX + 4d, as the
	// forward kernel. Registers: A's mean and rstd in Z14, Z15, B's in
	// Z26, Z27; the float32 sums in Y12, Y13 (A) and Y28, Y29 (B); the
	// float64 ones in Y0-Y3 (A) and Y4-Y7 (B).
	CMPQ R10, $2
	JLT  lnbrow

lnbpair:
	VBROADCASTSS (R12), Z14
	VBROADCASTSS (R13), Z15
	VBROADCASTSS 4(R12), Z26
	VBROADCASTSS 4(R13), Z27
	XORQ         AX, AX
	VXORPD       Y0, Y0, Y0
	VXORPD       Y1, Y1, Y1
	VXORPD       Y2, Y2, Y2
	VXORPD       Y3, Y3, Y3
	VXORPD       Y4, Y4, Y4
	VXORPD       Y5, Y5, Y5
	VXORPD       Y6, Y6, Y6
	VXORPD       Y7, Y7, Y7

lnbpchunk:
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	VPXORD Y28, Y28, Y28
	VPXORD Y29, Y29, Y29
	CHUNKEND

lnbpsums:
	LEAQ (AX)(CX*1), R15
	LEAQ 64(AX), R14
	CMPQ R14, R11
	JGT  lnbpsumone
	PAIRSTEP16
	MOVQ R14, AX
	CMPQ AX, R11
	JLT  lnbpsums
	JMP  lnbpfold

lnbpsumone:
	PAIRSTEP8
	ADDQ $32, AX

lnbpfold:
	FOLDX(Y12, X12, Y0, Y1, X31, Y30, Y31)
	FOLDX(Y13, X13, Y2, Y3, X31, Y30, Y31)
	FOLDX(Y28, X28, Y4, Y5, X31, Y30, Y31)
	FOLDX(Y29, X29, Y6, Y7, X31, Y30, Y31)
	CMPQ AX, CX
	JLT  lnbpchunk

	TESTQ DI, DI
	JZ    lnbpnext
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	VADDPD       Y5, Y4, Y4
	VADDPD       Y7, Y6, Y6
	HSUM(Y0, X0, X1)
	HSUM(Y2, X2, X3)
	HSUM(Y4, X4, X5)
	HSUM(Y6, X6, X7)
	VDIVSD       X10, X0, X0
	VDIVSD       X10, X2, X2
	VDIVSD       X10, X4, X4
	VDIVSD       X10, X6, X6
	VCVTSD2SS    X0, X0, X0
	VCVTSD2SS    X2, X2, X2
	VCVTSD2SS    X4, X4, X4
	VCVTSD2SS    X6, X6, X6
	VBROADCASTSS X0, Z12 // A's c1
	VBROADCASTSS X2, Z13 // A's c2
	VBROADCASTSS X4, Z28 // B's c1
	VBROADCASTSS X6, Z29 // B's c2
	XORQ         AX, AX

lnbpinput:
	LEAQ         (AX)(CX*1), R15
	LEAQ         64(AX), R14
	CMPQ         R14, CX
	JGT          lnbpinputone
	VMOVUPS      (R8)(AX*1), Z0
	VMOVUPS      (R8)(R15*1), Z2
	VSUBPS       Z14, Z0, Z0
	VSUBPS       Z26, Z2, Z2
	VMULPS       Z15, Z0, Z0
	VMULPS       Z27, Z2, Z2
	VMOVUPS      (SI)(AX*1), Z1
	VMOVUPS      (SI)(R15*1), Z3
	VMULPS       (DX)(AX*1), Z1, Z1
	VMULPS       (DX)(AX*1), Z3, Z3
	VSUBPS       Z12, Z1, Z1
	VSUBPS       Z28, Z3, Z3
	VFNMADD231PS Z13, Z0, Z1
	VFNMADD231PS Z29, Z2, Z3
	VMULPS       Z15, Z1, Z1
	VMULPS       Z27, Z3, Z3
	VMOVUPS      Z1, (DI)(AX*1)
	VMOVUPS      Z3, (DI)(R15*1)
	MOVQ         R14, AX
	CMPQ         AX, CX
	JLT          lnbpinput
	JMP          lnbpinputdone

lnbpinputone:
	VMOVUPS      (R8)(AX*1), Y0
	VMOVUPS      (R8)(R15*1), Y2
	VSUBPS       Y14, Y0, Y0
	VSUBPS       Y26, Y2, Y2
	VMULPS       Y15, Y0, Y0
	VMULPS       Y27, Y2, Y2
	VMOVUPS      (SI)(AX*1), Y1
	VMOVUPS      (SI)(R15*1), Y3
	VMULPS       (DX)(AX*1), Y1, Y1
	VMULPS       (DX)(AX*1), Y3, Y3
	VSUBPS       Y12, Y1, Y1
	VSUBPS       Y28, Y3, Y3
	VFNMADD231PS Y13, Y0, Y1
	VFNMADD231PS Y29, Y2, Y3
	VMULPS       Y15, Y1, Y1
	VMULPS       Y27, Y3, Y3
	VMOVUPS      Y1, (DI)(AX*1)
	VMOVUPS      Y3, (DI)(R15*1)

lnbpinputdone:
	LEAQ (DI)(CX*2), DI

lnbpnext:
	LEAQ (SI)(CX*2), SI
	LEAQ (R8)(CX*2), R8
	ADDQ $8, R12
	ADDQ $8, R13
	SUBQ $2, R10
	CMPQ R10, $2
	JGE  lnbpair
	TESTQ R10, R10
	JZ   lnbdone

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

lnbdone:
	VZEROUPPER
	RET
