package nnlib_test

import (
	"fmt"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// A module with two outputs: forward hooks registered with
// RegisterForwardHookAll see both, and gradOut has a slot per output, nil
// for the output that did not reach the loss.
func ExampleNewMultiOutputModule() {
	m := nnlib.NewMultiOutputModule("Split", func(self *nnlib.Module, in ...*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{in[0].MulScalar(2), in[0].MulScalar(3)}
	})
	m.RegisterForwardHookAll(func(m *nnlib.Module, in, outs []*tensorlib.Tensor) []*tensorlib.Tensor {
		fmt.Println("outputs:", outs[0], outs[1])
		return nil
	})
	m.RegisterFullBackwardHook(func(m *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		fmt.Println("gradOut:", gradOut[0], gradOut[1])
		return nil
	})
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	outs := m.ForwardAll(x)
	outs[1].Sum().Backward()
	fmt.Println("x.grad:", x.Grad())
	// Output:
	// outputs: tensor([2., 4.], grad_fn=<MulBackward0>) tensor([3., 6.], grad_fn=<MulBackward0>)
	// gradOut: <nil> tensor([1., 1.])
	// x.grad: tensor([3., 3.])
}

// Causal self-attention over 5 tokens; a forward hook on the hook point
// "pattern" sees the attention weights of each head.
func ExampleMultiheadAttention() {
	attn := nnlib.MultiheadAttention(8, 2, nnlib.BatchFirst(true), nnlib.Causal(true))
	attn.Child("pattern").RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, p *tensorlib.Tensor) *tensorlib.Tensor {
		fmt.Println("pattern", p.Shape(), "first query attends only to itself:", p.At(0, 0, 0, 0))
		return nil
	})
	x := tensorlib.Randn(1, 5, 8)
	outs := attn.ForwardAll(x, x, x)
	fmt.Println("output", outs[0].Shape(), "weights", outs[1].Shape())
	fmt.Println(attn)
	// Output:
	// pattern [1 2 5 5] first query attends only to itself: 1
	// output [1 5 8] weights [1 5 5]
	// MultiheadAttention(
	//   (out_proj): NonDynamicallyQuantizableLinear(in_features=8, out_features=8, bias=True)
	// )
}

// An LSTM returns the output sequence and the final hidden and cell
// states, for each layer and direction.
func ExampleLSTM() {
	lstm := nnlib.LSTM(3, 4, nnlib.NumLayers(2), nnlib.Bidirectional(true), nnlib.BatchFirst(true))
	outs := lstm.ForwardAll(tensorlib.Randn(2, 7, 3))
	fmt.Println(outs[0].Shape(), outs[1].Shape(), outs[2].Shape())
	fmt.Println(lstm.NamedParameters()[4].Name)
	// Output:
	// [2 7 8] [4 2 4] [4 2 4]
	// weight_ih_l0_reverse
}
