// Package exports holds the yaegi symbol tables of gohooks' own packages
// (tensorlib, nnlib, hooks, viz, display) and their doc comments, so that
// cells can import them and the session can show their documentation.
//
// Every file but this one is generated: run `go generate` in this directory
// after changing the exported API of one of those packages. A test fails when
// the generated files are stale. A package that does not exist yet (or has no
// Go files) is skipped.
package exports

//go:generate go run ./internal/gen

import "reflect"

// Symbols maps "importpath/name" to the package's exported symbols, in the
// form yaegi's Interpreter.Use takes.
var Symbols = map[string]map[string]reflect.Value{}

// Doc is the documentation of one exported name.
type Doc struct {
	// Signature is the declaration without its body, for example
	// "func Rand(shape ...int) *Tensor".
	Signature string
	// Text is the doc comment, without comment markers.
	Text string
}

// Docs maps a qualified name ("tensorlib.Rand", "tensorlib.Tensor",
// "tensorlib.Tensor.Shape") to its documentation. The package itself is
// under its name ("tensorlib").
var Docs = map[string]Doc{}

// Packages lists the import paths of the packages in Symbols, in dependency
// order.
var Packages []string
