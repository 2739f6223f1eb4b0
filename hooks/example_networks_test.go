package hooks_test

import (
	"fmt"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/models"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// Glob patterns name the attention patterns of every block; With zeroes
// the heads of block 0 for one forward pass and removes its hook after.
func ExampleWith() {
	gpt := models.GPT(models.GPTConfig{Vocab: 10, Context: 4, Dim: 8, Heads: 2, Layers: 2})
	x := tensorlib.New([]float32{1, 2, 3}, 1, 3)
	c := hooks.Capture(gpt, x, "blocks.*.attn.pattern")
	fmt.Println(c.Names())
	hooks.With(gpt, []hooks.Hook{{Path: "blocks.0.attn.z", Forward: zero}}, func() {
		fmt.Println(hooks.Active(gpt))
		gpt.Forward(x)
	})
	fmt.Println(hooks.Active(gpt))
	// Output:
	// [blocks.0.attn.pattern blocks.1.attn.pattern]
	// blocks.0.attn.z              HookPoint            forward       1
	// no hooks
}

func zero(_ *nnlib.Module, _ []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
	return tensorlib.ZerosLike(out)
}
