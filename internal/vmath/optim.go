package vmath

import (
	"fmt"
	"math"
)

// AdamStep holds the scalars of one Adam update of a parameter.
type AdamStep struct {
	Beta1, Beta2 float32
	StepSize     float32 // lr / (1 - beta1^t)
	BC2Sqrt      float32 // sqrt(1 - beta2^t)
	Eps          float32
	WeightDecay  float32 // added to the gradient as weightDecay·p (L2)
}

// Adam updates parameter p, its first moment m and its second moment v in
// place from gradient g, in one pass:
//
//	gi = g + weightDecay·p
//	m = beta1·m + (1-beta1)·gi;  v = beta2·v + (1-beta2)·gi²
//	p = p - stepSize·m / (sqrt(v)/bc2Sqrt + eps)
//
// in float32, as PyTorch's Adam computes it; the vector path fuses the
// multiply-adds.
func Adam(p, g, m, v []float32, s AdamStep) {
	if len(g) != len(p) || len(m) != len(p) || len(v) != len(p) {
		panic(fmt.Sprintf("vmath: Adam: p has %d elements, g %d, m %d, v %d", len(p), len(g), len(m), len(v)))
	}
	n := 0
	if normAsm {
		n = len(p) &^ 7
		if n > 0 {
			adamBlock(p[:n], g[:n], m[:n], v[:n], &s)
		}
	}
	for i := n; i < len(p); i++ {
		gi := g[i]
		if s.WeightDecay != 0 {
			gi += s.WeightDecay * p[i]
		}
		m[i] = m[i]*s.Beta1 + (1-s.Beta1)*gi
		v[i] = v[i]*s.Beta2 + (1-s.Beta2)*gi*gi
		denom := float32(math.Sqrt(float64(v[i])))/s.BC2Sqrt + s.Eps
		p[i] -= s.StepSize * m[i] / denom
	}
}

// AddScaled sets dst[i] += a·src[i], a plain SGD step with a = -lr.
func AddScaled(dst, src []float32, a float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: AddScaled: dst has %d elements, src %d", len(dst), len(src)))
	}
	n := 0
	if normAsm {
		n = len(dst) &^ 7
		if n > 0 {
			addScaledBlock(dst[:n], src[:n], a)
		}
	}
	for i, v := range src[n:] {
		dst[n+i] += a * v
	}
}

// ScaleAddScaled sets dst[i] = a·dst[i] + b·src[i], the momentum buffer's
// update of SGD.
func ScaleAddScaled(dst, src []float32, a, b float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("vmath: ScaleAddScaled: dst has %d elements, src %d", len(dst), len(src)))
	}
	n := 0
	if normAsm {
		n = len(dst) &^ 7
		if n > 0 {
			scaleAddScaledBlock(dst[:n], src[:n], a, b)
		}
	}
	for i, v := range src[n:] {
		dst[n+i] = a*dst[n+i] + b*v
	}
}
