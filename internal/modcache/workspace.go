package modcache

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Module is a module of the workspace's build list.
type Module struct {
	Path, Version string
	// Direct is true for a module that was imported from or required,
	// false for a dependency of one.
	Direct bool
}

// Package is one package an import needs, as `go list -deps` gives it.
type Package struct {
	ImportPath string
	Name       string
	Dir        string
	Standard   bool
	GoFiles    []string
	CgoFiles   []string
	Module     *struct{ Path, Version string }
	Error      *struct{ Err string }
}

// Workspace is the scratch module of a session. Its methods may be called
// from several goroutines; the go command runs one at a time.
type Workspace struct {
	mu  sync.Mutex
	dir string
	// goBin is the go command.
	goBin string
	// offline is set once the network failed: later commands go straight
	// to the module cache.
	offline bool
	// direct holds the modules required or imported from (go.mod calls
	// them indirect: no source of the workspace imports them).
	direct map[string]bool
	// mods caches the build list; nil after go get changed it.
	mods []Module
}

// NewWorkspace makes a workspace in a new temporary directory. Close
// removes it.
func NewWorkspace() (*Workspace, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("modcache: the go command is not on PATH (importing a module needs it): install Go from https://go.dev/dl")
	}
	dir, err := os.MkdirTemp("", "gohooks-modules-")
	if err != nil {
		return nil, fmt.Errorf("modcache: %w", err)
	}
	mod := "module gohooks.session\n\ngo " + goVersion() + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("modcache: %w", err)
	}
	return &Workspace{dir: dir, goBin: goBin, direct: map[string]bool{}}, nil
}

// goVersion is the language version of the running binary ("1.26").
func goVersion() string {
	v := strings.TrimPrefix(runtime.Version(), "go")
	if parts := strings.SplitN(v, ".", 3); len(parts) >= 2 {
		return parts[0] + "." + strings.TrimFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' })
	}
	return "1.21"
}

// Close removes the workspace's directory.
func (w *Workspace) Close() error { return os.RemoveAll(w.dir) }

// Dir is the workspace's directory (its go.mod is there).
func (w *Workspace) Dir() string { return w.dir }

// Require adds module at version to the workspace (version "" or
// "latest": the newest), downloading it and its dependencies if the
// module cache lacks them, and returns the version chosen.
func (w *Workspace) Require(ctx context.Context, module, version string) (Module, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if version == "" {
		version = "latest"
	}
	if _, err := w.get(ctx, module+"@"+version); err != nil {
		return Module{}, w.explain(module, module, version, err)
	}
	w.direct[module] = true
	for _, m := range w.modules(ctx) {
		if m.Path == module {
			return m, nil
		}
	}
	return Module{}, &Error{Path: module, Module: module, Reason: "the go command did not add it to the build list"}
}

// Resolve returns every package that importing importPath needs, in
// dependency order (the package itself last). If no module of the
// workspace provides importPath, the newest version of the module that
// does is added first (go get).
func (w *Workspace) Resolve(ctx context.Context, importPath string) ([]Package, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	var pkgs []Package
	err := errors.New("no module of the build list provides it")
	if w.provides(ctx, importPath) {
		pkgs, err = w.list(ctx, importPath)
	}
	if err != nil {
		if _, gerr := w.get(ctx, importPath); gerr != nil {
			return nil, w.explain(importPath, "", "", gerr)
		}
		if pkgs, err = w.list(ctx, importPath); err != nil {
			return nil, w.explain(importPath, "", "", err)
		}
	}
	for _, p := range pkgs {
		if p.Error != nil {
			return nil, w.explain(importPath, modulePath(p), "", errors.New(p.Error.Err))
		}
	}
	if m := modulePath(pkgs[len(pkgs)-1]); m != "" {
		w.direct[m] = true
	}
	return pkgs, nil
}

// Modules lists the modules of the build list (not the standard library),
// sorted by path.
func (w *Workspace) Modules(ctx context.Context) []Module {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.modules(ctx)
}

// provides reports whether a module of the build list may provide
// importPath: its path is a prefix.
func (w *Workspace) provides(ctx context.Context, importPath string) bool {
	for _, m := range w.modules(ctx) {
		if importPath == m.Path || strings.HasPrefix(importPath, m.Path+"/") {
			return true
		}
	}
	return false
}

func (w *Workspace) modules(ctx context.Context) []Module {
	if w.mods != nil {
		ms := make([]Module, len(w.mods))
		for i, m := range w.mods {
			m.Direct = w.direct[m.Path]
			ms[i] = m
		}
		return ms
	}
	out, err := w.run(ctx, w.env(false), "mod", "edit", "-json")
	if err != nil {
		return nil
	}
	var mf struct {
		Require []struct {
			Path, Version string
			Indirect      bool
		}
	}
	if json.Unmarshal(out, &mf) != nil {
		return nil
	}
	var ms []Module
	for _, r := range mf.Require {
		ms = append(ms, Module{Path: r.Path, Version: r.Version, Direct: w.direct[r.Path]})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Path < ms[j].Path })
	if ms == nil {
		ms = []Module{}
	}
	w.mods = ms
	return ms
}

// list runs go list -deps on importPath. An import path that no module of
// the build list provides is an error.
func (w *Workspace) list(ctx context.Context, importPath string) ([]Package, error) {
	out, err := w.run(ctx, w.env(w.offline), "list", "-deps", "-e", "-json=ImportPath,Name,Dir,Standard,GoFiles,CgoFiles,Module,Error", "--", importPath)
	if err != nil {
		return nil, err
	}
	var pkgs []Package
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p Package
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list's output: %w", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("go list gave no package for %s", importPath)
	}
	last := pkgs[len(pkgs)-1]
	if last.Error != nil && last.Module == nil && !last.Standard {
		// No module provides it yet: go get decides.
		return nil, errors.New(last.Error.Err)
	}
	return pkgs, nil
}

// get runs go get on query, and again with the module cache as the only
// proxy if the network stopped it.
func (w *Workspace) get(ctx context.Context, query string) ([]byte, error) {
	w.mods = nil
	if !w.offline {
		out, err := w.run(ctx, w.env(false), "get", "--", query)
		if err == nil || !isNetworkError(err) {
			return out, err
		}
		if ctx.Err() != nil {
			return nil, err
		}
		out, cerr := w.run(ctx, w.env(true), "get", "--", query)
		if cerr != nil {
			return nil, &offlineError{network: err, cache: cerr}
		}
		w.offline = true
		return out, nil
	}
	out, err := w.run(ctx, w.env(true), "get", "--", query)
	if err != nil {
		return nil, &offlineError{cache: err}
	}
	return out, nil
}

// offlineError is a go get that the network stopped and the module cache
// could not serve.
type offlineError struct{ network, cache error }

func (e *offlineError) Error() string {
	if e.network != nil {
		return e.network.Error()
	}
	return e.cache.Error()
}

// env is the go command's environment: the user's, with the workspace's
// go.mod updated as needed, and no toolchain switch (which would download
// a Go release). cacheOnly makes the module cache the only proxy.
func (w *Workspace) env(cacheOnly bool) []string {
	env := os.Environ()
	flags := strings.TrimSpace(os.Getenv("GOFLAGS") + " -mod=mod")
	env = append(env, "GOFLAGS="+flags, "GOWORK=off")
	if os.Getenv("GOTOOLCHAIN") == "" {
		env = append(env, "GOTOOLCHAIN=local")
	}
	if cacheOnly {
		env = append(env, "GOPROXY=file://"+filepath.ToSlash(filepath.Join(modCache(), "cache", "download")), "GOSUMDB=off")
	}
	return env
}

// modCache is the module cache the go command uses.
func modCache() string {
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		home, _ := os.UserHomeDir()
		gopath = filepath.Join(home, "go")
	}
	return filepath.Join(strings.Split(gopath, string(os.PathListSeparator))[0], "pkg", "mod")
}

// goError is a go command that failed, with what it printed.
type goError struct {
	args   []string
	stderr string
}

func (e *goError) Error() string {
	msg := strings.TrimSpace(e.stderr)
	if msg == "" {
		msg = "go " + strings.Join(e.args, " ") + " failed"
	}
	return msg
}

func (w *Workspace) run(ctx context.Context, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, w.goBin, args...)
	cmd.Dir = w.dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &goError{args: args, stderr: stderr.String()}
	}
	return out, nil
}

func modulePath(p Package) string {
	if p.Module != nil {
		return p.Module.Path
	}
	return ""
}
