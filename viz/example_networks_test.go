package viz_test

import (
	"fmt"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/models"
	"github.com/gohooks/gohooks/tensorlib"
	"github.com/gohooks/gohooks/viz"
)

// The attention patterns of a GPT's first block, read from the hook point
// inside its attention, one heatmap per head with the tokens on the axes.
func ExampleAttentionPatterns() {
	gpt := models.GPT(models.GPTConfig{Vocab: 10, Context: 4, Dim: 8, Heads: 2, Layers: 1})
	x := tensorlib.New([]float32{3, 1, 4, 1}, 1, 4)
	pattern := hooks.Capture(gpt, x, "blocks.0.attn.pattern").Get("blocks.0.attn.pattern")
	f := viz.AttentionPatterns(pattern, []string{"3", "1", "4", "1"})
	fmt.Println(f)
	describe(f)
	// Output:
	// AttentionPatterns: 2 heads, 4 queries × 4 keys
	// [image/png text/plain] 520 240
}

// A statistic by layer and training step, as hooks.ActivationStats
// records it.
func ExampleLayerSteps() {
	v := tensorlib.New([]float32{1, 0.9, 0.8, 0.2, 0.3, 0.4}, 2, 3)
	fmt.Println(viz.LayerSteps(v, []string{"layer1", "layer2"}))
	// Output:
	// LayerSteps: 2 layers × 3 steps; Heatmap 2×3, values in [0.2, 1] (viridis, 0.2 to 1)
}
