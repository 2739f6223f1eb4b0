package gemm

import "testing"

// The four-sliver packers pack what four calls of the one-sliver packers
// pack, from a row stride that is not a multiple of the sliver width.
func TestPackContig4MatchesContig(t *testing.T) {
	for _, c := range []struct {
		name          string
		ok            bool
		width, ld, at int
		one           func(dst, src *float32, steps, stride, lanes, width int)
		four          func(dst, src *float32, steps, stride, kb int)
	}{
		{"avx2", hasAVX2FMA(), 16, 100, 3, packContigAVX2, packContig4AVX2},
		{"avx512", len(kernels) > 0 && kernels[0].name == "avx512", 32, 200, 5, packContigAVX512, packContig4AVX512},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !c.ok {
				t.Skip("the CPU lacks these instructions")
			}
			const kb = 37
			src := make([]float32, kb*c.ld)
			for i := range src {
				src[i] = float32(i)
			}
			want := make([]float32, 4*c.width*kb)
			got := make([]float32, 4*c.width*kb)
			for s := 0; s < 4; s++ {
				c.one(&want[s*c.width*kb], &src[c.at+s*c.width], kb, c.ld, c.width, c.width)
			}
			c.four(&got[0], &src[c.at], kb, c.ld, kb)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("packed float %d is %g, want %g", i, got[i], want[i])
				}
			}
		})
	}
}
