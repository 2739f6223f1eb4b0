package modcache

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Error is a failure to resolve an import path or to require a module.
type Error struct {
	// Path is the import path, or the module path for Require.
	Path string
	// Module is the module concerned, when known; Version the version asked for.
	Module, Version string
	// Reason says what went wrong, Hint what to do.
	Reason, Hint string
}

func (e *Error) Error() string {
	what := fmt.Sprintf("cannot import %q", e.Path)
	if e.Version != "" {
		what = fmt.Sprintf("cannot require %s@%s", e.Path, e.Version)
	}
	msg := what + ": " + e.Reason
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// networkError matches what the go command says when it cannot reach a
// proxy, or may not.
var networkError = regexp.MustCompile(`GOPROXY=off|dial tcp|no such host|connection refused|i/o timeout|network is unreachable|TLS handshake timeout|server misbehaving|temporary failure in name resolution|proxyconnect`)

// What the go command says of a version, and of a module, that does not
// exist (a proxy answers 404 or 410; some mirrors 403).
var (
	noVersion = regexp.MustCompile(`@v/[^ ]+\.(info|mod|zip): (403|404|410)|invalid version|unknown revision|no matching versions|invalid semantic version`)
	noModule  = regexp.MustCompile(`@v/list: (403|404|410)|cannot find module providing package|malformed module path|not a known dependency|repository not found|unrecognized import path`)
)

func isNetworkError(err error) bool {
	var ge *goError
	return errors.As(err, &ge) && networkError.MatchString(ge.stderr)
}

// explain turns a failed go command into an *Error. path is the import
// path (or module), module and version what was asked for, if known.
func (w *Workspace) explain(path, module, version string, err error) error {
	e := &Error{Path: path, Module: module, Version: version}
	if module == "" {
		e.Module = path
	}
	if version == "latest" {
		e.Version = ""
		if module != "" {
			e.Version = "latest"
		}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		e.Reason = "interrupted while the go command was downloading"
		e.Hint = "run the cell again"
		return e
	}
	said := goSaid(err)
	var off *offlineError
	switch {
	case errors.As(err, &off):
		e.Reason = fmt.Sprintf("the module proxy cannot be reached and the module cache has no copy of %s (go: %s)", e.Module, said)
		e.Hint = "connect to the network (or set GOPROXY to a proxy you can reach) and run the cell again; on a machine without network, fill the module cache first with `go mod download " + e.Module + "@VERSION`"
	case strings.Contains(said, "does not contain package"):
		e.Reason = "no such package: " + said
		e.Hint = "check the import path: the module exists but has no package by that name"
	case noVersion.MatchString(said):
		e.Reason = "no such version: " + said
		e.Hint = "list the versions with `go list -m -versions " + e.Module + "` and pin one with %require module@version"
	case noModule.MatchString(said):
		e.Reason = "no module provides it: " + said
		e.Hint = "check the import path (it starts with the module's path, like github.com/owner/repo); a private module needs GOPRIVATE or GONOSUMDB set"
	case strings.Contains(said, "build constraints exclude all Go files"):
		e.Reason = "the package has no Go files for this system: " + said
		e.Hint = "it is not usable here"
	default:
		e.Reason = "the go command failed: " + said
	}
	return e
}

// goSaid is the go command's message without its "go: " prefixes, on one
// line.
func goSaid(err error) string {
	var lines []string
	for _, l := range strings.Split(err.Error(), "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "go: "))
		if l == "" || strings.HasPrefix(l, "go: downloading") || strings.HasPrefix(l, "downloading ") || strings.HasPrefix(l, "go: added") || strings.HasPrefix(l, "added ") {
			continue
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, " ")
}
