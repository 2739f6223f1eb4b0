package tensorlib_test

import (
	"fmt"

	"github.com/gohooks/gohooks/tensorlib"
)

func Example() {
	x := tensorlib.Tensor1(1, 2, 3).SetRequiresGrad(true)
	y := x.Mul(x).Sum() // y = Σx²
	y.Backward()
	fmt.Println(y)
	fmt.Println(x.Grad())
	// Output:
	// tensor(14., grad_fn=<SumBackward0>)
	// tensor([2., 4., 6.])
}

func ExampleTensor_RegisterHook() {
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	// Double the gradient on its way into x.Grad().
	h := x.RegisterHook(func(grad *tensorlib.Tensor) *tensorlib.Tensor {
		fmt.Println("hook sees", grad)
		return grad.MulScalar(2)
	})
	x.MulScalar(3).Sum().Backward()
	fmt.Println(x.Grad())
	h.Remove()
	// Output:
	// hook sees tensor([3., 3.])
	// tensor([6., 6.])
}

func ExampleTensor_MatMul() {
	v := tensorlib.Tensor1(1, 2)
	m := tensorlib.New([]float32{1, 2, 3, 4}, 2, 2)
	fmt.Println(v.MatMul(m)) // a 1-D left operand is a row vector
	fmt.Println(m.MatMul(m))
	// Output:
	// tensor([ 7., 10.])
	// tensor([[ 7., 10.],
	//         [15., 22.]])
}

func ExampleTensor_Add() {
	a := tensorlib.New([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	b := tensorlib.Tensor1(10, 20, 30) // broadcasts over the rows of a
	fmt.Println(a.Add(b))
	// Output:
	// tensor([[11., 22., 33.],
	//         [14., 25., 36.]])
}

func ExampleTensor_RetainGrad() {
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	z := x.MulScalar(3)
	z.RetainGrad()
	z.PowScalar(2).Sum().Backward()
	fmt.Println(z.Grad(), x.Grad())
	// Output:
	// tensor([ 6., 12.]) tensor([18., 36.])
}

func ExampleNoGrad() {
	w := tensorlib.Ones(2).SetRequiresGrad(true)
	tensorlib.NoGrad(func() {
		fmt.Println(w.MulScalar(2).RequiresGrad())
	})
	// Output:
	// false
}

func ExampleTensor_Softmax() {
	x := tensorlib.Tensor1(1, 2, 3)
	fmt.Println(x.Softmax(0))
	// Output:
	// tensor([0.0900, 0.2447, 0.6652])
}

func ExampleMSELoss() {
	x := tensorlib.Tensor1(1, 2, 3).SetRequiresGrad(true)
	target := tensorlib.Tensor1(1, 0, 5)
	loss := tensorlib.MSELoss(x, target, "mean")
	loss.Backward()
	fmt.Println(loss)
	fmt.Println(x.Grad())
	// Output:
	// tensor(2.6667, grad_fn=<MseLossBackward0>)
	// tensor([ 0.0000,  1.3333, -1.3333])
}

func ExampleBCEWithLogits() {
	logits := tensorlib.Tensor1(2, -1, 0).SetRequiresGrad(true)
	target := tensorlib.Tensor1(1, 0, 1)
	loss := tensorlib.BCEWithLogits(logits, target, "sum")
	loss.Backward()
	fmt.Println(loss)
	fmt.Println(logits.Grad())
	// Output:
	// tensor(1.1333, grad_fn=<BinaryCrossEntropyWithLogitsBackward0>)
	// tensor([-0.1192,  0.2689, -0.5000])
}
