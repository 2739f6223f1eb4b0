package hooks

import (
	"fmt"
	"io"
	"math"
	"os"
	"sync"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// Monitor watches the gradient norms of a model's parameters; see
// GradientMonitor.
type Monitor struct {
	// Out receives the warnings. nil, the default, means os.Stderr as it is
	// when the warning is written.
	Out io.Writer

	model    *nnlib.Module
	explode  float32
	vanish   float32
	group    *Group
	mu       sync.Mutex
	names    []string
	classes  map[string]string
	history  map[string][]float32
	warnings int
}

// GradientMonitor registers a post-accumulate-grad hook on every parameter
// of model (as NamedParameters lists them now). Each time a backward pass
// has accumulated a parameter's gradient, the hook computes the L2 norm of
// the parameter's Grad (the accumulated gradient the optimizer will use),
// appends it to that parameter's history, and writes a warning line naming
// the parameter, its module's class and the norm when the norm is strictly
// above explodeAbove or strictly below vanishBelow:
//
//	hooks: gradient of 0.weight (Conv2d) is exploding: norm 12.5 > 10
//	hooks: gradient of 3.bias (Conv2d) is vanishing: norm 1e-09 < 1e-06
//
// A norm equal to a bound gives no warning. A bound of 0 or less switches
// its check off. Norms are computed in float64 and kept as float32; the
// comparison is made on the float32 value the history holds. A parameter that
// received no gradient in a backward pass gets no entry for it.
func GradientMonitor(model *nnlib.Module, explodeAbove, vanishBelow float32) *Monitor {
	if model == nil {
		panic("hooks: GradientMonitor: nil model")
	}
	if math.IsNaN(float64(explodeAbove)) || math.IsNaN(float64(vanishBelow)) {
		panic(fmt.Sprintf("hooks: GradientMonitor: bounds must be numbers (explodeAbove %v, vanishBelow %v)", explodeAbove, vanishBelow))
	}
	if explodeAbove > 0 && vanishBelow > explodeAbove {
		panic(fmt.Sprintf("hooks: GradientMonitor: vanishBelow %v is above explodeAbove %v", vanishBelow, explodeAbove))
	}
	mon := &Monitor{
		model:   model,
		explode: explodeAbove,
		vanish:  vanishBelow,
		group:   &Group{},
		classes: map[string]string{},
		history: map[string][]float32{},
	}
	for _, p := range model.NamedParameters() {
		name := p.Name
		mon.names = append(mon.names, name)
		mon.classes[name] = ownerClass(model, name)
		mon.group.Add(p.Tensor.RegisterPostAccumulateGradHook(func(t *tensorlib.Tensor) {
			mon.record(name, t.Grad())
		}))
	}
	return mon
}

func (mon *Monitor) record(name string, grad *tensorlib.Tensor) {
	if grad == nil {
		return
	}
	norm := l2(grad.Data())
	mon.mu.Lock()
	mon.history[name] = append(mon.history[name], norm)
	var msg string
	switch {
	case mon.explode > 0 && norm > mon.explode:
		msg = fmt.Sprintf("hooks: gradient of %s (%s) is exploding: norm %g > %g\n", name, mon.classes[name], norm, mon.explode)
	case mon.vanish > 0 && norm < mon.vanish:
		msg = fmt.Sprintf("hooks: gradient of %s (%s) is vanishing: norm %g < %g\n", name, mon.classes[name], norm, mon.vanish)
	}
	if msg != "" {
		mon.warnings++
	}
	w := mon.Out
	mon.mu.Unlock()
	if msg == "" {
		return
	}
	if w == nil {
		w = os.Stderr
	}
	_, _ = io.WriteString(w, msg)
}

// l2 is the Euclidean norm of d, accumulated in float64.
func l2(d []float32) float32 {
	var s float64
	for _, v := range d {
		s += float64(v) * float64(v)
	}
	return float32(math.Sqrt(s))
}

// Names returns the monitored parameters' names, in NamedParameters order.
func (mon *Monitor) Names() []string {
	return append([]string(nil), mon.names...)
}

// History returns the gradient norms recorded for the parameter name, one
// per backward pass that reached it, oldest first. A name that is not
// monitored panics with the list of monitored names.
func (mon *Monitor) History(name string) []float32 {
	mon.mu.Lock()
	defer mon.mu.Unlock()
	if _, ok := mon.classes[name]; !ok {
		panic(fmt.Sprintf("hooks: Monitor.History: no parameter %q is monitored (parameters: %s)", name, quoteList(mon.names)))
	}
	return append([]float32(nil), mon.history[name]...)
}

// Warnings returns how many warnings the monitor has written.
func (mon *Monitor) Warnings() int {
	mon.mu.Lock()
	defer mon.mu.Unlock()
	return mon.warnings
}

// Remove takes the monitor's hooks off the parameters; the history stays.
// Calling it again is harmless.
func (mon *Monitor) Remove() { mon.group.Remove() }
