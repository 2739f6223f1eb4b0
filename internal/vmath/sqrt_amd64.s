//go:build !purego

#include "textflag.h"

// func sqrtAVX2(dst, src *float32, n int)
// n is a positive multiple of 8.
TEXT ·sqrtAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX

sqrtloop:
	VSQRTPS (SI), Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     sqrtloop
	VZEROUPPER
	RET
