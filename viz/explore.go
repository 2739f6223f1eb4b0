package viz

import (
	"fmt"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/tensorlib"
	"github.com/gohooks/gohooks/widgets"
)

// Explore shows the activations of a capture interactively: a drop-down
// list of the captured layers, a slider over the chosen layer's channels,
// and the heatmap of that channel for the first item of the batch, redrawn
// in place as the controls move. A 4-D output [N, C, H, W] shows channel
// C's H×W map; a 3-D output [N, T, D] (a sequence) shows its T×D matrix
// and a 2-D output [N, F] its F features as one row, with the slider at 0.
// Layers whose output is a scalar are left out. opts apply to every
// heatmap. Explore panics when no captured layer can be drawn.
func Explore(c *hooks.Captured, opts ...Option) {
	var names []string
	model := false // the model's own output goes last: its layers come first
	for _, n := range c.Names() {
		if t := c.Get(n); t != nil && t.Dim() >= 2 {
			if n == "" {
				model = true
				continue
			}
			names = append(names, n)
		}
	}
	if model {
		names = append(names, modelLabel)
	}
	if len(names) == 0 {
		panic(fmt.Sprintf("viz: Explore: no captured output with 2 or more dimensions (captured %q)", c.Names()))
	}
	path := func(label string) string {
		if label == modelLabel {
			return ""
		}
		return label
	}
	channels := func(layer string) int {
		if t := c.Get(path(layer)); t.Dim() == 4 {
			return t.Shape()[1]
		}
		return 1
	}
	layer := widgets.Dropdown(names).Describe("layer")
	channel := widgets.IntSlider(0, channels(names[0])-1).Describe("channel")
	layer.OnChange(func(w *widgets.Widget) {
		top := channels(w.Text()) - 1
		if channel.Int() > top {
			channel.SetValue(top)
		}
		channel.Set("max", top)
	})
	widgets.Interact(func(name string, ch int) *Figure {
		t := c.Get(path(name))
		return Heatmap(exploreMap(t, ch), append([]Option{Title(exploreTitle(t, name, ch))}, opts...)...)
	}, layer, channel)
}

// exploreMap picks what Explore draws of activation t.
func exploreMap(t *tensorlib.Tensor, ch int) *tensorlib.Tensor {
	t = t.Detach()
	switch t.Dim() {
	case 4:
		return t.Select(0, 0).Select(0, min(ch, t.Shape()[1]-1))
	case 3:
		return t.Select(0, 0)
	case 2:
		return t.Narrow(0, 0, 1)
	}
	return t.Reshape(1, -1)
}

// modelLabel names the model's own output in Explore's list (its path is
// "", which would show as a blank line).
const modelLabel = "(model)"

func exploreTitle(t *tensorlib.Tensor, name string, ch int) string {
	if t.Dim() == 4 {
		return fmt.Sprintf("%s, channel %d of %d", name, min(ch, t.Shape()[1]-1), t.Shape()[1])
	}
	return fmt.Sprintf("%s %v", name, t.Shape())
}
