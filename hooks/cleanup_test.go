package hooks_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// hookCensus lists every hook on the model's modules and parameters, one
// entry per module or parameter that has any, so that a failure says where
// a hook was left behind.
func hookCensus(model *nnlib.Module) string {
	var left []string
	for _, nm := range model.NamedModules() {
		fp, f, bp, b := nm.Module.HookCounts()
		if fp+f+bp+b > 0 {
			left = append(left, fmt.Sprintf("module %q: %d forward pre, %d forward, %d backward pre, %d backward", nm.Name, fp, f, bp, b))
		}
	}
	for _, np := range model.NamedParameters() {
		g, acc := np.Tensor.HookCounts()
		if g+acc > 0 {
			left = append(left, fmt.Sprintf("parameter %q: %d gradient, %d post-accumulate", np.Name, g, acc))
		}
	}
	return strings.Join(left, "; ")
}

func cleanupNet() *nnlib.Module {
	tensorlib.ManualSeed(3)
	return nnlib.Sequential(nnlib.Linear(4, 3), nnlib.ReLU(), nnlib.Sequential(nnlib.Linear(3, 2), nnlib.Tanh()))
}

// TestToolsLeaveNoHooks runs every tool of the package and checks that,
// once it returns or is removed, the model's modules and parameters carry
// no hook: each tool registers hooks, and the census proves it did.
func TestToolsLeaveNoHooks(t *testing.T) {
	x := tensorlib.Randn(5, 4)
	loss := func(out *tensorlib.Tensor) *tensorlib.Tensor { return out.Sum() }
	tools := []struct {
		name string
		use  func(net *nnlib.Module) (remove func())
	}{
		{"Capture", func(net *nnlib.Module) func() {
			hooks.Capture(net, x)
			return func() {}
		}},
		{"CaptureWithGrad", func(net *nnlib.Module) func() {
			hooks.CaptureWithGrad(net, x, loss)
			return func() {}
		}},
		{"FeatureExtractor", func(net *nnlib.Module) func() {
			e := hooks.FeatureExtractor(net, "0", "2.1")
			e.Forward(x)
			return e.Remove
		}},
		{"TraceShapes", func(net *nnlib.Module) func() {
			g := hooks.TraceShapesTo(net, io.Discard)
			net.Forward(x)
			return g.Remove
		}},
		{"GradientMonitor", func(net *nnlib.Module) func() {
			mon := hooks.GradientMonitor(net, 100, 1e-9)
			mon.Out = io.Discard
			net.Forward(x).Sum().Backward()
			return mon.Remove
		}},
		{"ClipGradNorm", func(net *nnlib.Module) func() {
			g := hooks.ClipGradNorm(net, 0.1)
			net.Forward(x).Sum().Backward()
			return g.Remove
		}},
		{"ClipGradValue", func(net *nnlib.Module) func() {
			g := hooks.ClipGradValue(net, 0.1)
			net.Forward(x).Sum().Backward()
			return g.Remove
		}},
	}
	for _, tool := range tools {
		t.Run(tool.name, func(t *testing.T) {
			net := cleanupNet()
			remove := tool.use(net)
			if tool.name != "Capture" && tool.name != "CaptureWithGrad" && hookCensus(net) == "" {
				t.Fatalf("%s registered no hook that the census can see", tool.name)
			}
			remove()
			if left := hookCensus(net); left != "" {
				t.Errorf("after %s: hooks left: %s", tool.name, left)
			}
			remove() // removing twice is harmless
			if left := hookCensus(net); left != "" {
				t.Errorf("after removing %s twice: hooks left: %s", tool.name, left)
			}
		})
	}
}

// TestCaptureLeavesNoHooksWhenForwardPanics checks that a capture whose
// forward panics (a shape error in a cell) removes its hooks on the way
// out, so that the next forward of the model is not captured again.
func TestCaptureLeavesNoHooksWhenForwardPanics(t *testing.T) {
	for _, withGrad := range []bool{false, true} {
		net := cleanupNet()
		bad := tensorlib.Randn(5, 7) // Linear(4, 3) needs 4 features
		func() {
			defer func() {
				if recover() == nil {
					t.Fatalf("forward of a [5 7] input through Linear(4, 3) did not panic")
				}
			}()
			if withGrad {
				hooks.CaptureWithGrad(net, bad, func(out *tensorlib.Tensor) *tensorlib.Tensor { return out.Sum() })
			} else {
				hooks.Capture(net, bad)
			}
		}()
		if left := hookCensus(net); left != "" {
			t.Errorf("withGrad %v: after a panicking capture, hooks left: %s", withGrad, left)
		}
	}
}

// TestClipStopsAfterRemove checks the behaviour behind the census: after
// Remove, gradients are no longer clipped.
func TestClipStopsAfterRemove(t *testing.T) {
	net := cleanupNet()
	x := tensorlib.Full(10, 5, 4)
	g := hooks.ClipGradValue(net, 0.01)
	net.Forward(x).Sum().Backward()
	clipped := maxAbsGrad(net)
	if clipped > 0.01+1e-7 {
		t.Fatalf("with ClipGradValue(0.01), max |grad| = %v", clipped)
	}
	g.Remove()
	net.ZeroGrad()
	net.Forward(x).Sum().Backward()
	if free := maxAbsGrad(net); free <= 0.011 {
		t.Errorf("after Remove, max |grad| = %v, want the unclipped gradient (> 0.01)", free)
	}
}

func maxAbsGrad(net *nnlib.Module) float32 {
	var m float32
	for _, p := range net.Parameters() {
		if g := p.Grad(); g != nil {
			m = max(m, g.Abs().Max().Item())
		}
	}
	return m
}
