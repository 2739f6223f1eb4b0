package nnlib

import (
	"fmt"
	"math"

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
		pv, d := p.Data(), g.Data()
		if s.weightDecay != 0 {
			for i := range d {
				d[i] += s.weightDecay * pv[i]
			}
		}
		if s.momentum != 0 {
			buf, ok := s.buffers[p]
			if !ok {
				buf = append([]float32(nil), d...)
				s.buffers[p] = buf
			} else {
				for i := range buf {
					buf[i] = buf[i]*s.momentum + (1-s.dampening)*d[i]
				}
			}
			if s.nesterov {
				for i := range d {
					d[i] += s.momentum * buf[i]
				}
			} else {
				copy(d, buf)
			}
		}
		for i := range pv {
			pv[i] -= s.LR * d[i]
		}
		p.CopyFrom(tensorlib.New(pv, p.Shape()...))
	}
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
		pv, d := p.Data(), g.Data()
		bc1 := 1 - math.Pow(float64(a.beta1), float64(st.step))
		bc2 := 1 - math.Pow(float64(a.beta2), float64(st.step))
		stepSize := float32(float64(a.LR) / bc1)
		bc2Sqrt := float32(math.Sqrt(bc2))
		for i := range pv {
			gi := d[i]
			if a.weightDecay != 0 {
				gi += a.weightDecay * pv[i]
			}
			st.expAvg[i] = st.expAvg[i]*a.beta1 + (1-a.beta1)*gi
			st.expAvgSq[i] = st.expAvgSq[i]*a.beta2 + (1-a.beta2)*gi*gi
			denom := float32(math.Sqrt(float64(st.expAvgSq[i])))/bc2Sqrt + a.eps
			pv[i] -= stepSize * st.expAvg[i] / denom
		}
		p.CopyFrom(tensorlib.New(pv, p.Shape()...))
	}
}

// ZeroGrad clears the gradients of the optimizer's parameters.
func (a *Adam) ZeroGrad() { zeroGrads(a.params) }
