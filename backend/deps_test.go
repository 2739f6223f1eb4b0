package backend_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The contract exists so that the protocol side never links the language:
// kernel and notebook must build without the interpreter, the tensor
// libraries or the GEMM assembly, and the contract itself needs nothing of
// this module but display.
func TestKernelAndNotebookBuildWithoutTheLanguage(t *testing.T) {
	const module = "github.com/gohooks/gohooks"
	forbidden := []string{
		"github.com/traefik/yaegi",
		"gonum.org/v1/",
		module + "/interp",
		module + "/tensorlib",
		module + "/nnlib",
		module + "/hooks",
		module + "/viz",
		module + "/internal/gemm",
	}
	for _, pkg := range []string{module + "/kernel", module + "/notebook", module + "/backend"} {
		deps := goListDeps(t, pkg)
		for _, d := range deps {
			for _, f := range forbidden {
				if strings.HasPrefix(d, f) {
					t.Errorf("%s depends on %s", pkg, d)
				}
			}
		}
	}
	for _, d := range goListDeps(t, module+"/backend") {
		if strings.HasPrefix(d, module+"/") && d != module+"/backend" && d != module+"/display" {
			t.Errorf("backend depends on %s; it may use display only", d)
		}
	}
}

func goListDeps(t *testing.T, pkg string) []string {
	t.Helper()
	touchSources(t)
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list dependencies: %v", err)
	}
	out, err := exec.Command(gotool, "list", "-deps", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 2 {
		t.Fatalf("go list -deps %s listed %q", pkg, deps)
	}
	return deps
}

var touched sync.Once

// touchSources stats the module's Go files and go.mod. go test caches a
// passing result by the files a test opens or stats, not by what a
// command it runs reads: without this, a new import in kernel would not
// rerun the test.
func touchSources(t *testing.T) {
	touched.Do(func() {
		root := filepath.Join("..")
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "third_party" || strings.HasPrefix(d.Name(), ".")) && path != root {
				return filepath.SkipDir
			}
			if strings.HasSuffix(path, ".go") || d.Name() == "go.mod" {
				os.Stat(path)
			}
			return nil
		})
	})
}
