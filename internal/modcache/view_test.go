package modcache

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestViewShowsOnlyTheChosenFilesOfEachPackage(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.go":       "package a\n",
		"a_linux.go": "package a\n",
		"gen.go":     "//go:build ignore\n\npackage main\n",
		"README":     "not Go\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "s.go"), []byte("package sub\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	v := NewView()
	v.Add("example.com/m/a", dir, []string{"a_linux.go", "a.go"})
	v.Add("example.com/m/a/sub", sub, []string{"s.go"})
	ents, err := fs.ReadDir(v, "src/example.com/m/a")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "a.go a_linux.go" {
		t.Errorf("the package's directory lists %v", names)
	}
	if b, err := fs.ReadFile(v, "src/example.com/m/a/sub/s.go"); err != nil || string(b) != "package sub\n" {
		t.Errorf("sub/s.go: %q, %v", b, err)
	}
	if fi, err := fs.Stat(v, "src/example.com/m/a"); err != nil || !fi.IsDir() || fi.Name() != "a" {
		t.Errorf("stat of the package's directory: %v, %v", fi, err)
	}
	for _, hidden := range []string{"src/example.com/m/a/gen.go", "src/example.com/m/a/README", "src/vendor/example.com/m/a", "src/example.com/m", "example.com/m/a"} {
		if _, err := fs.Stat(v, hidden); err == nil {
			t.Errorf("%s is visible", hidden)
		}
	}
	if !v.Has("example.com/m/a") || v.Has("example.com/m") {
		t.Error("Has does not match what was added")
	}
}
