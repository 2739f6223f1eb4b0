package viz

import (
	"strings"
	"testing"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/tensorlib"
)

func TestAttentionPatternsGolden(t *testing.T) {
	// Two causal heads over four tokens: head 0 attends to the previous
	// token, head 1 spreads evenly.
	d := []float32{
		1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0,
		1, 0, 0, 0, 0.5, 0.5, 0, 0, 1. / 3, 1. / 3, 1. / 3, 0, 0.25, 0.25, 0.25, 0.25,
	}
	f := AttentionPatterns(tensorlib.New(d, 1, 2, 4, 4), []string{"the", "cat", "sat", "down"})
	if !strings.Contains(f.String(), "2 heads, 4 queries × 4 keys") {
		t.Errorf("description %q", f.String())
	}
	checkGolden(t, "attention_patterns", f)
}

func TestLayerStepsGolden(t *testing.T) {
	v := tensorlib.New([]float32{1, 0.8, 0.6, 0.5, 0.4, 0.2, 0.3, 0.5, 0.7, 0.9, 0, 0.1, 0.1, 0.2, 0.2}, 3, 5)
	checkGolden(t, "layer_steps", LayerSteps(v, []string{"layer1", "layer2.0.relu", "fc"}, Title("std of outputs")))
}

func TestPatchingHeatmapGolden(t *testing.T) {
	p := &hooks.Patching{
		Rows:   []string{"blocks.0", "blocks.1.attn.z"},
		Effect: tensorlib.New([]float32{1, 2, 3, 0.5, -1, 3}, 2, 3),
		Clean:  3, Corrupted: 1,
	}
	checkGolden(t, "patching_heatmap", PatchingHeatmap(p, []string{"a", "b", "c"}))
}

func TestHeatmapLabelCountMustMatch(t *testing.T) {
	defer func() {
		if r, _ := recover().(string); !strings.Contains(r, "2 row labels for 3 rows") {
			t.Errorf("panic %q", r)
		}
	}()
	Heatmap(tensorlib.Zeros(3, 3), RowLabels("a", "b")).PNG()
}
