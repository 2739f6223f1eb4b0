// Command gen writes the yaegi symbol tables and the doc tables of the
// packages listed in Packages into the current directory (interp/exports).
// `go generate` in interp/exports runs it; with -o DIR it writes to DIR
// instead (the staleness test uses that).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gohooks/gohooks/interp/exports/internal/gendocs"
	"github.com/traefik/yaegi/extract"
)

func main() {
	out := flag.String("o", ".", "output directory")
	flag.Parse()
	if err := run(*out); err != nil {
		log.Fatal(err)
	}
}

func run(out string) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	names := gendocs.Present(root)
	for _, name := range names {
		importPath := gendocs.Module + "/" + name
		var buf bytes.Buffer
		ext := extract.Extractor{Dest: "exports"}
		if _, err := ext.Extract(importPath, importPath, &buf); err != nil {
			return fmt.Errorf("extract %s: %w", importPath, err)
		}
		if err := os.WriteFile(filepath.Join(out, "symbols_"+name+".go"), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	src, err := gendocs.Source(root, names)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "docs_generated.go"), src, 0o644)
}

func moduleRoot() (string, error) {
	b, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	return filepath.Dir(strings.TrimSpace(string(b))), nil
}
