#!/usr/bin/env bash
# Builds the gohooks binary and installs the Jupyter kernelspec "gohooks"
# for the current user. Needs Go; does not need Python.
#
#   ./install.sh              build into ./bin and $(go env GOPATH)/bin, install the kernelspec
#   GOHOOKS_TAGS=... ./install.sh   extra build tags
#   GOHOOKS_OPENBLAS=1 ./install.sh build with OpenBLAS (-tags openblas; needs libopenblas-dev and cgo)
set -euo pipefail
cd "$(dirname "$0")"

tags="${GOHOOKS_TAGS:-}"
# OpenBLAS is opt-in. Measured on a 2-core AVX2 machine (bench/RESULTS.md,
# bench/compare.sh with and without -tags openblas, quiet, same day): the
# built-in kernels are faster than the openblas build's routing at
# every size (n=128 38-55 us against 91-96, n=512 1.9-2.3 ms against
# 2.5-2.8, n=1024 15.7-17.1 ms against 17.1-19.9) and on the networks
# (ResNet-18 step 2.05 s against 2.63 s), so the default build does
# without it.
if [ "${GOHOOKS_OPENBLAS:-0}" = 1 ]; then
	if [ "$(go env CGO_ENABLED)" = "1" ] && command -v cc >/dev/null 2>&1 &&
		printf '#include <cblas.h>\nint main(void){return 0;}\n' |
		cc -I/usr/include/openblas -x c - -lopenblas -o /dev/null >/dev/null 2>&1; then
		tags="${tags:+$tags,}openblas"
		echo "GOHOOKS_OPENBLAS=1: building with -tags openblas (large matrix products in OpenBLAS)"
	else
		echo "install.sh: GOHOOKS_OPENBLAS=1 needs libopenblas-dev, a C compiler and cgo" >&2
		exit 1
	fi
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

Next: open a notebook with the "Go (gohooks)" kernel. On Debian and Ubuntu:
  sudo apt-get install jupyter-notebook    # then: jupyter notebook
or, for a terminal session without Jupyter:
  gohooks console
Check that Jupyter sees the kernel with
  jupyter kernelspec list                  # Debian package jupyter-client
(JupyterLab is not packaged by Debian; where it is installed, from pip or
conda, "jupyter lab" shows the kernel too.)
MSG
