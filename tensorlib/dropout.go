package tensorlib

import (
	"fmt"
	"math"
)

// Dropout zeroes each element of x with probability p and scales the others
// by 1/(1-p), like PyTorch's torch.nn.functional.dropout, when training is
// true. The mask comes from the package's random number generator, so
// ManualSeed makes it reproducible; p == 0 and p == 1 draw nothing (p == 1
// gives zeros). When training is false, x itself is returned. The gradient
// is the incoming gradient times the same mask and scale, through a node
// named MulBackward0 as on PyTorch's CPU.
//
// One call takes a single number from the generator, a key; element i is
// kept when 32 bits of a hash of the key and i/2 fall below (1-p)·2³². The
// mask thus depends only on the seed and the calls before, not on how
// many cores compute it, and the backward recomputes it from the key
// instead of keeping it.
func Dropout(x *Tensor, p float32, training bool) *Tensor {
	if !(p >= 0 && p <= 1) {
		panic(fmt.Sprintf("tensorlib: Dropout: probability %v is not between 0 and 1", p))
	}
	if !training {
		return x
	}
	scale := 1 / (1 - p)
	var key uint64
	switch p {
	case 0:
	case 1:
		scale = 0
	default:
		rngMu.Lock()
		key = rng.Uint64()
		rngMu.Unlock()
	}
	keep := uint64(math.Ldexp(float64(1-p), 32)) // below it is kept
	out := newBuf(len(x.data))
	dropoutMask(out, x.data, key, keep, scale, p == 0 || p == 1)
	return record("MulBackward0", fromData(out, x.shape), []*Tensor{x}, func(g *Tensor) []*Tensor {
		dx := newBuf(len(g.data))
		dropoutMask(dx, g.data, key, keep, scale, p == 0 || p == 1)
		return []*Tensor{ownedGrad(dx, x.shape)}
	})
}

// dropoutMask writes dst = src·scale where element i is kept (see Dropout),
// 0 elsewhere; with all, every element is kept (p is 0 or 1 and scale 1 or
// 0).
func dropoutMask(dst, src []float32, key, keep uint64, scale float32, all bool) {
	forBlocks(len(dst), func(lo, hi int) {
		if all {
			for i := lo; i < hi; i++ {
				dst[i] = src[i] * scale
			}
			return
		}
		// Blocks start at even i (elemBlock is even), so each pair of
		// elements shares one hash.
		d, s := dst[lo:hi], src[lo:hi]
		j := 0
		for ; j+2 <= len(d); j += 2 {
			h := mix64(key, uint64(lo+j)/2)
			k0 := float32((h&0xffffffff - keep) >> 63) // 1 when kept
			k1 := float32((h>>32 - keep) >> 63)
			d[j] = s[j] * (k0 * scale)
			d[j+1] = s[j+1] * (k1 * scale)
		}
		if j < len(d) {
			h := mix64(key, uint64(lo+j)/2)
			d[j] = s[j] * (float32((h&0xffffffff-keep)>>63) * scale)
		}
	})
}

// mix64 hashes a counter under a key: SplitMix64's output function, which
// turns consecutive counters into independent-looking 64-bit numbers.
func mix64(key, n uint64) uint64 {
	z := key + (n+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
