package hooks

import (
	"fmt"
	"math"
	"strings"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// Patching is the result of PatchActivations: for each patched module (a
// row) and each index along the patched dimension (a column), the metric of
// the corrupted run with that one slice of the module's output taken from
// the clean run.
type Patching struct {
	Rows      []string          // module paths, in NamedModules order
	Effect    *tensorlib.Tensor // [len(Rows), size of the patched dimension]
	Clean     float32           // the metric of the clean run
	Corrupted float32           // the metric of the corrupted run
}

// Normalized returns Effect rescaled so that 0 is the corrupted run's
// metric and 1 the clean run's: how much of the difference each patch
// restores. It panics if the two runs have the same metric.
func (p *Patching) Normalized() *tensorlib.Tensor {
	d := p.Clean - p.Corrupted
	if d == 0 || math.IsNaN(float64(d)) {
		panic(fmt.Sprintf("hooks: Patching.Normalized: the clean and corrupted metrics are equal (%v)", p.Clean))
	}
	return p.Effect.SubScalar(p.Corrupted).DivScalar(d)
}

// String prints the rows with their effects.
func (p *Patching) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "clean %.4g, corrupted %.4g\n", p.Clean, p.Corrupted)
	cols := p.Effect.Size(1)
	d := p.Effect.Data()
	for i, r := range p.Rows {
		fmt.Fprintf(&b, "%-24s", r)
		for j := 0; j < cols; j++ {
			fmt.Fprintf(&b, " %8.4g", d[i*cols+j])
		}
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}

// PatchActivations does activation patching: it runs model on clean and on
// corrupted (inputs of the same shape) and, for every module the paths or
// patterns name and every index i along dimension dim of its output (1:
// positions of [N, T, D], or heads of an attention's "z" [N, heads, T, D]),
// runs corrupted again with slice i of that output replaced by the clean
// run's, and records metric(output). All runs are without gradients; the
// patch is a forward hook added after the module's own. Every named output
// must have the same size along dim.
func PatchActivations(model *nnlib.Module, clean, corrupted *tensorlib.Tensor, dim int, metric func(out *tensorlib.Tensor) float32, paths ...string) *Patching {
	if metric == nil {
		panic("hooks: PatchActivations: nil metric")
	}
	if clean == nil || corrupted == nil || fmt.Sprint(clean.Shape()) != fmt.Sprint(corrupted.Shape()) {
		panic(fmt.Sprintf("hooks: PatchActivations: clean %s and corrupted %s inputs must have the same shape", shapeText(clean), shapeText(corrupted)))
	}
	mods := resolve("PatchActivations", model, paths)
	p := &Patching{}
	var cache *Captured
	tensorlib.NoGrad(func() {
		cache = Capture(model, clean, namesOf(mods)...)
		p.Clean = metric(cache.Output())
		p.Corrupted = metric(model.Forward(corrupted))
	})
	size := -1
	for _, nm := range mods {
		a := cache.Get(nm.Name)
		if dim < 0 || dim >= a.Dim() {
			panic(fmt.Sprintf("hooks: PatchActivations: dimension %d out of range for the output of %q, shape %v", dim, nm.Name, a.Shape()))
		}
		if size >= 0 && a.Size(dim) != size {
			panic(fmt.Sprintf("hooks: PatchActivations: the output of %q has %d entries along dimension %d, earlier ones %d", nm.Name, a.Size(dim), dim, size))
		}
		size = a.Size(dim)
		p.Rows = append(p.Rows, nm.Name)
	}
	effect := make([]float32, len(mods)*size)
	for r, nm := range mods {
		src := cache.Get(nm.Name)
		for i := 0; i < size; i++ {
			mask := oneHot(src.Shape(), dim, i)
			h := nm.Module.RegisterForwardHook(func(_ *nnlib.Module, _ []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
				if fmt.Sprint(out.Shape()) != fmt.Sprint(src.Shape()) {
					panic(fmt.Sprintf("hooks: PatchActivations: the output of %q has shape %v on the corrupted input, %v on the clean one", nm.Name, out.Shape(), src.Shape()))
				}
				return out.MaskedFill(mask, 0).Add(src.Mul(mask))
			})
			func() {
				defer h.Remove()
				tensorlib.NoGrad(func() { effect[r*size+i] = metric(model.Forward(corrupted)) })
			}()
		}
	}
	p.Effect = tensorlib.New(effect, len(mods), size)
	return p
}

func namesOf(mods []nnlib.NamedModule) []string {
	out := make([]string, len(mods))
	for i, nm := range mods {
		out[i] = nm.Name
	}
	return out
}

// oneHot returns a tensor of shape 1 in every dimension but dim, where it
// has shape[dim] entries, one at index i.
func oneHot(shape []int, dim, i int) *tensorlib.Tensor {
	s := make([]int, len(shape))
	for k := range s {
		s[k] = 1
	}
	s[dim] = shape[dim]
	d := make([]float32, shape[dim])
	d[i] = 1
	return tensorlib.New(d, s...)
}
