//go:build !purego

#include "textflag.h"

// BINARY512 defines func name(dst, a, b *float32, n int): dst[i] = a[i] op
// b[i] for n a positive multiple of 8, sixteen elements a step and the
// last eight in YMM registers: vmath_amd64.s's BINARY on ZMM registers.
// Each element is one correctly rounded operation, so the bits are the
// AVX2 kernel's. These loops are bound by memory more than by the
// arithmetic: the wider registers gain about 10% on BenchmarkElementwiseInto's
// add and mul (ReLU, also tried, gained nothing and keeps its AVX2 loop).
#define BINARY512(name, op) \
TEXT name(SB), NOSPLIT, $0-32; \
	MOVQ dst+0(FP), DI; \
	MOVQ a+8(FP), SI; \
	MOVQ b+16(FP), DX; \
	MOVQ n+24(FP), CX; \
	SUBQ $16, CX; \
	JLT  last; \
loop: \
	VMOVUPS (SI), Z0; \
	op      (DX), Z0, Z0; \
	VMOVUPS Z0, (DI); \
	ADDQ    $64, SI; \
	ADDQ    $64, DX; \
	ADDQ    $64, DI; \
	SUBQ    $16, CX; \
	JGE     loop; \
last: \
	ADDQ    $16, CX; \
	JZ      done; \
	VMOVUPS (SI), Y0; \
	op      (DX), Y0, Y0; \
	VMOVUPS Y0, (DI); \
done: \
	VZEROUPPER; \
	RET

BINARY512(·addAVX512, VADDPS)
BINARY512(·subAVX512, VSUBPS)
BINARY512(·mulAVX512, VMULPS)
BINARY512(·divAVX512, VDIVPS)
