package interp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"

	"github.com/gohooks/gohooks/internal/modcache"
	yaegi "github.com/traefik/yaegi/interp"
)

// A package's source can crash yaegi beyond recovery (a stack overflow
// while it builds a recursive type is a fatal error of the Go runtime),
// and the session's variables would go with it. So a package from a
// module is first loaded by a probe: this same executable, started with
// probeEnv set, loads it in a fresh interpreter and exits. Only a package
// the probe loaded is imported into the session.

// probeEnv, when set, makes a process that links this package run the
// probe of its standard input and exit, before main or the tests run.
const probeEnv = "GOHOOKS_IMPORT_PROBE"

// probeStack is the probe's stack limit.
const probeStack = 64 << 20

func init() {
	if os.Getenv(probeEnv) == "" {
		return
	}
	os.Exit(runProbe(os.Stdin, os.Stdout))
}

// probeRequest is what the probe loads: the import path and the packages
// of the view it needs.
type probeRequest struct {
	Path string
	Pkgs []probePkg
}

type probePkg struct {
	ImportPath, Dir string
	Files           []string
}

// runProbe imports the requested package and writes yaegi's error, if
// any, to out; the status is 0 when the import worked, 3 when it failed.
func runProbe(in io.Reader, out io.Writer) int {
	// A stack overflow takes seconds to reach Go's 1 GB default; a
	// package that loads needs far less.
	debug.SetMaxStack(probeStack)
	var req probeRequest
	if err := json.NewDecoder(in).Decode(&req); err != nil {
		fmt.Fprintf(out, "reading the probe request: %v", err)
		return 3
	}
	view := modcache.NewView()
	for _, p := range req.Pkgs {
		view.Add(p.ImportPath, p.Dir, p.Files)
	}
	i := yaegi.New(yaegi.Options{GoPath: ".", SourcecodeFilesystem: view, Stdout: io.Discard, Stderr: io.Discard})
	if err := useCompiled(i); err != nil {
		fmt.Fprint(out, err)
		return 3
	}
	if _, err := i.Eval(fmt.Sprintf("import _ %q", req.Path)); err != nil {
		fmt.Fprint(out, err)
		return 3
	}
	return 0
}

// probe loads path in a child process; it returns yaegi's error, or
// what killed the child.
func probe(ctx context.Context, path string, pkgs []modcache.Package) error {
	exe, err := os.Executable()
	if err != nil {
		return nil // no probe possible: the import itself will tell
	}
	req := probeRequest{Path: path}
	for _, p := range pkgs {
		if !p.Standard && !compiled(p.ImportPath) {
			req.Pkgs = append(req.Pkgs, probePkg{p.ImportPath, p.Dir, p.GoFiles})
		}
	}
	in, err := json.Marshal(req)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), probeEnv+"=1", "GOTRACEBACK=none")
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		return fmt.Errorf("%s", strings.TrimSpace(stdout.String()))
	}
	// A crash: the runtime's first line says what ("fatal error: stack
	// overflow").
	first := strings.TrimSpace(stderr.String())
	for _, l := range strings.Split(first, "\n") {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") {
			first = l
			break
		}
	}
	if i := strings.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	return fmt.Errorf("the interpreter crashed loading it (%s)", first)
}
