package models_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/models"
	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func load(t *testing.T, path string) map[string]*tensorlib.Tensor {
	sd, err := nnlib.LoadSafetensors(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*tensorlib.Tensor{}
	for _, e := range sd {
		out[e.Name] = e.Tensor
	}
	return out
}

// closeTo reports where got and want differ by more than float32
// tolerance after a deep network (rtol 1e-3, atol 1e-4), or "".
func closeTo(got, want *tensorlib.Tensor) string {
	if got == nil {
		return "got nil"
	}
	if fmt.Sprint(got.Shape()) != fmt.Sprint(want.Shape()) {
		return fmt.Sprintf("shape %v, want %v", got.Shape(), want.Shape())
	}
	g, w := got.Data(), want.Data()
	for i := range g {
		if math.Abs(float64(g[i]-w[i])) > 1e-4+1e-3*math.Abs(float64(w[i])) {
			return fmt.Sprintf("element %d is %v, want %v", i, g[i], w[i])
		}
	}
	return ""
}

// checkModel loads the weights PyTorch saved into m with LoadFile, runs the saved input
// with a hook on every module, and compares every module's output of every
// call, the input gradient and the saved parameter gradients and buffers.
func checkModel(t *testing.T, m *nnlib.Module, path string, inputGrad bool) {
	// The state dict as safetensors.torch.save_file writes it, int64
	// num_batches_tracked included.
	if err := m.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	ref := load(t, strings.Replace(path, ".safetensors", ".ref.safetensors", 1))
	got := map[string]*tensorlib.Tensor{}
	for _, nm := range m.NamedModules() {
		if nm.Module.IsHookPoint() {
			continue
		}
		name := nm.Name
		nm.Module.RegisterForwardHook(func(_ *nnlib.Module, _ []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
			k := 0
			for got[fmt.Sprintf("act.%s.%d", name, k)] != nil {
				k++
			}
			got[fmt.Sprintf("act.%s.%d", name, k)] = out
			return nil
		})
	}
	x := ref["x"].Clone().SetRequiresGrad(inputGrad)
	out := m.Forward(x)
	out.Mul(ref["gy"]).Sum().Backward()
	checked := 0
	for k, want := range ref {
		switch {
		case strings.HasPrefix(k, "act."):
			if msg := closeTo(got[k], want); msg != "" {
				t.Errorf("%s: %s", k, msg)
			}
		case k == "gx":
			if msg := closeTo(x.Grad(), want); msg != "" {
				t.Errorf("input gradient: %s", msg)
			}
		case strings.HasPrefix(k, "grad."):
			if msg := closeTo(m.GetParameter(k[len("grad."):]).Grad(), want); msg != "" {
				t.Errorf("%s: %s", k, msg)
			}
		case strings.HasPrefix(k, "after."):
			if msg := closeTo(m.GetBuffer(k[len("after."):]), want); msg != "" {
				t.Errorf("%s: %s", k, msg)
			}
		default:
			continue
		}
		checked++
	}
	acts := 0
	for k := range got {
		if ref[k] == nil {
			t.Errorf("%s recorded here, not by PyTorch", k)
		}
		acts++
	}
	t.Logf("%d activations, %d values checked", acts, checked)
}

func TestResNet18MatchesPyTorch(t *testing.T) {
	m := models.ResNet18(models.ResNetConfig{Width: 8, NumClasses: 10, SmallInput: true})
	checkModel(t, m, "testdata/resnet18_w8.safetensors", true)
}

func TestGPTMatchesPyTorch(t *testing.T) {
	m := models.GPT(models.GPTConfig{Vocab: 16, Context: 8, Dim: 16, Heads: 2, Layers: 2})
	checkModel(t, m, "testdata/gpt.safetensors", false)
}

// TestStateDictNamesMatchTorchvision compares names and shapes with
// torchvision's full-size models (VGG's classifier by name only, to keep
// the test small).
func TestStateDictNamesMatchTorchvision(t *testing.T) {
	raw, err := os.ReadFile("testdata/names.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string][][2]json.RawMessage
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	build := map[string]func() *nnlib.Module{
		"resnet18":     func() *nnlib.Module { return models.ResNet18(models.ResNetConfig{}) },
		"resnet34":     func() *nnlib.Module { return models.ResNet34(models.ResNetConfig{}) },
		"vgg11":        func() *nnlib.Module { return models.VGG11(models.VGGConfig{Hidden: 8}) },
		"mobilenet_v2": func() *nnlib.Module { return models.MobileNetV2(models.MobileNetConfig{}) },
	}
	for name, b := range build {
		sd := b().StateDict()
		if len(sd) != len(want[name]) {
			t.Errorf("%s: %d entries, torchvision has %d", name, len(sd), len(want[name]))
			continue
		}
		for i, e := range sd {
			var wn string
			_ = json.Unmarshal(want[name][i][0], &wn)
			ws := string(want[name][i][1])
			gs := strings.ReplaceAll(fmt.Sprint(e.Tensor.Shape()), " ", ",")
			if e.Name != wn || (!strings.HasPrefix(wn, "classifier") && gs != ws) {
				t.Errorf("%s entry %d: %s %s, torchvision %s %s", name, i, e.Name, gs, wn, ws)
			}
		}
	}
}

func TestMobileNetV2MatchesPyTorch(t *testing.T) {
	m := models.MobileNetV2(models.MobileNetConfig{WidthMult: 0.25, NumClasses: 10})
	m.Eval() // as the reference
	checkModel(t, m, "testdata/mobilenet_v2_w025.safetensors", true)
}

// TestModelsPrintLikePyTorch compares String with the reprs of
// scripts/torch_reference/models.py, less PyTorch's "inplace=True" (gohooks
// has no in-place operations).
func TestModelsPrintLikePyTorch(t *testing.T) {
	raw, err := os.ReadFile("testdata/reprs.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	got := map[string]*nnlib.Module{
		"resnet18_w8_small": models.ResNet18(models.ResNetConfig{Width: 8, NumClasses: 10, SmallInput: true}),
		"mobilenet_v2_w025": models.MobileNetV2(models.MobileNetConfig{WidthMult: 0.25, NumClasses: 10}),
		"vgg11_w8":          models.VGG11(models.VGGConfig{Width: 8, Hidden: 32, Pool: 1, NumClasses: 10}),
	}
	for name, m := range got {
		w := strings.ReplaceAll(want[name], "inplace=True", "")
		if g := m.String(); g != w {
			gl, wl := strings.Split(g, "\n"), strings.Split(w, "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Errorf("%s line %d:\n got %s\nwant %s", name, i+1, gl[i], wl[i])
					break
				}
			}
			if len(gl) != len(wl) {
				t.Errorf("%s: %d lines, want %d", name, len(gl), len(wl))
			}
		}
	}
}

func TestVGG11MatchesPyTorch(t *testing.T) {
	m := models.VGG11(models.VGGConfig{Width: 4, Hidden: 16, Pool: 1, NumClasses: 10})
	checkModel(t, m.Eval(), "testdata/vgg11_w4.safetensors", true)
}
