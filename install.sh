#!/usr/bin/env bash
# Builds the gohooks binary and installs the Jupyter kernelspec "gohooks"
# for the current user. Needs Go; does not need Python.
#
#   ./install.sh              build into ./bin and $(go env GOPATH)/bin, install the kernelspec
#   GOHOOKS_TAGS=... ./install.sh   extra build tags
#   GOHOOKS_OPENBLAS=0 ./install.sh build without OpenBLAS even when it is installed
set -euo pipefail
cd "$(dirname "$0")"

tags="${GOHOOKS_TAGS:-}"
# OpenBLAS: when libopenblas-dev and a C compiler are there (and cgo is on),
# build with -tags openblas. Measured on a 2-core AVX2 machine
# (bench/RESULTS.md, bench/compare.sh against the default build): that
# build does large matrix products (from 2*128^3 flops) and the small
# untransposed ones in OpenBLAS and keeps the rest on the built-in
# kernels, because OpenBLAS loses on small transposed products and its
# threads, once woken, spin and slow the convolutions' own goroutines.
# Routed that way it is faster for large products (n=128 about 2x, n=512
# 1.25-1.45x, n=1024 0-20%) and as fast on the notebook CNN's training
# step, whose products are small (routing every product to OpenBLAS made
# that step 20-30% slower); it was never slower in our measurements, so
# it is used whenever it is available.
if [ "${GOHOOKS_OPENBLAS:-1}" = 0 ]; then
	echo "GOHOOKS_OPENBLAS=0: building without OpenBLAS (built-in kernels only)"
elif [ "$(go env CGO_ENABLED)" = "1" ] && command -v cc >/dev/null 2>&1 &&
	printf '#include <cblas.h>\nint main(void){return 0;}\n' |
	cc -I/usr/include/openblas -x c - -lopenblas -o /dev/null >/dev/null 2>&1; then
	tags="${tags:+$tags,}openblas"
	echo "OpenBLAS found: building with -tags openblas (large matrix products in OpenBLAS, small ones on the built-in kernels; GOHOOKS_OPENBLAS=0 to build without)"
else
	echo "OpenBLAS not found (or no cgo/C compiler): building with the built-in kernels only; install libopenblas-dev for faster large matrix products"
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
