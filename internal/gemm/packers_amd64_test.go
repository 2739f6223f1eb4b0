package gemm

import "testing"

// packContig4AVX2 packs what four calls of packContigAVX2 pack, from a
// row stride that is not a multiple of the sliver width.
func TestPackContig4MatchesContig(t *testing.T) {
	if !hasAVX2FMA() {
		t.Skip("no AVX2")
	}
	const kb, ld = 37, 100
	src := make([]float32, kb*ld)
	for i := range src {
		src[i] = float32(i)
	}
	want := make([]float32, 4*16*kb)
	got := make([]float32, 4*16*kb)
	for s := 0; s < 4; s++ {
		packContigAVX2(&want[s*16*kb], &src[3+s*16], kb, ld, 16, 16)
	}
	packContig4AVX2(&got[0], &src[3], kb, ld, kb)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("packed float %d is %g, want %g", i, got[i], want[i])
		}
	}
}

// packContig4AVX512 packs what four calls of packContigAVX512 pack, from a
// row stride that is not a multiple of the sliver width.
func TestPackContig4AVX512MatchesContig(t *testing.T) {
	if len(kernels) == 0 || kernels[0].name != "avx512" {
		t.Skip("no AVX-512 kernels")
	}
	const kb, ld = 37, 200
	src := make([]float32, kb*ld)
	for i := range src {
		src[i] = float32(i)
	}
	want := make([]float32, 4*32*kb)
	got := make([]float32, 4*32*kb)
	for s := 0; s < 4; s++ {
		packContigAVX512(&want[s*32*kb], &src[5+s*32], kb, ld, 32, 32)
	}
	packContig4AVX512(&got[0], &src[5], kb, ld, kb)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("packed float %d is %g, want %g", i, got[i], want[i])
		}
	}
}
