// Package gonum holds the yaegi symbol tables of the gonum and gonum/plot
// packages that are compiled into gohooks, so that a cell's
// `import "gonum.org/v1/gonum/mat"` runs gonum's compiled code at full
// speed instead of interpreting its source.
//
// Every file but this one is generated: run `go generate` in this
// directory after changing the gonum or gonum/plot version in go.mod. The
// packages are listed in internal/gen. Generic functions are not in the
// tables (yaegi's extract skips them).
package gonum

//go:generate go run ./internal/gen

import "reflect"

// Symbols maps "importpath/name" to the package's exported symbols, in the
// form yaegi's Interpreter.Use takes.
var Symbols = map[string]map[string]reflect.Value{}

// Packages lists the import paths of the packages in Symbols.
var Packages []string
