package nnlib_test

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// refValues is a tensor as the reference scripts write it to JSON.
type refValues struct {
	Shape []int     `json:"shape"`
	Data  []float32 `json:"data"`
}

type refEvent struct {
	Kind    string       `json:"kind"`
	Out     []*refValues `json:"out"`
	GradIn  []*refValues `json:"grad_in"`
	GradOut []*refValues `json:"grad_out"`
}

func asRef(t *tensorlib.Tensor) *refValues {
	if t == nil {
		return nil
	}
	return &refValues{Shape: t.Shape(), Data: t.Data()}
}

func asRefs(ts []*tensorlib.Tensor) []*refValues {
	out := make([]*refValues, len(ts))
	for i, t := range ts {
		out[i] = asRef(t)
	}
	return out
}

// two is the reference script's Two: forward(x, y) = (2x, x*y).
func two() *nnlib.Module {
	return nnlib.NewMultiOutputModule("Two", func(self *nnlib.Module, in ...*tensorlib.Tensor) []*tensorlib.Tensor {
		return []*tensorlib.Tensor{in[0].MulScalar(2), in[0].Mul(in[1])}
	})
}

// TestMultiOutputHooksMatchPyTorch replays the cases of
// scripts/torch_reference/multi_output.py: forward hooks see every output,
// gradOut has one slot per output with nil where no gradient flowed, and a
// forward hook's replacement of one output is what backward sees.
func TestMultiOutputHooksMatchPyTorch(t *testing.T) {
	raw, err := os.ReadFile("testdata/multi_output_hooks.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Cases map[string]struct {
			Events []refEvent `json:"events"`
			XGrad  *refValues `json:"x_grad"`
			YGrad  *refValues `json:"y_grad"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		loss    func(a, b *tensorlib.Tensor) *tensorlib.Tensor
		replace func(outs []*tensorlib.Tensor) []*tensorlib.Tensor
		yGrad   bool
	}{
		"first_only":  {loss: func(a, b *tensorlib.Tensor) *tensorlib.Tensor { return a.Sum() }},
		"second_only": {loss: func(a, b *tensorlib.Tensor) *tensorlib.Tensor { return b.MulScalar(3).Sum() }},
		"both":        {loss: func(a, b *tensorlib.Tensor) *tensorlib.Tensor { return a.Mul(b).Sum() }, yGrad: true},
		"replace_second": {
			loss: func(a, b *tensorlib.Tensor) *tensorlib.Tensor { return b.Mul(b).Sum() },
			replace: func(o []*tensorlib.Tensor) []*tensorlib.Tensor {
				return []*tensorlib.Tensor{o[0], o[1].AddScalar(1)}
			},
		},
	}
	if len(ref.Cases) != len(cases) {
		t.Fatalf("reference has %d cases, the test %d", len(ref.Cases), len(cases))
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			want := ref.Cases[name]
			m := two()
			var got []refEvent
			m.RegisterForwardHookAll(func(_ *nnlib.Module, in, outs []*tensorlib.Tensor) []*tensorlib.Tensor {
				got = append(got, refEvent{Kind: "forward", Out: asRefs(outs)})
				if c.replace != nil {
					return c.replace(outs)
				}
				return nil
			})
			m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
				got = append(got, refEvent{Kind: "backward", GradIn: asRefs(gradIn), GradOut: asRefs(gradOut)})
				return nil
			})
			x := tensorlib.Tensor1(1, 2, -3).SetRequiresGrad(true)
			y := tensorlib.Tensor1(4, -5, 6).SetRequiresGrad(c.yGrad)
			outs := m.ForwardAll(x, y)
			c.loss(outs[0], outs[1]).Backward()
			if !reflect.DeepEqual(got, want.Events) {
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(want.Events)
				t.Errorf("hook events\n got %s\nwant %s", gj, wj)
			}
			if !reflect.DeepEqual(asRef(x.Grad()), want.XGrad) || !reflect.DeepEqual(asRef(y.Grad()), want.YGrad) {
				t.Errorf("grads x %v y %v, want %v %v", x.Grad(), y.Grad(), want.XGrad, want.YGrad)
			}
		})
	}
}

func TestSingleOutputHookSeesFirstOutput(t *testing.T) {
	m := two()
	m.RegisterForwardHook(func(_ *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		return out.AddScalar(100)
	})
	outs := m.ForwardAll(tensorlib.Tensor1(1, 2), tensorlib.Tensor1(3, 4))
	if got := outs[0].Data(); got[0] != 102 || got[1] != 104 {
		t.Errorf("first output %v, want [102 104]", got)
	}
	if got := outs[1].Data(); got[0] != 3 || got[1] != 8 {
		t.Errorf("second output %v, want [3 8] (untouched)", got)
	}
	if got := m.Forward(tensorlib.Tensor1(1, 2), tensorlib.Tensor1(3, 4)).Data(); got[0] != 102 {
		t.Errorf("Forward %v, want the first output [102 104]", got)
	}
}

func TestBackwardPreHookReplacesOneOutputSlot(t *testing.T) {
	m := two()
	var seen [][]*tensorlib.Tensor
	m.RegisterFullBackwardPreHook(func(_ *nnlib.Module, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		seen = append(seen, gradOut)
		return []*tensorlib.Tensor{nil, gradOut[1].MulScalar(10)}
	})
	x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
	outs := m.ForwardAll(x, tensorlib.Tensor1(3, 4))
	outs[0].Sum().Add(outs[1].Sum()).Backward()
	if len(seen) != 1 || len(seen[0]) != 2 || seen[0][0] == nil || seen[0][1] == nil {
		t.Fatalf("pre-hook saw %v, want one call with two gradients", seen)
	}
	// The first output's gradient is dropped; the second's is 10: x.grad = 10*y.
	if got := x.Grad().Data(); got[0] != 30 || got[1] != 40 {
		t.Errorf("x.grad %v, want [30 40]", got)
	}
}

func TestForwardHookAllWrongLengthPanics(t *testing.T) {
	m := two()
	m.RegisterForwardHookAll(func(_ *nnlib.Module, in, outs []*tensorlib.Tensor) []*tensorlib.Tensor {
		return outs[:1]
	})
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "returned 1 outputs, but the module has 2") {
			t.Errorf("panic %v, want one naming both lengths", r)
		}
	}()
	m.ForwardAll(tensorlib.Tensor1(1), tensorlib.Tensor1(2))
}

func refTensor(v *refValues) *tensorlib.Tensor { return tensorlib.New(v.Data, v.Shape...) }

// sameSlots reports how got differs from want: slot by slot, nil where
// PyTorch has None, values at float32 tolerance.
func sameSlots(got []*tensorlib.Tensor, want []*refValues) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d slots, want %d", len(got), len(want))
	}
	for i := range got {
		switch {
		case want[i] == nil && got[i] != nil:
			return fmt.Sprintf("slot %d is %v, want nil", i, got[i].Shape())
		case want[i] == nil:
		case got[i] == nil:
			return fmt.Sprintf("slot %d is nil", i)
		default:
			if msg := closeTo(got[i], refTensor(want[i])); msg != "" {
				return fmt.Sprintf("slot %d: %s", i, msg)
			}
		}
	}
	return ""
}

// TestMultiheadAttentionHooksMatchPyTorch: the forward hook of
// MultiheadAttention sees (output, weights), and gradOut has a nil slot for
// the weights when they do not reach the loss; gradIn has a slot for each
// of query, key and value (the same tensor here).
func TestMultiheadAttentionHooksMatchPyTorch(t *testing.T) {
	raw, err := os.ReadFile("testdata/multi_output_hooks.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Attention map[string]struct {
			Events []refEvent            `json:"events"`
			X      *refValues            `json:"x"`
			XGrad  *refValues            `json:"x_grad"`
			Params map[string]*refValues `json:"params"`
		} `json:"attention"`
	}
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	if len(ref.Attention) != 2 {
		t.Fatalf("reference has %d attention cases, want 2", len(ref.Attention))
	}
	for name, want := range ref.Attention {
		t.Run(name, func(t *testing.T) {
			m := nnlib.MultiheadAttention(4, 2, nnlib.BatchFirst(true))
			var sd []nnlib.NamedTensor
			for k, v := range want.Params {
				sd = append(sd, nnlib.NamedTensor{Name: k, Tensor: refTensor(v)})
			}
			if _, _, err := m.LoadStateDict(sd, true); err != nil {
				t.Fatal(err)
			}
			type event struct {
				kind            string
				outs, gin, gout []*tensorlib.Tensor
			}
			var got []event
			m.RegisterForwardHookAll(func(_ *nnlib.Module, in, outs []*tensorlib.Tensor) []*tensorlib.Tensor {
				got = append(got, event{kind: "forward", outs: outs})
				return nil
			})
			m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
				got = append(got, event{kind: "backward", gin: gradIn, gout: gradOut})
				return nil
			})
			x := refTensor(want.X).SetRequiresGrad(true)
			outs := m.ForwardAll(x, x, x)
			loss := outs[0].Mul(tensorlib.Arange(0, 12, 1).Reshape(1, 3, 4)).Sum()
			if name == "output_and_weights" {
				loss = loss.Add(outs[1].Mul(outs[1]).Sum())
			}
			loss.Backward()
			if len(got) != len(want.Events) {
				t.Fatalf("%d hook calls, want %d", len(got), len(want.Events))
			}
			for i, e := range want.Events {
				g := got[i]
				if g.kind != e.Kind {
					t.Fatalf("call %d is %s, want %s", i, g.kind, e.Kind)
				}
				for _, c := range []struct {
					what string
					got  []*tensorlib.Tensor
					want []*refValues
				}{{"outputs", g.outs, e.Out}, {"gradIn", g.gin, e.GradIn}, {"gradOut", g.gout, e.GradOut}} {
					if c.want == nil && c.got == nil {
						continue
					}
					if msg := sameSlots(c.got, c.want); msg != "" {
						t.Errorf("%s call, %s: %s", e.Kind, c.what, msg)
					}
				}
			}
			if msg := closeTo(x.Grad(), refTensor(want.XGrad)); msg != "" {
				t.Errorf("x.grad: %s", msg)
			}
		})
	}
}

// TestLSTMHooksFlattenPyTorchsOutputs: PyTorch's LSTM returns
// (output, (h_n, c_n)) and its full backward hooks get gradOut (g, None),
// the pair being no tensor. gohooks' LSTM returns three outputs, so gradOut
// has three slots: the first equals PyTorch's, the second holds the gradient
// through h_n that PyTorch's hooks never see, the third is nil. gradIn and
// x.grad are PyTorch's.
func TestLSTMHooksFlattenPyTorchsOutputs(t *testing.T) {
	raw, err := os.ReadFile("testdata/multi_output_hooks.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		LSTM struct {
			Events []refEvent            `json:"events"`
			X      *refValues            `json:"x"`
			XGrad  *refValues            `json:"x_grad"`
			Params map[string]*refValues `json:"params"`
		} `json:"lstm"`
	}
	if err := json.Unmarshal(raw, &ref); err != nil {
		t.Fatal(err)
	}
	want := ref.LSTM
	m := nnlib.LSTM(2, 3)
	var sd []nnlib.NamedTensor
	for k, v := range want.Params {
		sd = append(sd, nnlib.NamedTensor{Name: k, Tensor: refTensor(v)})
	}
	if _, _, err := m.LoadStateDict(sd, true); err != nil {
		t.Fatal(err)
	}
	var gin, gout [][]*tensorlib.Tensor
	m.RegisterFullBackwardHook(func(_ *nnlib.Module, gradIn, gradOut []*tensorlib.Tensor) []*tensorlib.Tensor {
		gin, gout = append(gin, gradIn), append(gout, gradOut)
		return nil
	})
	x := refTensor(want.X).SetRequiresGrad(true)
	outs := m.ForwardAll(x)
	outs[0].Mul(tensorlib.Arange(0, 12, 1).Reshape(4, 1, 3)).Sum().Add(outs[1].Sum()).Backward()
	if len(gout) != 1 || len(want.Events) != 1 {
		t.Fatalf("%d hook calls here, %d in PyTorch; want 1", len(gout), len(want.Events))
	}
	e := want.Events[0]
	if len(e.GradOut) != 2 || e.GradOut[1] != nil || len(gout[0]) != 3 {
		t.Fatalf("gradOut slots: PyTorch %d, here %d", len(e.GradOut), len(gout[0]))
	}
	if msg := sameSlots(gout[0][:1], e.GradOut[:1]); msg != "" {
		t.Errorf("gradOut[0]: %s", msg)
	}
	if g := gout[0][1]; g == nil || fmt.Sprint(g.Data()) != fmt.Sprint(tensorlib.OnesLike(outs[1]).Data()) {
		t.Errorf("gradOut[1] (h_n) is %v, want ones", g)
	}
	if gout[0][2] != nil {
		t.Errorf("gradOut[2] (c_n) is %v, want nil", gout[0][2])
	}
	if msg := sameSlots(gin[0], e.GradIn); msg != "" {
		t.Errorf("gradIn: %s", msg)
	}
	if msg := closeTo(x.Grad(), refTensor(want.XGrad)); msg != "" {
		t.Errorf("x.grad: %s", msg)
	}
}
