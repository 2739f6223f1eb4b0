package viz

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The RdBu_r table is what its generator writes, byte for byte.
func TestDivergingTableIsGenerated(t *testing.T) {
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command runs the generator: %v", err)
	}
	out := filepath.Join(t.TempDir(), "palette_rdbu.go")
	if msg, err := exec.Command(gotool, "run", "gen_palette.go", "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run gen_palette.go: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("palette_rdbu.go")
	if err != nil {
		t.Fatal(err)
	}
	os.Stat("gen_palette.go") // so that go test reruns when the generator changes
	if !bytes.Equal(got, want) {
		t.Fatal("palette_rdbu.go is not what gen_palette.go writes: run go generate ./viz")
	}
}
