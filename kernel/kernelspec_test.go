package kernel

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestInstallKernelspecWritesSpecAndLogos(t *testing.T) {
	kernels := filepath.Join(t.TempDir(), "kernels")
	dir, err := InstallKernelspec(kernels, "/opt/bin/gohooks")
	if err != nil {
		t.Fatal(err)
	}
	if dir != filepath.Join(kernels, "gohooks") {
		t.Fatalf("dir %s", dir)
	}
	b, err := os.ReadFile(filepath.Join(dir, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"argv":           []any{"/opt/bin/gohooks", "kernel", "{connection_file}"},
		"display_name":   "Go (gohooks)",
		"language":       "go",
		"interrupt_mode": "message",
		"metadata":       map[string]any{},
	}
	if !reflect.DeepEqual(spec, want) {
		t.Fatalf("kernel.json %v, want %v", spec, want)
	}
	for _, size := range []int{32, 64} {
		b, err := os.ReadFile(filepath.Join(dir, "logo-"+itoa(size)+"x"+itoa(size)+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if r := img.Bounds(); r.Dx() != size || r.Dy() != size {
			t.Fatalf("logo %d is %v", size, r)
		}
		// Corners are transparent, the middle of the left edge is Go blue.
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Fatalf("logo %d corner alpha %d", size, a)
		}
		if r, g, b, a := img.At(size/10, size/2).RGBA(); r>>8 != 0x00 || g>>8 != 0xAD || b>>8 != 0xD8 || a>>8 != 0xFF {
			t.Fatalf("logo %d edge colour %x %x %x %x", size, r>>8, g>>8, b>>8, a>>8)
		}
	}
	if _, err := InstallKernelspec(kernels, "relative/gohooks"); err == nil {
		t.Fatal("relative binary path accepted")
	}
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

func TestJupyterDataDirHonoursTheEnvironment(t *testing.T) {
	t.Setenv("JUPYTER_DATA_DIR", "/tmp/jd")
	if got := JupyterDataDir(); got != "/tmp/jd" {
		t.Fatalf("JupyterDataDir() = %s", got)
	}
	if got := DefaultHistoryFile(); got != "/tmp/jd/gohooks/history.jsonl" {
		t.Fatalf("DefaultHistoryFile() = %s", got)
	}
}
