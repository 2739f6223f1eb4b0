package tensorlib

import (
	"fmt"
	"math"
	"runtime"

	"github.com/gohooks/gohooks/internal/vmath"
)

// BatchNorm normalises x per channel like PyTorch's
// torch.nn.functional.batch_norm. x is [N, C] or [N, C, ...] (for images
// [N, C, H, W]); channel statistics are taken over every dimension but the
// second. The result is (x - mean)/sqrt(var + eps) * weight + bias, where
// weight and bias ([C], either may be nil) default to 1 and 0.
//
// In training mode mean and var are the batch's mean and biased variance,
// and runningMean and runningVar ([C], either may be nil) are updated in
// place, without autograd:
//
//	runningMean = (1-momentum)*runningMean + momentum*mean
//	runningVar  = (1-momentum)*runningVar  + momentum*var*M/(M-1)
//
// with M values per channel (the unbiased variance goes into the running
// estimate). Training needs M > 1. In evaluation mode the running statistics
// are used instead and are not changed. Statistics accumulate in float64.
// Gradients flow to x, weight and bias (never to the running statistics)
// through a node named NativeBatchNormBackward0.
func BatchNorm(x, runningMean, runningVar, weight, bias *Tensor, training bool, momentum, eps float32) *Tensor {
	if x.Dim() < 2 {
		panic(fmt.Sprintf("tensorlib: BatchNorm: input of shape %v has no channel dimension (want [N C ...])", x.shape))
	}
	n, c := x.shape[0], x.shape[1]
	s := checkShape("BatchNorm", x.shape[2:])
	m := n * s
	for _, p := range []struct {
		name string
		t    *Tensor
	}{{"running mean", runningMean}, {"running var", runningVar}, {"weight", weight}, {"bias", bias}} {
		if p.t != nil && (p.t.Dim() != 1 || p.t.shape[0] != c) {
			panic(fmt.Sprintf("tensorlib: BatchNorm: %s of shape %v for %d channels", p.name, p.t.shape, c))
		}
	}
	// Channels are independent: they are shared among the cores (one
	// channel an item) when the tensor is large. Within a channel each
	// sample's plane of s values is contiguous, and the vmath kernels run
	// over it: two float64 passes for the moments, one for the output.
	workers := 1
	if len(x.data) >= parallelElems {
		workers = min(runtime.GOMAXPROCS(0), c)
	}
	plane := func(d []float32, i, ch int) []float32 { return d[(i*c+ch)*s : (i*c+ch+1)*s] }
	mean := make([]float32, c)
	invstd := make([]float32, c)
	if training && m <= 1 {
		panic(fmt.Sprintf("tensorlib: BatchNorm: expected more than 1 value per channel when training, got input of shape %v", x.shape))
	}
	if !training && (runningMean == nil || runningVar == nil) {
		panic("tensorlib: BatchNorm: evaluation mode needs the running mean and variance")
	}
	wAt := func(ch int) float32 {
		if weight == nil {
			return 1
		}
		return weight.data[ch]
	}
	// Planes of fewer than smallPlane values (ResNet's last stages: 4×4,
	// 8×8) are copied together into a scratch row per worker first, so
	// that each kernel runs once a channel: a kernel call costs more than
	// copying a plane.
	const smallPlane = 128
	gathered := s < smallPlane && n > 1
	scratch := make([][]float32, workers)
	channelRows := func(wk int) (a, b []float32) {
		if scratch[wk] == nil {
			scratch[wk] = make([]float32, 2*m)
		}
		return scratch[wk][:m], scratch[wk][m:]
	}
	gather := func(dst, src []float32, ch int) []float32 {
		if s == 1 { // [N, C]: a strided column, element by element
			for i := range dst[:n] {
				dst[i] = src[i*c+ch]
			}
			return dst
		}
		for i := range n {
			copy(dst[i*s:(i+1)*s], plane(src, i, ch))
		}
		return dst
	}
	scatter := func(dst, src []float32, ch int) {
		if s == 1 {
			for i, v := range src[:n] {
				dst[i*c+ch] = v
			}
			return
		}
		for i := range n {
			copy(plane(dst, i, ch), src[i*s:(i+1)*s])
		}
	}
	out := newBuf(len(x.data))
	runSamples(c, workers, func(wk, ch int) {
		var xs []float32
		if gathered {
			xs, _ = channelRows(wk)
			gather(xs, x.data, ch)
		}
		if training {
			var sum, ss float64
			if gathered {
				sum = vmath.Sum64(xs)
			} else {
				for i := range n {
					sum += vmath.Sum64(plane(x.data, i, ch))
				}
			}
			mu := sum / float64(m)
			if gathered {
				ss = vmath.SqDev64(xs, mu)
			} else {
				for i := range n {
					ss += vmath.SqDev64(plane(x.data, i, ch), mu)
				}
			}
			v := ss / float64(m)
			mean[ch] = float32(mu)
			invstd[ch] = float32(1 / math.Sqrt(v+float64(eps)))
			mom := float64(momentum)
			if runningMean != nil {
				runningMean.data[ch] = float32((1-mom)*float64(runningMean.data[ch]) + mom*mu)
			}
			if runningVar != nil {
				runningVar.data[ch] = float32((1-mom)*float64(runningVar.data[ch]) + mom*ss/float64(m-1))
			}
		} else {
			mean[ch] = runningMean.data[ch]
			invstd[ch] = float32(1 / math.Sqrt(float64(runningVar.data[ch])+float64(eps)))
		}
		// y = x*alpha + beta, the form PyTorch's CPU kernel uses.
		alpha := invstd[ch] * wAt(ch)
		beta := -mean[ch] * alpha
		if bias != nil {
			beta += bias.data[ch]
		}
		if gathered {
			vmath.ScaleShift(xs, xs, alpha, beta)
			scatter(out, xs, ch)
			return
		}
		for i := range n {
			vmath.ScaleShift(plane(out, i, ch), plane(x.data, i, ch), alpha, beta)
		}
	})
	needX := x.requiresGrad
	needW := weight != nil && weight.requiresGrad
	needB := bias != nil && bias.requiresGrad
	return record("NativeBatchNormBackward0", fromData(out, x.shape), []*Tensor{x, weight, bias}, func(g *Tensor) []*Tensor {
		var dx, dw, db []float32
		if needX {
			dx = newBuf(len(x.data))
		}
		if needW {
			dw = make([]float32, c)
		}
		if needB {
			db = make([]float32, c)
		}
		runSamples(c, workers, func(wk, ch int) {
			mu, is := mean[ch], invstd[ch]
			var gs, xs []float32
			if gathered {
				gs, xs = channelRows(wk)
				gather(gs, g.data, ch)
				gather(xs, x.data, ch)
			}
			var sumG, sumGXhat float64
			if training || needW || needB {
				if gathered {
					sumG, sumGXhat = vmath.DevSums(gs, xs, mu)
				} else {
					for i := range n {
						sg, sgx := vmath.DevSums(plane(g.data, i, ch), plane(x.data, i, ch), mu)
						sumG += sg
						sumGXhat += sgx
					}
				}
				sumGXhat *= float64(is)
			}
			if needW {
				dw[ch] = float32(sumGXhat)
			}
			if needB {
				db[ch] = float32(sumG)
			}
			if !needX {
				return
			}
			scale := is * wAt(ch)
			if !training {
				if gathered {
					vmath.ScaleShift(gs, gs, scale, 0)
					scatter(dx, gs, ch)
					return
				}
				for i := range n {
					vmath.ScaleShift(plane(dx, i, ch), plane(g.data, i, ch), scale, 0)
				}
				return
			}
			// dx = (g - mean(g) - xhat*mean(g*xhat)) * invstd * weight
			// with xhat = (x - mean)*invstd.
			meanG := float32(sumG / float64(m))
			meanGX := float32(sumGXhat / float64(m))
			if gathered {
				vmath.DevBackward(gs, gs, xs, mu, scale, meanG, is*meanGX)
				scatter(dx, gs, ch)
				return
			}
			for i := range n {
				vmath.DevBackward(plane(dx, i, ch), plane(g.data, i, ch), plane(x.data, i, ch), mu, scale, meanG, is*meanGX)
			}
		})
		var gx, gw, gb *Tensor
		if needX {
			gx = ownedGrad(dx, x.shape)
		}
		if needW {
			gw = ownedGrad(dw, weight.shape)
		}
		if needB {
			gb = ownedGrad(db, bias.shape)
		}
		return []*Tensor{gx, gw, gb}
	})
}
