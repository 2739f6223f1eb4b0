#!/bin/sh
# sync.sh rebuilds third_party/yaegi from the upstream module named by the
# require line of go.mod, keeping only what the build needs, then applies the
# patches of this folder in the order of their names.
#
#   sync.sh          rebuild third_party/yaegi in place
#   sync.sh -check   rebuild into a temporary folder and fail when it differs
#                    from third_party/yaegi (the copy must be upstream + patches)
#   sync.sh -src DIR use DIR as the upstream tree instead of the module cache
#
# To move to a new upstream version: change the version on the require line
# of go.mod, run sync.sh, fix the patches that no longer apply, run
# `go test ./interp/`. The symbol tables of the standard library are not
# upstream's: genstdlib makes them for the Go version that runs sync.sh.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
check=0
src=
while [ $# -gt 0 ]; do
	case $1 in
	-check) check=1 ;;
	-src) shift; src=$1 ;;
	*) echo "usage: sync.sh [-check] [-src DIR]" >&2; exit 2 ;;
	esac
	shift
done

version=$(awk '$1 == "github.com/traefik/yaegi" && $2 ~ /^v/ { print $2; exit }' "$root/go.mod")
if [ -z "$version" ]; then
	echo "sync.sh: no require line for github.com/traefik/yaegi in go.mod" >&2
	exit 1
fi
if [ -z "$src" ]; then
	# Outside the module, so that the replace directive does not apply.
	src=$(cd / && GOFLAGS=-mod=mod go mod download -json "github.com/traefik/yaegi@$version" |
		sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
fi
if [ ! -f "$src/interp/interp.go" ]; then
	echo "sync.sh: $src is not a yaegi source tree" >&2
	exit 1
fi

out=$(mktemp -d /tmp/yaegi-sync.XXXXXX)
trap 'rm -rf "$out"' EXIT

# What the build needs: the interpreter, its internal package, the symbol
# tables of the standard library for the Go versions go.mod allows (Go 1.22
# and later; the go1_21 tables are never compiled), the generic standard
# library sources, and the extractor that interp/exports uses. No tests.
(cd "$src" && ls LICENSE go.mod stdlib/*.go &&
	find interp internal/unsafe2 extract stdlib/generic stdlib/unrestricted -maxdepth 1 -type f) |
	grep -v '_test\.go$' | grep -v '^stdlib/.*go1_21_' | sort | while read -r f; do
		mkdir -p "$out/tree/$(dirname "$f")"
		cp "$src/$f" "$out/tree/$f"
	done
chmod -R u+w "$out/tree"

for p in "$here"/*.patch; do
	[ -e "$p" ] || continue
	if ! patch -s -d "$out/tree" -p1 --no-backup-if-mismatch <"$p"; then
		echo "sync.sh: $(basename "$p") does not apply" >&2
		exit 1
	fi
done
# The symbol tables of the standard library, for the Go version in use
# (upstream's stop at Go 1.22), made by the patched extractor.
(cd "$root" && go run ./third_party/yaegi-patches/genstdlib "$out/tree/stdlib")
# The source of the generic functions and types of the standard library,
# for the Go version in use (upstream's is Go 1.22's, in part).
(cd "$root" && go run ./third_party/yaegi-patches/gengeneric "$out/tree/stdlib/generic")
# The README of the copy is ours, not upstream's.
cp "$root/third_party/yaegi/README.md" "$out/tree/README.md" 2>/dev/null || true

if [ $check = 1 ]; then
	if ! diff -r "$out/tree" "$root/third_party/yaegi"; then
		echo "sync.sh: third_party/yaegi differs from yaegi $version + patches" >&2
		exit 1
	fi
	exit 0
fi
rm -rf "$root/third_party/yaegi.new"
cp -R "$out/tree" "$root/third_party/yaegi.new"
rm -rf "$root/third_party/yaegi"
mv "$root/third_party/yaegi.new" "$root/third_party/yaegi"
