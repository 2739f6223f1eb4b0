package tensorlib

import (
	"strings"
	"testing"
)

func TestStringMatchesPyTorch(t *testing.T) {
	// Expected strings printed by torch 1.13 for the same values.
	cases := []struct {
		t    *Tensor
		want string
	}{
		{Tensor1(1, 2), "tensor([1., 2.])"},
		{New([]float32{0.5, 1e-5}, 1, 2), "tensor([[5.0000e-01, 1.0000e-05]])"},
		{Tensor1(1e9, 1), "tensor([1.0000e+09, 1.0000e+00])"},
		{Scalar(3), "tensor(3.)"},
		{Tensor1(-0.5, 2.25), "tensor([-0.5000,  2.2500])"},
		{Zeros(0, 3), "tensor([], size=(0, 3))"},
		{Tensor1(), "tensor([])"},
		{Tensor1(1, float32NaN(), float32Inf()), "tensor([1., nan, inf])"},
		{Tensor1(0.1, float32NaN()), "tensor([0.1000,    nan])"},
		{Tensor1(123456.7, 1.5), "tensor([1.2346e+05, 1.5000e+00])"},
		{Arange(0, 2000, 1), "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n        1.9990e+03])"},
		{New([]float32{0.1989, 0.4394, 0.3841, 0.5473, 0.1663, 0.3364, 0.4513, 0.1324}, 2, 2, 2),
			"tensor([[[0.1989, 0.4394],\n         [0.3841, 0.5473]],\n\n        [[0.1663, 0.3364],\n         [0.4513, 0.1324]]])"},
		{New([]float32{0.4963, 0.7682}, 1, 2).SetRequiresGrad(true), "tensor([[0.4963, 0.7682]], requires_grad=True)"},
		{Tensor1(1, 2).SetRequiresGrad(true).DivScalar(1), "tensor([1., 2.], grad_fn=<DivBackward0>)"},
	}
	for _, c := range cases {
		if got := c.t.String(); got != c.want {
			t.Errorf("got\n%s\nwant\n%s", got, c.want)
		}
	}
}

func float32NaN() float32 { var z float32; return z / z }
func float32Inf() float32 { var z float32; return 1 / z }

func TestHTMLShowsShapeAndValues(t *testing.T) {
	got := New([]float32{1, 2.5, 3, 4}, 2, 2).SetRequiresGrad(true).HTML()
	want := `<div class="gohooks-tensor"><small>tensor of shape [2 2], requires_grad=True</small>` +
		`<table style="font-family:monospace"><tr><td style="text-align:right">1.0000</td><td style="text-align:right">2.5000</td></tr>` +
		`<tr><td style="text-align:right">3.0000</td><td style="text-align:right">4.0000</td></tr></table></div>`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	big := Zeros(40, 3).HTML()
	if n := strings.Count(big, "<tr>"); n != 17 {
		t.Fatalf("a 40-row tensor shows %d rows, want 16 and an ellipsis row", n)
	}
	if s := Zeros(2, 2, 2).AddScalar(1).HTML(); !strings.Contains(s, "<pre>tensor([[[1., 1.]") {
		t.Fatalf("3-D tensor HTML is not its printed form: %s", s)
	}
}
