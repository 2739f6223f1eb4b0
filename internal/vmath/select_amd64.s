//go:build !purego

#include "textflag.h"

// The selection kernels of select.go, eight lanes a step; n is a positive
// multiple of 8. In Go's operand order the destination is last, and for
// VMAXPS/VMINPS the second Intel source (the one returned when either lane
// is NaN, or when both are equal) is the first operand written.

// func absAVX2(dst, src *float32, n int)
TEXT ·absAVX2(SB), NOSPLIT, $0-24
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	SHRQ         $3, CX
	MOVL         $0x7fffffff, AX
	MOVQ         AX, X1
	VPBROADCASTD X1, Y1

absloop:
	VANDPS  (SI), Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     absloop
	VZEROUPPER
	RET

// func reciprocalAVX2(dst, src *float32, n int)
TEXT ·reciprocalAVX2(SB), NOSPLIT, $0-24
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	SHRQ         $3, CX
	MOVL         $0x3f800000, AX // 1
	MOVQ         AX, X1
	VPBROADCASTD X1, Y1

reciploop:
	VDIVPS  (SI), Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     reciploop
	VZEROUPPER
	RET

// func clampAVX2(dst, src *float32, n int, lo, hi float32)
// dst = min(hi, max(lo, x)), each returning its second Intel source (x,
// then the clamped x) when a lane is NaN.
TEXT ·clampAVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	SHRQ         $3, CX
	VBROADCASTSS lo+24(FP), Y1
	VBROADCASTSS hi+28(FP), Y2

clamploop:
	VMOVUPS (SI), Y0
	VMAXPS  Y0, Y1, Y3
	VMINPS  Y3, Y2, Y3
	VMOVUPS Y3, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     clamploop
	VZEROUPPER
	RET

// func leakyAVX2(dst, src *float32, n int, slope float32)
// dst = x > 0 ? x : x*slope.
TEXT ·leakyAVX2(SB), NOSPLIT, $0-28
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	SHRQ         $3, CX
	VBROADCASTSS slope+24(FP), Y1
	VXORPS       Y4, Y4, Y4

leakyloop:
	VMOVUPS   (SI), Y0
	VMULPS    Y1, Y0, Y2
	VCMPPS    $0x1e, Y4, Y0, Y3 // x > 0, ordered
	VBLENDVPS Y3, Y0, Y2, Y5
	VMOVUPS   Y5, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	DECQ      CX
	JNZ       leakyloop
	VZEROUPPER
	RET

// func leakyBackwardAVX2(dst, grad, x *float32, n int, slope float32)
// dst = x > 0 ? g : g*slope.
TEXT ·leakyBackwardAVX2(SB), NOSPLIT, $0-36
	MOVQ         dst+0(FP), DI
	MOVQ         grad+8(FP), SI
	MOVQ         x+16(FP), DX
	MOVQ         n+24(FP), CX
	SHRQ         $3, CX
	VBROADCASTSS slope+32(FP), Y1
	VXORPS       Y4, Y4, Y4

lbloop:
	VMOVUPS   (SI), Y0
	VMOVUPS   (DX), Y6
	VMULPS    Y1, Y0, Y2
	VCMPPS    $0x1e, Y4, Y6, Y3 // x > 0, ordered
	VBLENDVPS Y3, Y0, Y2, Y5
	VMOVUPS   Y5, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DX
	ADDQ      $32, DI
	DECQ      CX
	JNZ       lbloop
	VZEROUPPER
	RET

// func passInsideAVX2(dst, grad, x *float32, n int, lo, hi float32, closed bool)
// dst = g where lo <= x <= hi (closed) or lo < x < hi, else +0; ordered
// comparisons, so a NaN x gives +0.
TEXT ·passInsideAVX2(SB), NOSPLIT, $0-41
	MOVQ         dst+0(FP), DI
	MOVQ         grad+8(FP), SI
	MOVQ         x+16(FP), DX
	MOVQ         n+24(FP), CX
	SHRQ         $3, CX
	VBROADCASTSS lo+32(FP), Y1
	VBROADCASTSS hi+36(FP), Y2
	MOVBLZX      closed+40(FP), AX
	TESTQ        AX, AX
	JZ           openloop

closedloop:
	VMOVUPS (DX), Y0
	VCMPPS  $0x1d, Y1, Y0, Y3 // x >= lo
	VCMPPS  $0x12, Y2, Y0, Y4 // x <= hi
	VANDPS  Y3, Y4, Y4
	VANDPS  (SI), Y4, Y4
	VMOVUPS Y4, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, DI
	DECQ    CX
	JNZ     closedloop
	VZEROUPPER
	RET

openloop:
	VMOVUPS (DX), Y0
	VCMPPS  $0x1e, Y1, Y0, Y3 // x > lo
	VCMPPS  $0x11, Y2, Y0, Y4 // x < hi
	VANDPS  Y3, Y4, Y4
	VANDPS  (SI), Y4, Y4
	VMOVUPS Y4, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, DI
	DECQ    CX
	JNZ     openloop
	VZEROUPPER
	RET

// func maximumAVX2(dst, a, b *float32, n int)
// dst = max(a, b) (b on ties), or all-ones NaN where a lane is unordered.
TEXT ·maximumAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX

maxloop:
	VMOVUPS (SI), Y0
	VMOVUPS (DX), Y1
	VMAXPS  Y1, Y0, Y2
	VCMPPS  $0x03, Y1, Y0, Y3 // unordered
	VORPS   Y3, Y2, Y2
	VMOVUPS Y2, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, DI
	DECQ    CX
	JNZ     maxloop
	VZEROUPPER
	RET

// func minimumAVX2(dst, a, b *float32, n int)
// dst = min(a, b) (b on ties), or all-ones NaN where a lane is unordered.
TEXT ·minimumAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX

minloop:
	VMOVUPS (SI), Y0
	VMOVUPS (DX), Y1
	VMINPS  Y1, Y0, Y2
	VCMPPS  $0x03, Y1, Y0, Y3 // unordered
	VORPS   Y3, Y2, Y2
	VMOVUPS Y2, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, DI
	DECQ    CX
	JNZ     minloop
	VZEROUPPER
	RET

// func extremeAVX2(x *float32, n int, isMax bool) float32
// The largest (or smallest) of n floats, or NaN if any is: one running
// maximum and one running "unordered" mask, reduced across lanes at the end.
TEXT ·extremeAVX2(SB), NOSPLIT, $0-28
	MOVQ    x+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVBLZX isMax+16(FP), AX
	SHRQ    $3, CX
	VMOVUPS (SI), Y0
	VXORPS  Y2, Y2, Y2
	TESTQ   AX, AX
	JZ      minloop8

maxloop8:
	VMOVUPS (SI), Y1
	VCMPPS  $0x03, Y1, Y1, Y3 // NaN lanes
	VORPS   Y3, Y2, Y2
	VMAXPS  Y1, Y0, Y0
	ADDQ    $32, SI
	DECQ    CX
	JNZ     maxloop8
	VEXTRACTF128 $1, Y0, X1
	VMAXPS  X1, X0, X0
	VPERMILPS $0x4e, X0, X1
	VMAXPS  X1, X0, X0
	VPERMILPS $0xb1, X0, X1
	VMAXPS  X1, X0, X0
	JMP     extremenan

minloop8:
	VMOVUPS (SI), Y1
	VCMPPS  $0x03, Y1, Y1, Y3
	VORPS   Y3, Y2, Y2
	VMINPS  Y1, Y0, Y0
	ADDQ    $32, SI
	DECQ    CX
	JNZ     minloop8
	VEXTRACTF128 $1, Y0, X1
	VMINPS  X1, X0, X0
	VPERMILPS $0x4e, X0, X1
	VMINPS  X1, X0, X0
	VPERMILPS $0xb1, X0, X1
	VMINPS  X1, X0, X0

extremenan:
	VPTEST Y2, Y2
	JZ     extremedone
	MOVL   $0x7fc00000, AX
	MOVQ   AX, X0

extremedone:
	VZEROUPPER
	MOVSS X0, ret+24(FP)
	RET

// func maximumBackwardAVX2(da, db, grad, a, b *float32, n int, isMax bool)
// v = a == b ? g*0.5 : g; for maximum da = v unless a < b, db = v unless
// a > b; for minimum the other way round. Ordered comparisons: NaNs pass v
// to both.
TEXT ·maximumBackwardAVX2(SB), NOSPLIT, $0-49
	MOVQ         da+0(FP), DI
	MOVQ         db+8(FP), R8
	MOVQ         grad+16(FP), SI
	MOVQ         a+24(FP), DX
	MOVQ         b+32(FP), R9
	MOVQ         n+40(FP), CX
	SHRQ         $3, CX
	MOVL         $0x3f000000, AX // 0.5
	MOVQ         AX, X8
	VPBROADCASTD X8, Y8
	MOVBLZX      isMax+48(FP), AX

mbloop:
	VMOVUPS   (SI), Y0
	VMOVUPS   (DX), Y1
	VMOVUPS   (R9), Y2
	VCMPPS    $0x00, Y2, Y1, Y3 // a == b
	VMULPS    Y8, Y0, Y4
	VBLENDVPS Y3, Y4, Y0, Y5    // a == b ? g/2 : g
	VCMPPS    $0x11, Y2, Y1, Y6 // a < b
	VCMPPS    $0x1e, Y2, Y1, Y7 // a > b
	TESTQ     AX, AX
	JNZ       mbstore
	VMOVAPS   Y6, Y9
	VMOVAPS   Y7, Y6
	VMOVAPS   Y9, Y7

mbstore:
	VANDNPS Y5, Y6, Y10 // a lost: a < b (maximum) or a > b (minimum)
	VANDNPS Y5, Y7, Y11
	VMOVUPS Y10, (DI)
	VMOVUPS Y11, (R8)
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, R9
	ADDQ    $32, DI
	ADDQ    $32, R8
	DECQ    CX
	JNZ     mbloop
	VZEROUPPER
	RET

// func addWidenRowsAVX2(acc *float64, x, y *float32, cols, stride, rows int)
// acc[j] += float64(x[k·stride+j]) (or of x·y rounded to float32) for k
// from 0 to rows-1 in order, j < cols, cols a positive multiple of 8. The
// accumulators stay in registers across the rows, so each row costs one
// read of its columns.
TEXT ·addWidenRowsAVX2(SB), NOSPLIT, $0-48
	MOVQ acc+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DX
	MOVQ cols+24(FP), CX
	MOVQ stride+32(FP), R8
	SHLQ $2, R8
	MOVQ rows+40(FP), R9

chunk32:
	CMPQ    CX, $32
	JLT     chunk8
	VMOVUPD (DI), Y0
	VMOVUPD 32(DI), Y1
	VMOVUPD 64(DI), Y2
	VMOVUPD 96(DI), Y3
	VMOVUPD 128(DI), Y4
	VMOVUPD 160(DI), Y5
	VMOVUPD 192(DI), Y6
	VMOVUPD 224(DI), Y7
	MOVQ    SI, AX
	MOVQ    DX, R10
	MOVQ    R9, BX
	TESTQ   DX, DX
	JNZ     prod32row

sum32row:
	VCVTPS2PD (AX), Y8
	VCVTPS2PD 16(AX), Y9
	VCVTPS2PD 32(AX), Y10
	VCVTPS2PD 48(AX), Y11
	VADDPD    Y8, Y0, Y0
	VADDPD    Y9, Y1, Y1
	VADDPD    Y10, Y2, Y2
	VADDPD    Y11, Y3, Y3
	VCVTPS2PD 64(AX), Y8
	VCVTPS2PD 80(AX), Y9
	VCVTPS2PD 96(AX), Y10
	VCVTPS2PD 112(AX), Y11
	VADDPD    Y8, Y4, Y4
	VADDPD    Y9, Y5, Y5
	VADDPD    Y10, Y6, Y6
	VADDPD    Y11, Y7, Y7
	ADDQ      R8, AX
	DECQ      BX
	JNZ       sum32row
	JMP       store32

prod32row:
	VMOVUPS      (AX), Y12
	VMOVUPS      32(AX), Y13
	VMULPS       (R10), Y12, Y12
	VMULPS       32(R10), Y13, Y13
	VCVTPS2PD    X12, Y8
	VEXTRACTF128 $1, Y12, X9
	VCVTPS2PD    X9, Y9
	VCVTPS2PD    X13, Y10
	VEXTRACTF128 $1, Y13, X11
	VCVTPS2PD    X11, Y11
	VADDPD       Y8, Y0, Y0
	VADDPD       Y9, Y1, Y1
	VADDPD       Y10, Y2, Y2
	VADDPD       Y11, Y3, Y3
	VMOVUPS      64(AX), Y12
	VMOVUPS      96(AX), Y13
	VMULPS       64(R10), Y12, Y12
	VMULPS       96(R10), Y13, Y13
	VCVTPS2PD    X12, Y8
	VEXTRACTF128 $1, Y12, X9
	VCVTPS2PD    X9, Y9
	VCVTPS2PD    X13, Y10
	VEXTRACTF128 $1, Y13, X11
	VCVTPS2PD    X11, Y11
	VADDPD       Y8, Y4, Y4
	VADDPD       Y9, Y5, Y5
	VADDPD       Y10, Y6, Y6
	VADDPD       Y11, Y7, Y7
	ADDQ         R8, AX
	ADDQ         R8, R10
	DECQ         BX
	JNZ          prod32row

store32:
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	VMOVUPD Y4, 128(DI)
	VMOVUPD Y5, 160(DI)
	VMOVUPD Y6, 192(DI)
	VMOVUPD Y7, 224(DI)
	ADDQ    $256, DI
	ADDQ    $128, SI
	TESTQ   DX, DX
	JZ      next32
	ADDQ    $128, DX

next32:
	SUBQ $32, CX
	JMP  chunk32

chunk8:
	CMPQ    CX, $8
	JLT     done
	VMOVUPD (DI), Y0
	VMOVUPD 32(DI), Y1
	MOVQ    SI, AX
	MOVQ    DX, R10
	MOVQ    R9, BX
	TESTQ   DX, DX
	JNZ     prod8row

sum8row:
	VCVTPS2PD (AX), Y8
	VCVTPS2PD 16(AX), Y9
	VADDPD    Y8, Y0, Y0
	VADDPD    Y9, Y1, Y1
	ADDQ      R8, AX
	DECQ      BX
	JNZ       sum8row
	JMP       store8

prod8row:
	VMOVUPS      (AX), Y12
	VMULPS       (R10), Y12, Y12
	VCVTPS2PD    X12, Y8
	VEXTRACTF128 $1, Y12, X9
	VCVTPS2PD    X9, Y9
	VADDPD       Y8, Y0, Y0
	VADDPD       Y9, Y1, Y1
	ADDQ         R8, AX
	ADDQ         R8, R10
	DECQ         BX
	JNZ          prod8row

store8:
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	ADDQ    $64, DI
	ADDQ    $32, SI
	TESTQ   DX, DX
	JZ      next8
	ADDQ    $32, DX

next8:
	SUBQ $8, CX
	JMP  chunk8

done:
	VZEROUPPER
	RET
