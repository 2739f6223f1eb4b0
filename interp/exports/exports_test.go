package exports_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/interp/exports"
	"github.com/gohooks/gohooks/interp/exports/internal/gendocs"
)

const stale = "; run `go generate ./interp/exports`"

// TestGeneratedFilesAreFresh fails when a package gained or lost an exported
// name, or changed a doc comment, since the tables were generated. It checks
// names and docs from the sources (fast) rather than re-running yaegi
// extract, which type-checks the whole dependency tree.
func TestGeneratedFilesAreFresh(t *testing.T) {
	root := filepath.Join("..", "..")
	names := gendocs.Present(root)
	var want []string
	for _, n := range names {
		want = append(want, gendocs.Module+"/"+n)
	}
	if strings.Join(want, " ") != strings.Join(exports.Packages, " ") {
		t.Fatalf("packages: generated for %v, present %v%s", exports.Packages, want, stale)
	}
	src, err := gendocs.Source(root, names)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("docs_generated.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(src, have) {
		t.Errorf("docs_generated.go is stale%s", stale)
	}
	for _, n := range names {
		exported := exportedNames(t, filepath.Join(root, n))
		var inTable []string
		for k := range exports.Symbols[gendocs.Module+"/"+n+"/"+n] {
			if !strings.HasPrefix(k, "_") {
				inTable = append(inTable, k)
			}
		}
		sort.Strings(inTable)
		if strings.Join(exported, " ") != strings.Join(inTable, " ") {
			t.Errorf("%s: symbols_%s.go is stale%s\nsource: %v\ntable:  %v", n, n, stale, exported, inTable)
		}
	}
}

// exportedNames lists the package-level exported names declared in dir
// (generic functions and types excluded: yaegi extract skips them).
func exportedNames(t *testing.T, dir string) []string {
	fset := token.NewFileSet()
	//lint:ignore SA1019 these packages export the same names on every platform, so reading all their files regardless of build tags is what is wanted.
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.IsExported() && d.Type.TypeParams == nil {
						names = append(names, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() && s.TypeParams == nil {
								names = append(names, s.Name.Name)
							}
						case *ast.ValueSpec:
							for _, n := range s.Names {
								if n.IsExported() {
									names = append(names, n.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

func TestSymbolsHoldTheTypes(t *testing.T) {
	d := exports.Symbols["github.com/gohooks/gohooks/display/display"]
	if _, ok := d["Bundle"]; !ok {
		t.Fatal("display.Bundle missing from the symbol table")
	}
	doc, ok := exports.Docs["display.Text"]
	if !ok || !strings.HasPrefix(doc.Signature, "func Text(s string) Bundle") || !strings.Contains(doc.Text, "text/plain") {
		t.Fatalf("display.Text doc = %+v", doc)
	}
}

// TestInterfaceWrappersAreFresh fails when an exported interface gained or
// changed a method since the tables were generated: yaegi's wrapper for it
// would no longer implement it, and interpreted values could not be used
// where compiled code expects the interface.
func TestInterfaceWrappersAreFresh(t *testing.T) {
	n := 0
	for pkg, syms := range exports.Symbols {
		for name, v := range syms {
			if !strings.HasPrefix(name, "_") {
				continue
			}
			iface, ok := syms[name[1:]]
			if !ok || iface.Type().Kind() != reflect.Pointer || iface.Type().Elem().Kind() != reflect.Interface {
				continue
			}
			n++
			if w := v.Type().Elem(); !w.Implements(iface.Type().Elem()) {
				t.Errorf("%s: the wrapper of %s does not implement it%s", pkg, name[1:], stale)
			}
		}
	}
	if n == 0 {
		t.Fatal("no interface wrappers found: display.Bundler and display.Publisher should have one")
	}
}
