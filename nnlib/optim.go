package nnlib

import (
	"fmt"
	"math"
	"runtime"

	"github.com/gohooks/gohooks/internal/parallel"
	"github.com/gohooks/gohooks/internal/tensordata"
	"github.com/gohooks/gohooks/internal/vmath"
	"github.com/gohooks/gohooks/tensorlib"
)

// SGD is PyTorch's torch.optim.SGD: stochastic gradient descent with
// optional momentum, dampening, Nesterov momentum and weight decay. Step
// updates the parameters in place from their gradients, skipping those
// without one.
type SGD struct {
	// LR is the learning rate; change it between steps to schedule it.
	LR float32

	params                           []*tensorlib.Tensor
	momentum, dampening, weightDecay float32
	nesterov                         bool
	buffers                          map[*tensorlib.Tensor][]float32
	decayed                          []float32 // grad + weightDecay·p, reused
}

// NewSGD returns an SGD optimizer for params with learning rate lr.
// Options: Momentum, Dampening, WeightDecay, Nesterov.
func NewSGD(params []*tensorlib.Tensor, lr float32, opts ...Option) *SGD {
	o := collectOptions("SGD", opts, "Momentum", "Dampening", "WeightDecay", "Nesterov")
	s := &SGD{
		LR:          lr,
		params:      append([]*tensorlib.Tensor(nil), params...),
		momentum:    valueOr(o, "Momentum", 0),
		dampening:   valueOr(o, "Dampening", 0),
		weightDecay: valueOr(o, "WeightDecay", 0),
		nesterov:    flagOr(o, "Nesterov", false),
		buffers:     map[*tensorlib.Tensor][]float32{},
	}
	if lr < 0 || s.momentum < 0 || s.weightDecay < 0 {
		panic(fmt.Sprintf("nnlib: SGD: lr %v, momentum %v and weight decay %v must not be negative", lr, s.momentum, s.weightDecay))
	}
	if s.nesterov && (s.momentum <= 0 || s.dampening != 0) {
		panic(fmt.Sprintf("nnlib: SGD: Nesterov momentum requires a momentum and zero dampening (momentum %v, dampening %v)", s.momentum, s.dampening))
	}
	return s
}

// Step updates every parameter that has a gradient:
//
//	d = grad + weightDecay*p
//	buf = d on the first step, else momentum*buf + (1-dampening)*d
//	d = d + momentum*buf (Nesterov) or buf (momentum > 0)
//	p = p - lr*d
func (s *SGD) Step() {
	for _, p := range s.params {
		g := p.Grad()
		if g == nil {
			continue
		}
		// In place on the parameter's storage (tensordata), in vector
		// passes over blocks that stay in the cache; the gradient is
		// only read.
		pv, gv := tensordata.Of(p), tensordata.Of(g)
		if s.weightDecay != 0 && len(s.decayed) < len(pv) {
			s.decayed = make([]float32, len(pv))
		}
		buf, ok := s.buffers[p]
		if s.momentum != 0 && !ok {
			buf = make([]float32, len(pv))
			s.buffers[p] = buf
		}
		forParamBlocks(len(pv), func(lo, hi int) {
			pb, d := pv[lo:hi], gv[lo:hi]
			if s.weightDecay != 0 {
				dd := s.decayed[lo:hi]
				copy(dd, d)
				vmath.AddScaled(dd, pb, s.weightDecay)
				d = dd
			}
			if s.momentum == 0 {
				vmath.AddScaled(pb, d, -s.LR)
				return
			}
			bb := buf[lo:hi]
			if !ok {
				copy(bb, d)
			} else {
				vmath.ScaleAddScaled(bb, d, s.momentum, 1-s.dampening)
			}
			if s.nesterov {
				// p -= lr·(d + momentum·buf)
				vmath.AddScaled(pb, d, -s.LR)
				vmath.AddScaled(pb, bb, -s.LR*s.momentum)
			} else {
				vmath.AddScaled(pb, bb, -s.LR)
			}
		})
	}
}

// Parameters of 2·optimBlock elements and more are updated in blocks of
// optimBlock on every core (parallel.For): an update is a few passes over
// memory, and a second core adds bandwidth. Below that, handing a block
// to another core costs more than it saves.
const optimBlock = 1 << 15

// forParamBlocks calls fn(lo, hi) over [0, n) in blocks, on several
// goroutines when n is large.
func forParamBlocks(n int, fn func(lo, hi int)) {
	procs := runtime.GOMAXPROCS(0)
	if n < 2*optimBlock || procs < 2 {
		fn(0, n)
		return
	}
	blocks := (n + optimBlock - 1) / optimBlock
	parallel.For(blocks, min(procs, blocks), func(_, b int) {
		fn(b*optimBlock, min((b+1)*optimBlock, n))
	})
}

// ZeroGrad clears the gradients of the optimizer's parameters (PyTorch's
// set_to_none=True).
func (s *SGD) ZeroGrad() { zeroGrads(s.params) }

func zeroGrads(params []*tensorlib.Tensor) {
	for _, p := range params {
		p.ZeroGrad()
	}
}

// Adam is PyTorch's torch.optim.Adam (without amsgrad), with optional
// weight decay added to the gradient (L2, not AdamW's decoupled decay).
type Adam struct {
	// LR is the learning rate; change it between steps to schedule it.
	LR float32

	params            []*tensorlib.Tensor
	beta1, beta2, eps float32
	weightDecay       float32
	state             map[*tensorlib.Tensor]*adamState
}

type adamState struct {
	step     int
	expAvg   []float32
	expAvgSq []float32
}

// NewAdam returns an Adam optimizer for params with learning rate lr
// (PyTorch's default is 1e-3). Options: Betas (default 0.9, 0.999), Eps
// (default 1e-8), WeightDecay.
func NewAdam(params []*tensorlib.Tensor, lr float32, opts ...Option) *Adam {
	o := collectOptions("Adam", opts, "Betas", "Eps", "WeightDecay")
	a := &Adam{
		LR:          lr,
		params:      append([]*tensorlib.Tensor(nil), params...),
		beta1:       0.9,
		beta2:       0.999,
		eps:         valueOr(o, "Eps", 1e-8),
		weightDecay: valueOr(o, "WeightDecay", 0),
		state:       map[*tensorlib.Tensor]*adamState{},
	}
	if b, ok := o["Betas"]; ok {
		a.beta1, a.beta2 = b.pair[0], b.pair[1]
	}
	if !(a.beta1 >= 0 && a.beta1 < 1 && a.beta2 >= 0 && a.beta2 < 1) {
		panic(fmt.Sprintf("nnlib: Adam: betas (%v, %v) must be in [0, 1)", a.beta1, a.beta2))
	}
	if lr < 0 || a.eps < 0 || a.weightDecay < 0 {
		panic(fmt.Sprintf("nnlib: Adam: lr %v, eps %v and weight decay %v must not be negative", lr, a.eps, a.weightDecay))
	}
	return a
}

// Step updates every parameter that has a gradient, as PyTorch does:
//
//	g = grad + weightDecay*p
//	m = beta1*m + (1-beta1)*g;  v = beta2*v + (1-beta2)*g²
//	p = p - lr/(1-beta1^t) * m / (sqrt(v)/sqrt(1-beta2^t) + eps)
//
// (eps is added after the bias-corrected square root).
func (a *Adam) Step() {
	for _, p := range a.params {
		g := p.Grad()
		if g == nil {
			continue
		}
		st := a.state[p]
		if st == nil {
			st = &adamState{expAvg: make([]float32, p.Numel()), expAvgSq: make([]float32, p.Numel())}
			a.state[p] = st
		}
		st.step++
		bc1 := 1 - math.Pow(float64(a.beta1), float64(st.step))
		bc2 := 1 - math.Pow(float64(a.beta2), float64(st.step))
		// One fused pass over the parameter's storage (tensordata), in
		// place, in blocks on every core when it is large.
		step := vmath.AdamStep{
			Beta1:       a.beta1,
			Beta2:       a.beta2,
			StepSize:    float32(float64(a.LR) / bc1),
			BC2Sqrt:     float32(math.Sqrt(bc2)),
			Eps:         a.eps,
			WeightDecay: a.weightDecay,
		}
		pv, gv := tensordata.Of(p), tensordata.Of(g)
		forParamBlocks(len(pv), func(lo, hi int) {
			vmath.Adam(pv[lo:hi], gv[lo:hi], st.expAvg[lo:hi], st.expAvgSq[lo:hi], step)
		})
	}
}

// ZeroGrad clears the gradients of the optimizer's parameters.
func (a *Adam) ZeroGrad() { zeroGrads(a.params) }
