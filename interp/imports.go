package interp

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/internal/interrupt"
	"github.com/gohooks/gohooks/internal/modcache"
	"github.com/gohooks/gohooks/interp/exports"
	"github.com/gohooks/gohooks/interp/exports/gonum"
	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// How a cell's import is loaded:
//   - the standard library, our packages and the gonum packages of
//     interp/exports/gonum are compiled into the binary: yaegi calls their
//     compiled code through symbol tables;
//   - any other package is resolved by the go command in a scratch module
//     (internal/modcache), downloaded into the user's module cache if
//     needed, and interpreted from source by yaegi's source importer,
//     which reads it through a modcache.View.

// modules is the session's state for imports from modules. It outlives
// %reset and restarts: the versions chosen stay chosen.
type modules struct {
	mu   sync.Mutex
	ws   *modcache.Workspace // made at the first import that needs it
	view *modcache.View
	// loaded maps an import path loaded from source to its module.
	loaded map[string]modcache.Module
	// failed maps an import path yaegi could not load to the error: yaegi
	// keeps part of a failed package, so it is never tried again.
	failed map[string]*Error
}

func newModules() *modules {
	return &modules{view: modcache.NewView(), loaded: map[string]modcache.Module{}, failed: map[string]*Error{}}
}

// workspace returns the session's scratch module, made on first use.
func (m *modules) workspace() (*modcache.Workspace, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ws == nil {
		ws, err := modcache.NewWorkspace()
		if err != nil {
			return nil, err
		}
		m.ws = ws
	}
	return m.ws, nil
}

func (m *modules) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ws == nil {
		return nil
	}
	err := m.ws.Close()
	m.ws = nil
	return err
}

// interpreterOptions are the options of a session's interpreter that
// imports need: yaegi's source importer reads the view as a GOPATH.
func (s *Session) interpreterOptions(o yaegi.Options) yaegi.Options {
	if s.mods == nil {
		s.mods = newModules()
	}
	o.GoPath = "."
	o.SourcecodeFilesystem = s.mods.view
	return o
}

// useCompiled gives the interpreter every compiled-in package.
func useCompiled(i *yaegi.Interpreter) error {
	for _, syms := range []yaegi.Exports{stdlib.Symbols, exports.Symbols, gonum.Symbols, interruptible} {
		if err := i.Use(syms); err != nil {
			return err
		}
	}
	return nil
}

// interruptible replaces the standard functions that wait with versions
// that an interrupt wakes: a cell in time.Sleep(time.Hour) stops at once
// and keeps the session, where a wait in compiled code would make the
// worker restart.
var interruptible = yaegi.Exports{
	"time/time": {"Sleep": reflect.ValueOf(interrupt.Sleep)},
}

// compiled reports whether path is compiled into the binary.
func compiled(path string) bool {
	_, ok := tableName(path)
	return ok
}

// isStandard reports whether path names a package of the standard
// library: its first element has no dot.
func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// prepareImport makes path importable by yaegi: nothing to do for a
// compiled package; for a package from a module, the go command resolves
// (and downloads) it and its dependencies, which the view then shows.
func (s *Session) prepareImport(ctx context.Context, path string, line, col int) *Error {
	if compiled(path) {
		return nil
	}
	fail := func(msg string) *Error {
		return &Error{Name: "import error", Value: msg, Traceback: []string{msg, s.where(line, col)}}
	}
	if isStandard(path) {
		return fail(fmt.Sprintf("cannot import %q: it is not a package of the standard library that the interpreter has", path))
	}
	if e, ok := s.mods.failed[path]; ok {
		return e
	}
	if _, ok := s.mods.loaded[path]; ok {
		return nil
	}
	ws, err := s.mods.workspace()
	if err != nil {
		return fail(fmt.Sprintf("cannot import %q: %v", path, err))
	}
	pkgs, err := ws.Resolve(ctx, path)
	if err != nil {
		return fail(err.Error())
	}
	for _, p := range pkgs {
		if p.Standard || compiled(p.ImportPath) {
			continue
		}
		if len(p.CgoFiles) > 0 {
			return fail(fmt.Sprintf("cannot import %q: package %s of module %s uses cgo (%s), which the interpreter cannot run; use a pure-Go package instead",
				path, p.ImportPath, moduleOf(p), strings.Join(p.CgoFiles, ", ")))
		}
	}
	if err := probe(ctx, path, pkgs); err != nil {
		e := s.importFailed(path, err.Error())
		e.Traceback = append(e.Traceback, s.where(line, col))
		return e
	}
	for _, p := range pkgs {
		if !p.Standard && !compiled(p.ImportPath) {
			s.mods.view.Add(p.ImportPath, p.Dir, p.GoFiles)
		}
	}
	return nil
}

// importDone records the result of yaegi's import of path: a package from
// a module is listed by %modules, or its failure is kept so that it is
// never tried again (yaegi keeps half of a package it could not load).
func (s *Session) importDone(path string, e *Error) *Error {
	if compiled(path) || isStandard(path) {
		return e
	}
	if e == nil {
		s.mods.loaded[path] = s.moduleOf(path)
		return nil
	}
	f := s.importFailed(path, e.Value)
	f.Traceback = append(f.Traceback, e.Traceback[1:]...)
	return f
}

// importFailed returns the error of an import from a module that the
// interpreter could not load, and keeps it for the next try.
func (s *Session) importFailed(path, why string) *Error {
	mod := s.moduleOf(path)
	msg := fmt.Sprintf("cannot import %q (module %s %s): the interpreter cannot run its source: %s; the session's variables are kept; use another package, or another version of the module (%%require module@version)",
		path, mod.Path, mod.Version, why)
	e := &Error{Name: "import error", Value: msg, Traceback: []string{msg}}
	s.mods.failed[path] = e
	return e
}

// moduleOf returns the module of the build list that provides path.
func (s *Session) moduleOf(path string) modcache.Module {
	var mod modcache.Module
	if ws := s.mods.ws; ws != nil {
		for _, m := range ws.Modules(context.Background()) {
			if (path == m.Path || strings.HasPrefix(path, m.Path+"/")) && len(m.Path) > len(mod.Path) {
				mod = m
			}
		}
	}
	return mod
}

func moduleOf(p modcache.Package) string {
	if p.Module != nil {
		return p.Module.Path + " " + p.Module.Version
	}
	return p.ImportPath
}

// require is %require module@version ...: each module is added to the
// session's build list at that version (or the newest, without @version).
func (s *Session) require(ctx context.Context, args string) (*display.Bundle, *Error) {
	fail := func(msg string) *Error { return &Error{Name: "require error", Value: msg, Traceback: []string{msg}} }
	fields := strings.Fields(args)
	if len(fields) == 0 {
		return nil, fail("%require needs a module, as in %require github.com/google/uuid@v1.6.0")
	}
	ws, err := s.mods.workspace()
	if err != nil {
		return nil, fail(err.Error())
	}
	var b strings.Builder
	for _, f := range fields {
		mod, version, _ := strings.Cut(f, "@")
		for p, m := range s.mods.loaded {
			if m.Path == mod && version != "" && m.Version != version {
				return nil, fail(fmt.Sprintf("cannot require %s@%s: the session already loaded %s from %s %s; run %%require before the import, or restart the session", mod, version, p, m.Path, m.Version))
			}
		}
		m, err := ws.Require(ctx, mod, version)
		if err != nil {
			return nil, fail(err.Error())
		}
		fmt.Fprintf(&b, "%s %s\n", m.Path, m.Version)
	}
	out := display.Text(strings.TrimRight(b.String(), "\n"))
	return &out, nil
}

// modulesText is %modules: the modules of the session's build list, with
// how their packages are loaded, then the %require line that loads the
// same versions elsewhere.
func (s *Session) modulesText(ctx context.Context) string {
	if s.mods.ws == nil {
		return "no modules: the session uses only compiled-in packages (the standard library, gohooks, gonum)"
	}
	how := map[string][]string{}
	for p, m := range s.mods.loaded {
		how[m.Path] = append(how[m.Path], p)
	}
	var b strings.Builder
	var pins []string
	for _, m := range s.mods.ws.Modules(ctx) {
		pkgs := how[m.Path]
		sort.Strings(pkgs)
		state := "dependency, not imported"
		for p, e := range s.mods.failed {
			if mod := s.moduleOf(p); mod.Path == m.Path {
				state = "failed: " + p + " (" + e.Name + ")"
			}
		}
		if len(pkgs) > 0 {
			state = "interpreted: " + strings.Join(pkgs, ", ")
		} else if m.Direct {
			state = "required, not imported yet"
		}
		fmt.Fprintf(&b, "%-40s %-12s %s\n", m.Path, m.Version, state)
		if m.Direct {
			pins = append(pins, m.Path+"@"+m.Version)
		}
	}
	if len(pins) > 0 {
		fmt.Fprintf(&b, "\nto load the same versions elsewhere: %%require %s", strings.Join(pins, " "))
	}
	return strings.TrimRight(b.String(), "\n")
}

// requirements returns the modules that the session's cells imported or
// required, as module@version: `%modules -require` prints them, and
// `gohooks run` saves them in the notebook's metadata.
func (s *Session) requirements(ctx context.Context) []string {
	if s.mods.ws == nil {
		return nil
	}
	var pins []string
	for _, m := range s.mods.ws.Modules(ctx) {
		if m.Direct {
			pins = append(pins, m.Path+"@"+m.Version)
		}
	}
	return pins
}
