#!/usr/bin/env bash
# Memory soak of the kernel (scripts/soak.py): re-run cells, large values
# set to nil, 10,000 trivial cells, each checked against a fixed bound on
# the resident memory of the worker and of the kernel. Builds the binary,
# installs the kernelspec into a temporary Jupyter data directory, and
# installs python3-jupyter-client with apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

py=/usr/bin/python3
"$py" -c 'import jupyter_client' 2>/dev/null || scripts/apt-install.sh python3-jupyter-client

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/gohooks" ./cmd/gohooks
export JUPYTER_DATA_DIR="$tmp/data"
export JUPYTER_PATH="$tmp/data"
export JUPYTER_RUNTIME_DIR="$tmp/runtime"
export JUPYTER_CONFIG_DIR="$tmp/config"
export JUPYTER_PLATFORM_DIRS=1
"$tmp/gohooks" install --user >/dev/null
"$py" scripts/soak.py
