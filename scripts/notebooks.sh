#!/usr/bin/env bash
# Runs every notebook in notebooks/ twice, with `gohooks run` and with
# nbclient against the installed kernelspec, each from a temporary copy (the
# notebooks themselves are not touched), and checks the results: no error
# output, the key printed values (scripts/nbcheck.py), images where there
# should be some, and the same printed text from both runs and from the
# saved notebook. Installs python3-nbclient with apt-get when it is missing.
#
#   scripts/notebooks.sh [NOTEBOOK...]     (default: notebooks/*.ipynb)
set -euo pipefail
cd "$(dirname "$0")/.."

py=/usr/bin/python3
if ! "$py" -c 'import nbclient, nbformat' 2>/dev/null; then
	scripts/apt-install.sh python3-nbclient python3-nbformat python3-ipykernel
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/run" "$tmp/nbclient" "$tmp/home"

echo "== building gohooks"
go build -o "$tmp/bin/gohooks" ./cmd/gohooks
export PATH="$tmp/bin:$PATH"

if [ $# -gt 0 ]; then notebooks=("$@"); else notebooks=(notebooks/*.ipynb); fi

echo "== gohooks run"
for nb in "${notebooks[@]}"; do
	start=$(date +%s%N)
	gohooks run "$nb" --out "$tmp/run/$(basename "$nb")" --timeout 300 2>"$tmp/run.log" || {
		cat "$tmp/run.log" >&2
		exit 1
	}
	echo "$nb: $(( ($(date +%s%N) - start) / 1000000 )) ms with gohooks run"
done
"$py" scripts/nbcheck.py check "$tmp"/run/*.ipynb

echo "== nbclient"
# A private Jupyter: the kernelspec goes into a temporary prefix, found
# through JUPYTER_PATH; runtime and data directories are temporary too.
gohooks install --prefix "$tmp/prefix" >/dev/null
export JUPYTER_PATH="$tmp/prefix/share/jupyter"
export JUPYTER_DATA_DIR="$tmp/jupyter-data" JUPYTER_RUNTIME_DIR="$tmp/jupyter-runtime"
# Go keeps using the user's module cache and build cache (notebook 07
# imports a module), not ones under the temporary HOME.
export GOMODCACHE="$(go env GOMODCACHE)" GOCACHE="$(go env GOCACHE)" GOPATH="$(go env GOPATH)"
export JUPYTER_CONFIG_DIR="$tmp/jupyter-config" IPYTHONDIR="$tmp/ipython" HOME="$tmp/home"
"$py" scripts/nbcheck.py exec "$tmp/nbclient" "${notebooks[@]}"
"$py" scripts/nbcheck.py check "$tmp"/nbclient/*.ipynb

echo "== the same text from every run"
# Both runs on this machine print the same text. The saved notebooks print
# it too, except 05, whose training amplifies the last-bit differences
# between the GEMM kernels of different CPUs.
for nb in "${notebooks[@]}"; do
	b=$(basename "$nb")
	"$py" scripts/nbcheck.py same "$tmp/run/$b" "$tmp/nbclient/$b"
	case "$b" in
	05-*) ;;
	*) "$py" scripts/nbcheck.py same "$nb" "$tmp/run/$b" ;;
	esac
done
echo "notebooks: all ok"
