#!/usr/bin/env bash
# Installs Debian packages quietly for the checks of test.sh: one line saying
# what is installed; apt-get's own output goes to a log that is shown only
# when the installation fails.
#
#   scripts/apt-install.sh PACKAGE...
set -euo pipefail
[ $# -gt 0 ] || exit 0
echo "== installing $* with apt-get"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
log=$(mktemp /tmp/gohooks-apt.XXXXXX)
trap 'rm -f "$log"' EXIT
if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >"$log" 2>&1; then
	cat "$log" >&2
	echo "apt-get could not install $*" >&2
	exit 1
fi
