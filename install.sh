#!/usr/bin/env bash
# Builds the gohooks binary and installs the Jupyter kernelspec "gohooks"
# for the current user. Needs Go; does not need Python.
#
#   ./install.sh              build into ./bin and $(go env GOPATH)/bin, install the kernelspec
#   GOHOOKS_TAGS=... ./install.sh   extra build tags
set -euo pipefail
cd "$(dirname "$0")"

tags="${GOHOOKS_TAGS:-}"
# With OpenBLAS (libopenblas-dev) and cgo, matrix products go through it.
if [ "$(go env CGO_ENABLED)" = "1" ] && command -v cc >/dev/null 2>&1 &&
	printf '#include <cblas.h>\nint main(void){return 0;}\n' |
	cc -I/usr/include/openblas -x c - -lopenblas -o /dev/null >/dev/null 2>&1; then
	tags="${tags:+$tags,}openblas"
	echo "OpenBLAS found: building with -tags openblas"
fi

echo "Building ./bin/gohooks"
mkdir -p bin
go build ${tags:+-tags "$tags"} -o ./bin/gohooks ./cmd/gohooks
bin="$PWD/bin/gohooks"

# Also put it where `go install` would, so `gohooks` is on PATH for most Go users.
gobin="$(go env GOBIN)"
[ -n "$gobin" ] || gobin="$(go env GOPATH)/bin"
if mkdir -p "$gobin" 2>/dev/null && cp ./bin/gohooks "$gobin/gohooks.tmp" 2>/dev/null; then
	mv "$gobin/gohooks.tmp" "$gobin/gohooks"
	bin="$gobin/gohooks"
	echo "Installed the binary as $bin"
	case ":$PATH:" in
	*":$gobin:"*) ;;
	*) echo "  ($gobin is not on your PATH; add it to run gohooks by name)" ;;
	esac
fi

"$bin" install --user
"$bin" version

cat <<MSG

Next: start Jupyter and choose the "Go (gohooks)" kernel, for example
  jupyter lab
or check that Jupyter sees it with
  jupyter kernelspec list
MSG
