package nnlib_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// goldenModel is the model of testdata/safetensors_golden.py with the same
// values.
func goldenModel() *nnlib.Module {
	m := nnlib.Sequential(nnlib.Linear(2, 3), nnlib.BatchNorm2d(3))
	m.GetParameter("0.weight").CopyFrom(tensorlib.Tensor1(1, -2, 0.5, 0.25, 3, -0.125))
	m.GetParameter("0.bias").CopyFrom(tensorlib.Tensor1(0.1, -0.2, 0.3))
	m.GetParameter("1.weight").CopyFrom(tensorlib.Tensor1(1.5, 2, 2.5))
	m.GetBuffer("1.running_mean").CopyFrom(tensorlib.Tensor1(0.5, -0.5, 1))
	m.GetBuffer("1.running_var").CopyFrom(tensorlib.Tensor1(2, 3, 4))
	m.GetBuffer("1.num_batches_tracked").Fill(7)
	return m
}

func stateString(sd []nnlib.NamedTensor) string {
	var b strings.Builder
	for _, e := range sd {
		fmt.Fprintf(&b, "%s %v %v\n", e.Name, e.Tensor.Shape(), e.Tensor.Data())
	}
	return b.String()
}

func TestStateDictOrderMatchesPyTorch(t *testing.T) {
	got := stateString(goldenModel().StateDict())
	want := `0.weight [3 2] [1 -2 0.5 0.25 3 -0.125]
0.bias [3] [0.1 -0.2 0.3]
1.weight [3] [1.5 2 2.5]
1.bias [3] [0 0 0]
1.running_mean [3] [0.5 -0.5 1]
1.running_var [3] [2 3 4]
1.num_batches_tracked [] [7]
`
	if got != want {
		t.Fatalf("StateDict\n%s\nwant\n%s", got, want)
	}
}

func TestSaveFileWritesTheSafetensorsLayout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "model.safetensors")
	if err := goldenModel().SaveFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Written independently from the published layout by
	// testdata/safetensors_golden.py.
	want, err := os.ReadFile("testdata/float_model.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("SaveFile wrote\n%q\nwant\n%q", got, want)
	}
}

func TestLoadFileReadsPyTorchStateWithInt64Buffer(t *testing.T) {
	m := nnlib.Sequential(nnlib.Linear(2, 3), nnlib.BatchNorm2d(3))
	if err := m.LoadFile("testdata/torch_model.safetensors"); err != nil {
		t.Fatal(err)
	}
	if got, want := stateString(m.StateDict()), stateString(goldenModel().StateDict()); got != want {
		t.Fatalf("loaded\n%s\nwant\n%s", got, want)
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	tensorlib.ManualSeed(5)
	a := notebookCNN()
	path := filepath.Join(t.TempDir(), "cnn.safetensors")
	if err := a.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	b := notebookCNN()
	if stateString(a.StateDict()) == stateString(b.StateDict()) {
		t.Fatal("two fresh models must differ before loading")
	}
	if err := b.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if stateString(a.StateDict()) != stateString(b.StateDict()) {
		t.Fatal("state differs after the round trip")
	}
	x, _ := nnlib.FashionMNIST().Batch(0, 2)
	if !tensorlib.Equal(a.Forward(x), b.Forward(x)) {
		t.Fatal("loaded model computes something else")
	}
}

func TestLoadStateDictReportsMissingUnexpectedAndShapes(t *testing.T) {
	m := goldenModel()
	sd := []nnlib.NamedTensor{
		{Name: "0.weight", Tensor: tensorlib.Ones(3, 2)},
		{Name: "0.bias", Tensor: tensorlib.Ones(4)},
		{Name: "extra", Tensor: tensorlib.Ones(1)},
	}
	missing, unexpected, err := m.LoadStateDict(sd, false)
	if fmt.Sprint(missing) != "[1.weight 1.bias 1.running_mean 1.running_var 1.num_batches_tracked]" || fmt.Sprint(unexpected) != "[extra]" {
		t.Fatalf("missing %v unexpected %v", missing, unexpected)
	}
	if err == nil || !strings.Contains(err.Error(), "size mismatch for 0.bias: copying a tensor of shape [4], the shape in the current model is [3]") {
		t.Fatalf("err %v", err)
	}
	if fmt.Sprint(m.GetParameter("0.weight").Data()) != "[1 1 1 1 1 1]" || fmt.Sprint(m.GetParameter("0.bias").Data()) != "[0.1 -0.2 0.3]" {
		t.Fatal("entries that fit must be copied, the mismatched one not")
	}

	m = goldenModel()
	_, _, err = m.LoadStateDict(sd[:1], false)
	if err != nil {
		t.Fatalf("non-strict load with missing keys: %v", err)
	}
	_, _, err = m.LoadStateDict(sd[:1], true)
	if err == nil || !strings.Contains(err.Error(), "missing keys: 0.bias, 1.weight") {
		t.Fatalf("strict load: %v", err)
	}
	_, _, err = m.LoadStateDict(append(m.StateDict(), sd[2]), true)
	if err == nil || !strings.Contains(err.Error(), "unexpected keys: extra") {
		t.Fatalf("strict load: %v", err)
	}
}

func TestLoadSafetensorsErrorsNameFileAndProblem(t *testing.T) {
	dir := t.TempDir()
	good, _ := os.ReadFile("testdata/float_model.safetensors")
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"short", "truncated: 3 bytes", good[:3]},
		{"header", "header length 456 runs past the end of the file (100 bytes)", good[:100]},
		{"data", `tensor "1.weight": data_offsets [76, 88] outside the 84 bytes of data (truncated file?)`, good[:len(good)-4]},
		{"json", "bad JSON header", append([]byte{8, 0, 0, 0, 0, 0, 0, 0}, []byte("{nope   ")...)},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.name+".safetensors")
		os.WriteFile(path, c.data, 0o644)
		_, err := nnlib.LoadSafetensors(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want the path and %q", c.name, err, c.want)
		}
	}
	if err := goldenModel().LoadFile(filepath.Join(dir, "absent.safetensors")); err == nil || !strings.Contains(err.Error(), "absent.safetensors") {
		t.Errorf("missing file: %v", err)
	}
}
