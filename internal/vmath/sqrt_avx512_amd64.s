//go:build !purego

#include "textflag.h"

// func sqrtAVX512(dst, src *float32, n int)
// n is any count from 1: sixteen lanes a step, the last 1 to 16 masked.
TEXT ·sqrtAVX512(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SUBQ $16, CX
	JLE  sqrtlast

sqrtloop:
	VSQRTPS (SI), Z0
	VMOVUPS Z0, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	SUBQ    $16, CX
	JG      sqrtloop

sqrtlast:
	ADDQ      $16, CX
	MOVL      $1, AX
	SHLL      CX, AX
	DECL      AX
	KMOVW     AX, K1
	VMOVUPS.Z (SI), K1, Z0
	VSQRTPS   Z0, Z0
	VMOVUPS   Z0, K1, (DI)
	VZEROUPPER
	RET
