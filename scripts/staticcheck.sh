#!/usr/bin/env bash
# Runs staticcheck over the module and fails on any finding. Installs the
# pinned version from the Go module proxy when it is missing. A finding that
# is right to keep is silenced where it is, with a //lint:ignore comment that
# gives the reason (or, for generated code, a staticcheck.conf beside it).
set -euo pipefail
cd "$(dirname "$0")/.."

version=v0.8.2 # staticcheck 2026.2.2, which knows Go 1.26
bin="$(go env GOPATH)/bin/staticcheck"
if ! "$bin" -version 2>/dev/null | grep -q "(${version#v})"; then
	echo "installing staticcheck $version with go install"
	go install "honnef.co/go/tools/cmd/staticcheck@$version"
fi
"$bin" ./...
