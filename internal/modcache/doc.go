// Package modcache resolves the import paths of a Go session to the source
// of their packages the way the go command does, and lays that source out
// for yaegi's source importer.
//
// A Workspace is a scratch module (a go.mod in a temporary directory) that
// records the modules a session uses. Resolving an import path runs the go
// command in it: `go get` takes the newest version, or the one pinned by
// Require, and downloads the module and its dependencies into the user's
// module cache (GOPROXY, GOFLAGS, GONOSUMDB, GOPRIVATE and the other go
// settings apply, and the go command verifies checksums); `go list -deps`
// then names the directory of every package the import needs, which a View
// shows as a GOPATH.
//
// The rules:
//   - nothing is downloaded unless Resolve or Require is called;
//   - a module already in the workspace keeps its version: a second
//     import from it neither upgrades it nor touches the network;
//   - when the network (or GOPROXY=off) stops the go command, the module
//     cache alone is tried, as a file:// proxy: the newest version it holds
//     is used, and checksums are the ones recorded when it was downloaded;
//   - every failure is an *Error naming the import path and the module,
//     saying what went wrong and what to do.
package modcache
