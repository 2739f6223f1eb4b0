#!/usr/bin/env bash
# Drives both terminal front ends in tmux and checks what Ctrl-C does:
#
#  gohooks console: Ctrl-C at the prompt clears a half-typed line or a
#  continuation and the console goes on; Ctrl-C while a cell runs stops the
#  cell and keeps the session's variables.
#
#  jupyter console --kernel gohooks (Debian's jupyter-console): is_complete
#  gives continuation prompts; SIGINT to the kernel's process group (what
#  Jupyter's "signal" interrupt sends) stops a running cell, the variables are kept, and
#  is_complete still answers afterwards. (Ctrl-C itself cannot be checked
#  there: jupyter-console 6.4.4 loses its SIGINT handler after its first
#  prompt, for every kernel, and never asks the kernel to interrupt.)
#
# Installs tmux and jupyter-console quietly with apt-get when they are
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v tmux >/dev/null || need+=(tmux)
command -v jupyter-console >/dev/null || need+=(jupyter-console)
scripts/apt-install.sh ${need[@]+"${need[@]}"}

tmp="$(mktemp -d)"
sock="gohooks-consoles-$$"
cleanup() {
	tmux -L "gohooks-consoles-$$" kill-server 2>/dev/null || true
	tmux -L "gohooks-consoles-jc-$$" kill-server 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
go build -o "$tmp/gohooks" ./cmd/gohooks
export JUPYTER_DATA_DIR="$tmp/data" JUPYTER_PATH="$tmp/data" JUPYTER_RUNTIME_DIR="$tmp/runtime"
export JUPYTER_CONFIG_DIR="$tmp/config" JUPYTER_PLATFORM_DIRS=1 IPYTHONDIR="$tmp/ipython"
"$tmp/gohooks" install --user >/dev/null

t() { tmux -L "$sock" "$@"; }
screen() { t capture-pane -p -J -S -300 -t main; }
fail() {
	echo "consoles: FAILED: $*" >&2
	echo "---- screen:" >&2
	screen >&2
	exit 1
}
# wait_for PATTERN [SECONDS]: waits until the screen matches the extended
# regular expression PATTERN.
wait_for() {
	local i
	for ((i = 0; i < ${2:-20} * 10; i++)); do
		screen | grep -Eq -- "$1" && return 0
		sleep 0.1
	done
	fail "no \"$1\" on the screen"
}
count() { screen | grep -Ec -- "$1" || true; }
keys() { t send-keys -t main "$@"; }

echo "== gohooks console"
t new-session -d -s main -x 150 -y 50 "$tmp/gohooks console --history - ; echo CONSOLE-EXITED \$?; sleep 600"
wait_for '^In \[1\]: $'
keys 'x := 4'
sleep 0.3
keys C-c
wait_for 'x := 4\^C'
sleep 0.5
[ "$(count 'CONSOLE-EXITED')" = 0 ] || fail "Ctrl-C on a half-typed line quit the console"
keys 'func f() {' Enter
wait_for '\.\.\.: '
keys C-c
sleep 0.5
keys 'y := 5' Enter
wait_for '^In \[2\]: $'
[ "$(count 'CONSOLE-EXITED')" = 0 ] || fail "Ctrl-C on a continuation line quit the console"
keys 'for {}' Enter
sleep 1.5
keys C-c
wait_for 'interrupted: the cell was interrupted'
keys 'y' Enter
wait_for '^Out\[3\]: 5$' 10
echo "  Ctrl-C cleared a half-typed line and a continuation, stopped a running cell, and y was kept"
keys C-d
wait_for 'CONSOLE-EXITED 0'
t kill-server

echo "== jupyter console --kernel gohooks"
# A server of its own: a new session on the socket just killed can reach
# the old server while it exits ("server exited unexpectedly").
sock="gohooks-consoles-jc-$$"
t new-session -d -s main -x 150 -y 50 "jupyter-console --kernel gohooks; echo CONSOLE-EXITED \$?; sleep 600"
wait_for '^In \[1\]: ' 60
kernel=$(pgrep -n -f "$tmp/gohooks kernel") || fail "no kernel process"
keys 'x := 42' Enter
wait_for '^In \[2\]: '
keys 'func f() {' Enter
wait_for '\.\.\.: ' 10
keys 'return' Enter '}' Enter
sleep 0.5
keys Enter
wait_for '^In \[3\]: ' 10
keys 'for {}' Enter
sleep 1.5
# As Jupyter's interrupt_mode "signal" does: SIGINT to the kernel's process
# group (jupyter_client starts the kernel in a session of its own).
kill -INT -- -"$(ps -o pgid= -p "$kernel" | tr -d ' ')"
wait_for 'interrupted' 10
keys 'x' Enter
wait_for '^Out\[[0-9]+\]: 42' 10
keys 'func g() {' Enter
wait_for 'func g\(\) \{' 5
sleep 1.5
screen | grep -q 'use_kernel_is_complete' && fail "jupyter console stopped using the kernel's is_complete"
[ "$(count '\.\.\.: ')" -ge 2 ] || fail "no continuation prompt after the interrupt"
echo "  is_complete continued lines, SIGINT to the kernel stopped a running cell, x was kept, is_complete still answers"
