//go:build openblas && cgo

package gemm

import (
	"github.com/gohooks/gohooks/internal/gemm/cblas"
	"github.com/gohooks/gohooks/internal/interrupt"
)

// Backend reports which code Sgemm runs: "openblas" in this build, where
// some small products still run on the best micro-kernel (see useOpenBLAS).
func Backend() string { return "openblas" }

// Which products go to OpenBLAS was decided by measurement on a 2-core AVX2
// machine (bench/RESULTS.md), before the kernels here packed with register
// transposes: on that machine the default build is now faster at every size
// and on the networks, so install.sh builds it unless asked for OpenBLAS.
// The routing, as measured then:
//
//   - From openblasFlops (2·128³) up OpenBLAS is 10–50% faster than the
//     kernels here in every layout, using its own threads.
//   - Below that, OpenBLAS runs products of at most openblasSingleMNK
//     multiply-adds on the calling thread, and is faster on the untransposed
//     ones (the convolutions' forward products), so those go to it too.
//   - The rest stay here: on small products with a transposed operand (the
//     convolutions' and Linear's gradients, Linear's forward) OpenBLAS's call
//     overhead loses by up to 2×, and mid-size products would wake OpenBLAS's
//     threads, which then spin and take the cores from tensorlib's own
//     goroutines; a training step ran 30–60% slower with them.
const (
	openblasFlops     = 2 * 128 * 128 * 128
	openblasSingleMNK = 65536 * 4 // OpenBLAS's GEMM_MULTITHREAD_THRESHOLD default
)

// useOpenBLAS reports whether p goes to OpenBLAS (see above).
func useOpenBLAS(p *problem) bool {
	if len(kernels) == 0 {
		return true
	}
	mnk := float64(p.m) * float64(p.n) * float64(p.k)
	if 2*mnk >= openblasFlops {
		return true
	}
	return !p.transA && !p.transB && mnk <= openblasSingleMNK
}

// sgemm routes a validated, non-empty problem to OpenBLAS, band by band, or
// to the kernels (see useOpenBLAS).
func sgemm(p *problem) {
	if !useOpenBLAS(p) {
		blocked(&kernels[0], p)
		return
	}
	band := bandRows(p)
	for i0 := 0; i0 < p.m; i0 += band {
		interrupt.Check()
		q := p.rows(i0, min(band, p.m-i0))
		cblas.Sgemm(q.transA, q.transB, q.m, q.n, q.k,
			q.alpha, &q.a[0], q.lda, &q.b[0], q.ldb,
			q.beta, &q.c[0], q.ldc)
	}
}
