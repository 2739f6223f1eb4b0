package hooks

import (
	"fmt"
	"path"
	"strings"

	"github.com/gohooks/gohooks/nnlib"
)

// resolve turns requested module paths into modules, in the order asked
// and without repeats. No paths means every module, in NamedModules order.
// A path with a glob character (*, ?, [) is a pattern: it stands for every
// module whose path matches it, in NamedModules order, where * matches
// within one dotted part ("blocks.*.attn.pattern"). A path NamedModules
// does not give, or a pattern that matches nothing, panics with the list of
// valid paths.
func resolve(op string, model *nnlib.Module, paths []string) []nnlib.NamedModule {
	if model == nil {
		panic(fmt.Sprintf("hooks: %s: nil model", op))
	}
	all := model.NamedModules()
	if len(paths) == 0 {
		return all
	}
	byPath := make(map[string]*nnlib.Module, len(all))
	for _, nm := range all {
		byPath[nm.Name] = nm.Module
	}
	var out []nnlib.NamedModule
	seen := map[string]bool{}
	for _, p := range paths {
		if isPattern(p) {
			matched := false
			for _, nm := range all {
				if matchPath(p, nm.Name) {
					matched = true
					if !seen[nm.Name] {
						seen[nm.Name] = true
						out = append(out, nm)
					}
				}
			}
			if !matched {
				panic(fmt.Sprintf("hooks: %s: pattern %q matches no module of %s (valid paths: %s)", op, p, model.Name(), quoteNames(all)))
			}
			continue
		}
		m, ok := byPath[p]
		if !ok {
			panic(fmt.Sprintf("hooks: %s: %s has no module at path %q (valid paths: %s)", op, model.Name(), p, quoteNames(all)))
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, nnlib.NamedModule{Name: p, Module: m})
	}
	return out
}

func quoteNames(all []nnlib.NamedModule) string {
	q := make([]string, len(all))
	for i, nm := range all {
		q[i] = fmt.Sprintf("%q", nm.Name)
	}
	return strings.Join(q, ", ")
}

// ownerClass returns the class name of the module that owns the parameter
// at the dotted path name.
func ownerClass(model *nnlib.Module, name string) string {
	mod := ""
	if i := strings.LastIndex(name, "."); i >= 0 {
		mod = name[:i]
	}
	return model.GetSubmodule(mod).Name()
}

func isPattern(p string) bool { return strings.ContainsAny(p, "*?[") }

// matchPath matches a dotted module path against a glob pattern whose *
// does not cross dots. A malformed pattern panics.
func matchPath(pattern, name string) bool {
	ok, err := path.Match(strings.ReplaceAll(pattern, ".", "/"), strings.ReplaceAll(name, ".", "/"))
	if err != nil {
		panic(fmt.Sprintf("hooks: malformed pattern %q: %v", pattern, err))
	}
	return ok
}
