#!/usr/bin/env bash
# Opens notebooks/10-widgets.ipynb in Debian's Jupyter Notebook with the
# ipywidgets 6 front end (jupyter-nbextension-jupyter-js-widgets) and the
# gohooks kernel, runs all cells in headless chromium, then moves the
# sliders and the drop-down list with the keyboard, as a user does, and
# checks that the callbacks ran and the Interact heatmap was redrawn in
# place (scripts/widgets_check.py says what exactly). Screenshots go to
# testout/widgets-before.png and testout/widgets-after.png.
# GOHOOKS_BIN=path uses a gohooks binary already built instead of building one.
# Installs what is missing with apt-get, quietly (scripts/apt-install.sh).
# Everything runs on 127.0.0.1 in temporary directories and is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

notebook=${1:-notebooks/10-widgets.ipynb}
py=/usr/bin/python3

need=()
command -v jupyter-notebook >/dev/null || need+=(jupyter-notebook)
command -v chromium >/dev/null || need+=(chromium)
"$py" -c 'import websocket' 2>/dev/null || need+=(python3-websocket)
[ -e /usr/share/jupyter/nbextensions/jupyter-js-widgets/extension.js ] ||
	need+=(jupyter-nbextension-jupyter-js-widgets)
"$py" -c 'import widgetsnbextension' 2>/dev/null || need+=(python3-widgetsnbextension)
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

mkdir -p "$tmp/bin" "$tmp/nb" "$tmp/home" testout
# GOHOOKS_BIN: a gohooks binary already built from this tree.
bin=${GOHOOKS_BIN:-$tmp/bin/gohooks}
if [ -z "${GOHOOKS_BIN:-}" ]; then
	echo "== building gohooks"
	go build -o "$bin" ./cmd/gohooks
fi
"$bin" install --prefix "$tmp/prefix" >/dev/null
export JUPYTER_PATH="$tmp/prefix/share/jupyter"
export JUPYTER_DATA_DIR="$tmp/jupyter-data" JUPYTER_RUNTIME_DIR="$tmp/jupyter-runtime"
export JUPYTER_CONFIG_DIR="$tmp/jupyter-config" IPYTHONDIR="$tmp/ipython" HOME="$tmp/home"
cp "$notebook" "$tmp/nb/"
name=$(basename "$notebook")

# The widget front end must be enabled for the notebook page in this
# configuration (Debian enables it in /etc/jupyter/nbconfig/notebook.d).
if ! jupyter-nbextension list 2>&1 | grep -q 'jupyter-js-widgets/extension.*enabled'; then
	echo "widgets-check: the nbextension jupyter-js-widgets/extension is not enabled:" >&2
	jupyter-nbextension list >&2 || true
	exit 1
fi

. scripts/notebook-browser.sh
start_notebook_and_chromium

status=0
timeout 120 "$py" scripts/widgets_check.py "$cdport" \
	"http://127.0.0.1:$nbport/notebooks/$name?token=$token" \
	testout/widgets-before.png testout/widgets-after.png 90 || status=$?
if [ $status -ne 0 ]; then
	echo "--- jupyter log (last 40 lines)"; tail -40 "$tmp/jupyter.log"
	echo "--- chromium log (last 20 lines)"; tail -20 "$tmp/chromium.log"
	exit $status
fi
echo "widgets-check: ok"
