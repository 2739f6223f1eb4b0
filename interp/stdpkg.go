package interp

import (
	"reflect"
	"strings"

	"github.com/gohooks/gohooks/interp/exports"
	"github.com/gohooks/gohooks/interp/exports/gonum"
	"github.com/traefik/yaegi/stdlib"
)

// tableName returns the name of the package at path in the symbol tables
// compiled into the binary (the standard library, our packages, gonum),
// which key a package by its path and its name, and whether they have it.
// The name is not always the last element of the path: math/rand/v2 is
// rand.
func tableName(path string) (string, bool) {
	prefix := path + "/"
	for _, syms := range []map[string]map[string]reflect.Value{stdlib.Symbols, exports.Symbols, gonum.Symbols} {
		for key := range syms {
			if name, ok := strings.CutPrefix(key, prefix); ok && !strings.Contains(name, "/") {
				return name, true
			}
		}
	}
	return "", false
}

// packageName returns the name that an import of path declares.
func packageName(path string) string {
	if name, ok := tableName(path); ok {
		return name
	}
	return path[strings.LastIndex(path, "/")+1:]
}
