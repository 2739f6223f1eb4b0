#!/usr/bin/env bash
# Runs the same workloads in gohooks (go test -bench) and in PyTorch
# (bench/torch_bench.py, Debian python3-torch, 2 threads) in one run and
# prints a table of time ratios. Not part of ./test.sh.
#
# usage: bench/compare.sh [-tags TAGS] [-count N] [-benchtime SECONDS] [FILTER]
#   -tags openblas   measure the OpenBLAS build of gohooks
#   -count N         best of N rounds on both sides (default 3)
#   -benchtime S     seconds per round on both sides (default 1)
#   FILTER           only rows whose label matches this grep -E pattern
set -euo pipefail
cd "$(dirname "$0")/.."

# One row per workload: label | Go package | Go benchmark (as go test names
# it, without the -GOMAXPROCS suffix) | PyTorch workload in torch_bench.py.
# Rows that share a PyTorch workload reuse its timing.
WORKLOADS=(
	"GEMM 128|./internal/gemm|BenchmarkSgemm/n=128|gemm_128"
	"GEMM 512|./internal/gemm|BenchmarkSgemm/n=512|gemm_512"
	"GEMM 1024|./internal/gemm|BenchmarkSgemm/n=1024|gemm_1024"
	"GEMM 128, gonum|./internal/gemm|BenchmarkSgemmGonum/n=128|gemm_128"
	"GEMM 512, gonum|./internal/gemm|BenchmarkSgemmGonum/n=512|gemm_512"
	"GEMM 1024, gonum|./internal/gemm|BenchmarkSgemmGonum/n=1024|gemm_1024"
	"GEMM conv1 forward|./internal/gemm|BenchmarkSgemmCNN/conv1_fwd|gemm_conv1_fwd"
	"GEMM conv1 weight grad|./internal/gemm|BenchmarkSgemmCNN/conv1_dw|gemm_conv1_dw"
	"GEMM conv2 forward|./internal/gemm|BenchmarkSgemmCNN/conv2_fwd|gemm_conv2_fwd"
	"GEMM conv2 weight grad|./internal/gemm|BenchmarkSgemmCNN/conv2_dw|gemm_conv2_dw"
	"GEMM conv2 input grad|./internal/gemm|BenchmarkSgemmCNN/conv2_dx|gemm_conv2_dx"
	"GEMM linear forward|./internal/gemm|BenchmarkSgemmCNN/linear_fwd|gemm_linear_fwd"
)

tags="" count=3 benchtime=1 filter=""
while [ $# -gt 0 ]; do
	case "$1" in
	-tags) tags="$2"; shift 2 ;;
	-count) count="$2"; shift 2 ;;
	-benchtime) benchtime="$2"; shift 2 ;;
	-h | --help) sed -n '2,12p' "$0"; exit 0 ;;
	*) filter="$1"; shift ;;
	esac
done

python=/usr/bin/python3
if ! "$python" -c 'import torch' 2>/dev/null; then
	echo "installing python3-torch with apt-get" >&2
	apt-get update -qq && apt-get install -y -qq python3-torch >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rows=()
for row in "${WORKLOADS[@]}"; do
	label=${row%%|*}
	if [ -z "$filter" ] || grep -qE -- "$filter" <<<"$label"; then
		rows+=("$row")
	fi
done
if [ ${#rows[@]} -eq 0 ]; then
	echo "compare.sh: no workload matches $filter" >&2
	exit 1
fi

# Go side: build each package's test binary once, then run one benchmark at
# a time with an anchored pattern so nothing else runs.
: >"$work/go.txt"
declare -A built
for row in "${rows[@]}"; do
	IFS='|' read -r label pkg bench torchname <<<"$row"
	bin="$work/$(echo "$pkg" | tr '/.' '__').test"
	if [ -z "${built[$pkg]:-}" ]; then
		go test -c -o "$bin" ${tags:+-tags "$tags"} "$pkg"
		built[$pkg]=1
	fi
	pattern=$(awk -F/ '{for (i = 1; i <= NF; i++) printf "%s^%s$", (i > 1 ? "/" : ""), $i}' <<<"$bench")
	echo "go: $bench" >&2
	(cd "$pkg" && "$bin" -test.run '^$' -test.bench "$pattern" -test.count "$count" -test.benchtime "${benchtime}s") |
		awk -v name="$bench" '
			$1 ~ /^Benchmark/ {
				sub(/-[0-9]+$/, "", $1)
				if ($1 != name) next
				for (i = 3; i < NF; i++) if ($(i+1) == "ns/op") ns = $i
				if (!(best) || ns < best) best = ns
			}
			END { if (best) print name, best }' >>"$work/go.txt"
done

# PyTorch side: every distinct workload once.
torchnames=$(for row in "${rows[@]}"; do IFS='|' read -r _ _ _ t <<<"$row"; echo "$t"; done | awk '!seen[$0]++')
echo "torch: $(echo $torchnames)" >&2
# shellcheck disable=SC2086
"$python" bench/torch_bench.py --benchtime "$benchtime" --count "$count" $torchnames >"$work/torch.txt"

echo
echo "gohooks ($(go env GOOS)/$(go env GOARCH)${tags:+, tags $tags}) vs PyTorch $("$python" -c 'import torch; print(torch.__version__)'), 2 threads"
echo "$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(date -u +%Y-%m-%d)"
echo
printf '%-26s %12s %12s %9s %9s %8s\n' workload gohooks PyTorch "GFLOP/s" "(torch)" ratio
for row in "${rows[@]}"; do
	IFS='|' read -r label pkg bench torchname <<<"$row"
	gons=$(awk -v n="$bench" '$1 == n { print $2 }' "$work/go.txt")
	read -r tns flops < <(awk -v n="$torchname" '$1 == n { print $2, $3 }' "$work/torch.txt")
	awk -v label="$label" -v g="$gons" -v t="$tns" -v f="$flops" '
		function dur(ns) {
			if (ns == "") return "-"
			if (ns >= 1e6) return sprintf("%.2f ms", ns / 1e6)
			if (ns >= 1e3) return sprintf("%.1f µs", ns / 1e3)
			return sprintf("%.0f ns", ns)
		}
		function rate(ns) { return (f > 0 && ns > 0) ? sprintf("%.1f", f / ns) : "-" }
		BEGIN {
			ratio = (g > 0 && t > 0) ? sprintf("%.2f×", g / t) : "-"
			printf "%-26s %12s %12s %9s %9s %8s\n", label, dur(g), dur(t), rate(g), rate(t), ratio
		}'
done
echo
echo "ratio = gohooks time / PyTorch time (below 1 means gohooks is faster); best of $count rounds of ${benchtime}s each."
