#!/usr/bin/env bash
# Opens notebooks/05-features-and-heatmaps.ipynb in Debian's Jupyter
# Notebook with the gohooks kernel, runs all cells in headless chromium,
# checks that the page shows the heatmap images (<img src="data:image/png...">)
# and no error output, and saves a screenshot to testout/browser-05.png.
# Installs jupyter-notebook, chromium and python3-websocket with apt-get when
# they are missing (quietly, scripts/apt-install.sh). Everything runs on 127.0.0.1 in temporary directories and
# is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

notebook=${1:-notebooks/05-features-and-heatmaps.ipynb}
min_images=${MIN_IMAGES:-5}
py=/usr/bin/python3

need=()
command -v jupyter-notebook >/dev/null || need+=(jupyter-notebook)
command -v chromium >/dev/null || need+=(chromium)
"$py" -c 'import websocket' 2>/dev/null || need+=(python3-websocket)
scripts/apt-install.sh ${need[@]+"${need[@]}"}

tmp=$(mktemp -d)
pids=()
cleanup() {
	for pid in "${pids[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${pids[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

echo "== building gohooks"
mkdir -p "$tmp/bin" "$tmp/nb" "$tmp/home" testout
go build -o "$tmp/bin/gohooks" ./cmd/gohooks
"$tmp/bin/gohooks" install --prefix "$tmp/prefix" >/dev/null
export JUPYTER_PATH="$tmp/prefix/share/jupyter"
export JUPYTER_DATA_DIR="$tmp/jupyter-data" JUPYTER_RUNTIME_DIR="$tmp/jupyter-runtime"
export JUPYTER_CONFIG_DIR="$tmp/jupyter-config" IPYTHONDIR="$tmp/ipython" HOME="$tmp/home"
cp "$notebook" "$tmp/nb/"
name=$(basename "$notebook")

. scripts/notebook-browser.sh
start_notebook_and_chromium

status=0
timeout 240 "$py" scripts/browser_check.py "$cdport" \
	"http://127.0.0.1:$nbport/notebooks/$name?token=$token" \
	testout/browser-05.png "$min_images" 180 || status=$?
if [ $status -ne 0 ]; then
	echo "--- jupyter log (last 40 lines)"; tail -40 "$tmp/jupyter.log"
	echo "--- chromium log (last 20 lines)"; tail -20 "$tmp/chromium.log"
	exit $status
fi
echo "browser-check: ok"
