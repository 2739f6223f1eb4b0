#!/usr/bin/env bash
# Runs every check gohooks has: formatting, go vet, go test (unit, golden
# images, in-process protocol tests) and the external checks against the real
# Jupyter tools. Installs what it needs with apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")"

step() { printf '\n== %s\n' "$*"; }

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "not gofmt-formatted:"; echo "$unformatted"; exit 1
fi

step "go vet"
go vet ./...

step "go test"
go test -count=1 ./...
