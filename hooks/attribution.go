package hooks

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// GradCAM computes Grad-CAM (Selvaraju et al.) for class at the conv layer
// of model at path layer, whose output must be [N, C, h, w]: the gradient
// of the summed class score with respect to that output, averaged over
// h × w, weighs each channel; the weighted sum over channels, through ReLU,
// is upsampled bilinearly (align_corners false) to x's height and width and
// divided by its maximum per image (an all-zero map stays zero). It returns
// [N, H, W]. The model runs once forward and once backward, in whatever
// mode it is in (call Eval first for BatchNorm's running statistics); its
// parameters' Grad accumulate as in any backward.
func GradCAM(model *nnlib.Module, x *tensorlib.Tensor, layer string, class int) *tensorlib.Tensor {
	if x == nil || x.Dim() != 4 {
		panic(fmt.Sprintf("hooks: GradCAM: input must be an image batch [N C H W], got %v", shapeText(x)))
	}
	mods := resolve("GradCAM", model, []string{layer})
	if len(mods) != 1 {
		panic(fmt.Sprintf("hooks: GradCAM: %q names %d modules; name one layer", layer, len(mods)))
	}
	path := mods[0].Name
	c := CaptureWithGrad(model, x, func(out *tensorlib.Tensor) *tensorlib.Tensor {
		if out.Dim() != 2 || class < 0 || class >= out.Size(1) {
			panic(fmt.Sprintf("hooks: GradCAM: class %d for model output of shape %v", class, out.Shape()))
		}
		return out.Select(1, class).Sum()
	}, path)
	a, g := c.Get(path), c.Grad(path)
	if a.Dim() != 4 {
		panic(fmt.Sprintf("hooks: GradCAM: the output of %q has shape %v, not [N C h w]", path, a.Shape()))
	}
	if g == nil {
		g = tensorlib.ZerosLike(a)
	}
	n, ch, h, w := a.Size(0), a.Size(1), a.Size(2), a.Size(3)
	ad, gd := a.Data(), g.Data()
	cam := make([]float32, n*h*w)
	for s := 0; s < n; s++ {
		for k := 0; k < ch; k++ {
			plane := (s*ch + k) * h * w
			var wk float64
			for i := 0; i < h*w; i++ {
				wk += float64(gd[plane+i])
			}
			wk /= float64(h * w)
			for i := 0; i < h*w; i++ {
				cam[s*h*w+i] += float32(wk * float64(ad[plane+i]))
			}
		}
	}
	for i, v := range cam {
		cam[i] = max(v, 0)
	}
	up := tensorlib.UpsampleBilinear2d(tensorlib.New(cam, n, 1, h, w), x.Size(2), x.Size(3), false, 0, 0).Data()
	hw := x.Size(2) * x.Size(3)
	for s := 0; s < n; s++ {
		img := up[s*hw : (s+1)*hw]
		var m float32
		for _, v := range img {
			m = max(m, v)
		}
		if m > 0 {
			for i := range img {
				img[i] /= m
			}
		}
	}
	return tensorlib.New(up, n, x.Size(2), x.Size(3))
}

// IntegratedGradients computes integrated gradients (Sundararajan et al.)
// of model's output column target with respect to x, from baseline (nil for
// zeros): (x - baseline) · ∫₀¹ ∂f/∂x(baseline + α(x - baseline)) dα, the
// integral by Gauss-Legendre quadrature with steps points (Captum's default
// method). batchSize bounds how many inputs go through the model in one
// forward: each forward takes max(1, batchSize/N) points of the path for
// all N inputs (0 means all steps at once). The model's output must be
// [N, classes]; each sample's attribution depends only on that sample when
// the model treats samples independently (evaluation mode). The result has
// x's shape; its sum over a sample approximates f(x) - f(baseline).
func IntegratedGradients(model *nnlib.Module, x, baseline *tensorlib.Tensor, target, steps, batchSize int) *tensorlib.Tensor {
	if model == nil || x == nil || x.Dim() == 0 {
		panic("hooks: IntegratedGradients: nil model or input without a batch dimension")
	}
	if steps <= 0 || steps > 10000 || batchSize < 0 {
		panic(fmt.Sprintf("hooks: IntegratedGradients: steps %d must be in 1..10000 and batch size %d not negative", steps, batchSize))
	}
	if baseline == nil {
		baseline = tensorlib.ZerosLike(x)
	}
	if fmt.Sprint(baseline.Shape()) != fmt.Sprint(x.Shape()) {
		panic(fmt.Sprintf("hooks: IntegratedGradients: baseline of shape %v for input of shape %v", baseline.Shape(), x.Shape()))
	}
	nodes, weights := gaussLegendre(steps)
	n := x.Size(0)
	per := steps
	if batchSize > 0 {
		per = max(1, batchSize/n)
	}
	x, baseline = x.Detach(), baseline.Detach()
	diff := x.Sub(baseline)
	total := make([]float64, x.Numel())
	for lo := 0; lo < steps; lo += per {
		hi := min(lo+per, steps)
		parts := make([]*tensorlib.Tensor, 0, hi-lo)
		for k := lo; k < hi; k++ {
			parts = append(parts, baseline.Add(diff.MulScalar(float32(nodes[k]))))
		}
		in := tensorlib.Cat(parts, 0).SetRequiresGrad(true)
		out := model.Forward(in)
		if out.Dim() != 2 || target < 0 || target >= out.Size(1) {
			panic(fmt.Sprintf("hooks: IntegratedGradients: target %d for model output of shape %v", target, out.Shape()))
		}
		out.Select(1, target).Sum().Backward()
		g := in.Grad().Data()
		for k := lo; k < hi; k++ {
			part := g[(k-lo)*len(total) : (k-lo+1)*len(total)]
			for i, v := range part {
				total[i] += weights[k] * float64(v)
			}
		}
	}
	d := diff.Data()
	res := make([]float32, len(total))
	for i := range res {
		res[i] = float32(total[i] * float64(d[i]))
	}
	return tensorlib.New(res, x.Shape()...)
}

// gaussLegendre returns the n Gauss-Legendre nodes and weights moved to
// [0, 1], nodes ascending, as Captum's gausslegendre method uses them.
func gaussLegendre(n int) (nodes, weights []float64) {
	nodes, weights = make([]float64, n), make([]float64, n)
	for i := 0; i < (n+1)/2; i++ {
		// Newton's method on the Legendre polynomial P_n from the
		// Chebyshev approximation of the i-th root.
		z := math.Cos(math.Pi * (float64(i) + 0.75) / (float64(n) + 0.5))
		var dp float64
		for iter := 0; iter < 100; iter++ {
			p0, p1 := 1.0, z
			for k := 2; k <= n; k++ {
				p0, p1 = p1, ((2*float64(k)-1)*z*p1-(float64(k)-1)*p0)/float64(k)
			}
			dp = float64(n) * (z*p1 - p0) / (z*z - 1)
			dz := p1 / dp
			z -= dz
			if math.Abs(dz) < 1e-15 {
				break
			}
		}
		w := 2 / ((1 - z*z) * dp * dp)
		// z is the i-th largest root; -z its mirror.
		nodes[n-1-i], weights[n-1-i] = 0.5*(1+z), 0.5*w
		nodes[i], weights[i] = 0.5*(1-z), 0.5*w
	}
	return nodes, weights
}

func shapeText(t *tensorlib.Tensor) string {
	if t == nil {
		return "nil"
	}
	return fmt.Sprint(t.Shape())
}
