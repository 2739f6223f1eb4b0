#!/usr/bin/env bash
# Runs the official Jupyter kernel test suite (Debian's
# python3-jupyter-kernel-test) against gohooks: builds the binary, installs
# the kernelspec into a temporary Jupyter data directory, and runs
# scripts/test_kernel.py with /usr/bin/python3, over tcp and then over ipc.
# Fails unless every test passes and none is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

py=/usr/bin/python3
missing=()
"$py" -c 'import jupyter_kernel_test' 2>/dev/null || missing+=(python3-jupyter-kernel-test)
"$py" -c 'import jupyter_client' 2>/dev/null || missing+=(python3-jupyter-client)
scripts/apt-install.sh ${missing[@]+"${missing[@]}"}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/gohooks" ./cmd/gohooks

# Only our kernelspec is visible, and history goes to the temporary directory.
export JUPYTER_DATA_DIR="$tmp/data"
export JUPYTER_PATH="$tmp/data"
export JUPYTER_RUNTIME_DIR="$tmp/runtime"
export JUPYTER_CONFIG_DIR="$tmp/config"
export JUPYTER_PLATFORM_DIRS=1
"$tmp/gohooks" install --user

cd scripts
"$py" test_kernel.py
KERNEL_TRANSPORT=ipc "$py" test_kernel.py
