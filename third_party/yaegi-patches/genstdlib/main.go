// Command genstdlib writes yaegi's symbol tables of the standard library
// for the Go version that runs it, one file per package, into the folder
// given as argument (third_party/yaegi/stdlib), in place of the older
// tables. yaegi's own tables stop at Go 1.22: they lack the packages and
// symbols added since (iter, unique, strings.Lines, ...).
//
// Every package of `go list std` gets a table except the internal and
// vendored ones and those in skipped, each with its reason.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/traefik/yaegi/extract"
)

// skipped lists the standard packages without a table, and why.
var skipped = map[string]string{
	"plugin":       "needs cgo",
	"runtime/cgo":  "needs cgo",
	"runtime/race": "exists only in -race builds",
	"syscall":      "its symbols differ per platform; yaegi keeps them in stdlib/syscall, which the build leaves out",
	"unsafe":       "the interpreter implements unsafe itself (stdlib/unsafe), which the build leaves out",
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: genstdlib DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "genstdlib:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		return fmt.Errorf("go list std: %w", err)
	}
	parts := strings.Split(runtime.Version(), ".")
	if len(parts) < 2 || !strings.HasPrefix(parts[0], "go") {
		return fmt.Errorf("cannot extract with Go %s, a release is needed", runtime.Version())
	}
	prefix := parts[0] + "_" + extract.GetMinor(parts[1]) + "_"
	old, err := filepath.Glob(filepath.Join(dir, "go1_*_*.go"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	ext := extract.Extractor{Dest: "stdlib"}
	for _, pkg := range strings.Fields(string(out)) {
		if _, skip := skipped[pkg]; skip || isInternal(pkg) {
			continue
		}
		var buf bytes.Buffer
		path, err := ext.Extract(pkg, "", &buf)
		if err != nil {
			return fmt.Errorf("%s: %w", pkg, err)
		}
		name := prefix + strings.ReplaceAll(path, "/", "_") + ".go"
		if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func isInternal(pkg string) bool {
	for _, e := range strings.Split(pkg, "/") {
		if e == "internal" || e == "vendor" {
			return true
		}
	}
	return strings.HasPrefix(pkg, "cmd/")
}
