package hooks

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// Stats records one statistic of chosen modules' outputs over training,
// step by step: the layer × step table behind viz.LayerSteps. Use it from
// one goroutine.
type Stats struct {
	stat    string
	layers  []string
	index   map[string]int
	sums    []float64 // this step's per-layer sum of values, and counts
	counts  []int
	history [][]float32 // per finished step, per layer
	group   *Group
}

// ActivationStats registers a forward hook on each module named by paths
// (paths or patterns; none means every module) that computes stat of its
// output: "mean", "std" (population), "abs_mean" or "zero_frac" (the share
// of exact zeros, dead ReLUs). Step closes a training step; a layer's value
// for a step is the mean over its calls in that step (NaN if it was not
// called). Remove takes the hooks off.
func ActivationStats(model *nnlib.Module, stat string, paths ...string) *Stats {
	switch stat {
	case "mean", "std", "abs_mean", "zero_frac":
	default:
		panic(fmt.Sprintf("hooks: ActivationStats: unknown statistic %q (want mean, std, abs_mean or zero_frac)", stat))
	}
	mods := resolve("ActivationStats", model, paths)
	s := &Stats{stat: stat, index: map[string]int{}, group: &Group{}, sums: make([]float64, len(mods)), counts: make([]int, len(mods))}
	for i, nm := range mods {
		s.layers = append(s.layers, nm.Name)
		s.index[nm.Name] = i
		i := i
		s.group.Add(nm.Module.RegisterForwardHook(func(_ *nnlib.Module, _ []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
			if out != nil && out.Numel() > 0 {
				s.sums[i] += statOf(stat, out.Data())
				s.counts[i]++
			}
			return nil
		}))
	}
	return s
}

func statOf(stat string, d []float32) float64 {
	var sum, sq, abs float64
	zeros := 0
	for _, v := range d {
		x := float64(v)
		sum += x
		sq += x * x
		abs += math.Abs(x)
		if v == 0 {
			zeros++
		}
	}
	n := float64(len(d))
	switch stat {
	case "mean":
		return sum / n
	case "std":
		m := sum / n
		return math.Sqrt(max(sq/n-m*m, 0))
	case "abs_mean":
		return abs / n
	}
	return float64(zeros) / n
}

// Step ends the current step, recording each layer's value.
func (s *Stats) Step() {
	row := make([]float32, len(s.layers))
	for i := range row {
		row[i] = float32(math.NaN())
		if s.counts[i] > 0 {
			row[i] = float32(s.sums[i] / float64(s.counts[i]))
		}
		s.sums[i], s.counts[i] = 0, 0
	}
	s.history = append(s.history, row)
}

// Layers returns the module paths, the rows of Values.
func (s *Stats) Layers() []string { return append([]string(nil), s.layers...) }

// Values returns the table [layers, steps] of the finished steps. It panics
// if no step has finished.
func (s *Stats) Values() *tensorlib.Tensor {
	if len(s.history) == 0 {
		panic("hooks: Stats.Values: no step recorded yet; call Step after each training step")
	}
	n, l := len(s.history), len(s.layers)
	d := make([]float32, l*n)
	for t, row := range s.history {
		for i, v := range row {
			d[i*n+t] = v
		}
	}
	return tensorlib.New(d, l, n)
}

// Remove takes the hooks off the model; the recorded values stay.
func (s *Stats) Remove() { s.group.Remove() }
