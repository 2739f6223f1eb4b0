package tensorlib

import (
	"fmt"
	"runtime"

	"github.com/gohooks/gohooks/internal/gemm"
)

// MatMul is the matrix product with torch.matmul's rules: two vectors give
// their dot product; a 1-D left operand is a row vector and a 1-D right
// operand a column vector, the added dimension removed from the result
// ([2] @ [2,2] is [2]); operands of more than two dimensions are stacks of
// matrices whose leading (batch) dimensions broadcast.
func (t *Tensor) MatMul(o *Tensor) *Tensor {
	if len(t.shape) == 0 || len(o.shape) == 0 {
		panic(fmt.Sprintf("tensorlib: MatMul: both operands need at least one dimension, got shapes %v and %v", t.shape, o.shape))
	}
	as, bs := t.shape, o.shape
	if len(as) == 1 {
		as = []int{1, as[0]}
	}
	if len(bs) == 1 {
		bs = []int{bs[0], 1}
	}
	m, k := as[len(as)-2], as[len(as)-1]
	k2, n := bs[len(bs)-2], bs[len(bs)-1]
	if k != k2 {
		panic(fmt.Sprintf("tensorlib: MatMul: shapes %v and %v do not fit (%d != %d)", t.shape, o.shape, k, k2))
	}
	batch := broadcastShape("MatMul", as[:len(as)-2], bs[:len(bs)-2])
	nb := checkShape("MatMul", batch)
	shape := append([]int{}, batch...)
	if len(t.shape) > 1 {
		shape = append(shape, m)
	}
	if len(o.shape) > 1 {
		shape = append(shape, n)
	}
	name := "UnsafeViewBackward0"
	switch {
	case len(t.shape) == 1 && len(o.shape) == 1:
		name = "DotBackward0"
	case len(t.shape) == 2 && len(o.shape) == 2:
		name = "MmBackward0"
	case len(t.shape) == 2 && len(o.shape) == 1:
		name = "MvBackward0"
	case len(t.shape) == 1 && len(o.shape) == 2:
		name = "SqueezeBackward3"
	}
	if len(bs) == 2 && nb > 1 {
		return t.matMulSharedB(o, name, shape, nb*m, k, n)
	}
	fullA := append(append([]int{}, batch...), m, k)
	fullB := append(append([]int{}, batch...), k, n)
	ad := expandData(&Tensor{data: t.data, shape: as}, fullA)
	bd := expandData(&Tensor{data: o.data, shape: bs}, fullB)
	cd := newBuf(nb * m * n)
	batched(nb, m, n, k, func(i int) {
		gemm.Sgemm(false, false, m, n, k, 1, ad[i*m*k:], k, bd[i*k*n:], n, 0, cd[i*m*n:], n)
	})
	return record(name, fromData(cd, shape), []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		var ga, gb *Tensor
		if t.requiresGrad {
			// dA = dC · Bᵀ, per batch, summed over broadcast batch dims.
			d := newBuf(nb * m * k)
			batched(nb, m, k, n, func(i int) {
				gemm.Sgemm(false, true, m, k, n, 1, g.data[i*m*n:], n, bd[i*k*n:], n, 0, d[i*m*k:], k)
			})
			ga = reduceTo(fromData(d, fullA), as)
			ga = ownedGrad(ga.data, t.shape)
		}
		if o.requiresGrad {
			// dB = Aᵀ · dC.
			d := newBuf(nb * k * n)
			batched(nb, k, n, m, func(i int) {
				gemm.Sgemm(true, false, k, n, m, 1, ad[i*m*k:], k, g.data[i*m*n:], n, 0, d[i*k*n:], n)
			})
			gb = reduceTo(fromData(d, fullB), bs)
			gb = ownedGrad(gb.data, o.shape)
		}
		return []*Tensor{ga, gb}
	})
}

// matMulSharedB is MatMul of a stack of matrices t by one matrix o (or a
// vector): the stack laid end to end is one matrix of rows rows, so the
// product, and both gradients (o's summed over the stack), are one matrix
// product each rather than one per matrix with o repeated.
func (t *Tensor) matMulSharedB(o *Tensor, name string, shape []int, rows, k, n int) *Tensor {
	cd := newBuf(rows * n)
	gemm.Sgemm(false, false, rows, n, k, 1, t.data, k, o.data, n, 0, cd, n)
	return record(name, fromData(cd, shape), []*Tensor{t, o}, func(g *Tensor) []*Tensor {
		var ga, gb *Tensor
		if t.requiresGrad {
			d := newBuf(rows * k)
			gemm.Sgemm(false, true, rows, k, n, 1, g.data, n, o.data, n, 0, d, k)
			ga = ownedGrad(d, t.shape)
		}
		if o.requiresGrad {
			d := newBuf(k * n)
			gemm.Sgemm(true, false, k, n, rows, 1, t.data, k, g.data, n, 0, d, n)
			gb = ownedGrad(d, o.shape)
		}
		return []*Tensor{ga, gb}
	})
}

// batchFlops is the largest product (2·m·n·k) whose batch is spread across
// the cores one product per goroutine: gemm splits larger ones itself
// (from about 120³), and smaller ones run on the calling goroutine only.
const batchFlops = 2 * 120 * 120 * 120

// batched calls product(i) for the nb products of a batched MatMul, each
// m×n with inner size k: on several goroutines when the products are
// small enough that gemm would run each on one core, else in turn.
func batched(nb, m, n, k int, product func(i int)) {
	flops := 2 * m * n * k
	if nb < 2 || flops >= batchFlops || nb*flops < 1<<18 || runtime.GOMAXPROCS(0) < 2 {
		for i := 0; i < nb; i++ {
			product(i)
		}
		return
	}
	runSamples(nb, min(runtime.GOMAXPROCS(0), nb), func(_, i int) { product(i) })
}
