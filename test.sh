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

step "third_party/yaegi is upstream yaegi plus third_party/yaegi-patches"
third_party/yaegi-patches/sync.sh -check

step "go vet"
go vet ./...

step "staticcheck"
scripts/staticcheck.sh

step "go test"
go test -count=1 ./...

# The external checks use Debian's Jupyter packages for /usr/bin/python3 and
# install them with apt-get when they are missing.
step "official Jupyter kernel test suite"
scripts/kernel-conformance.sh

step "notebooks with gohooks run and nbclient"
scripts/notebooks.sh

step "browser check: notebook 05 in Jupyter Notebook and headless chromium"
scripts/browser-check.sh

step "widgets in a browser: notebook 10, sliders and a drop-down list moved with the keyboard redraw the heatmap"
scripts/widgets-check.sh

step "JupyterHub: two users, each with a gohooks kernel"
scripts/hub-check.sh

step "consoles in tmux: Ctrl-C in gohooks console, interrupts and is_complete in jupyter console"
scripts/consoles.sh

step "memory soak: re-run cells, nil values, 10,000 cells against fixed bounds"
scripts/soak.sh

step "all checks passed"
