#!/usr/bin/env bash
# Runs the same workloads in gohooks (go test -bench) and in PyTorch
# (bench/torch_bench.py, Debian python3-torch, 2 threads) in one run and
# prints a table of time ratios. Not part of ./test.sh.
#
# usage: bench/compare.sh [-tags TAGS] [-count N] [-benchtime SECONDS] [FILTER]
#   -tags openblas   measure the OpenBLAS build of gohooks
#   -count N         best of N rounds on both sides (default 3); the rounds
#                    alternate between the sides, so that a spell of load
#                    from other processes hits both
#   -benchtime S     seconds per round on both sides (default 1)
#   FILTER           only rows whose label matches this grep -E pattern
# Both sides run OpenBLAS (when they use it) on OPENBLAS_NUM_THREADS=2 threads
# unless the environment says otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

# One row per workload: label | Go package | Go benchmark (as go test names
# it, without the -GOMAXPROCS suffix) | PyTorch workload in torch_bench.py,
# or - for none. Rows that share a PyTorch workload reuse its timing. The
# summary below the table looks rows up by label.
WORKLOADS=(
	"FMA peak, all cores|./internal/gemm|BenchmarkPeak|-"
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
	"Conv2d 1->8 28x28 fwd|./tensorlib|BenchmarkConv2dForward/b64_1to8_28x28|conv1_fwd"
	"Conv2d 8->16 14x14 fwd|./tensorlib|BenchmarkConv2dForward/b64_8to16_14x14|conv2_fwd"
	"Conv2d 1->8 28x28 fwd+bwd|./tensorlib|BenchmarkConv2dForwardBackward/b64_1to8_28x28|conv1_fwd_bwd"
	"Conv2d 8->16 14x14 fwd+bwd|./tensorlib|BenchmarkConv2dForwardBackward/b64_8to16_14x14|conv2_fwd_bwd"
	"MaxPool2d 8x28x28|./tensorlib|BenchmarkMaxPool2d/b64_8x28x28|maxpool1"
	"MaxPool2d 16x14x14|./tensorlib|BenchmarkMaxPool2d/b64_16x14x14|maxpool2"
	"MaxPool2d 8x28x28 fwd+bwd|./tensorlib|BenchmarkMaxPool2d/b64_8x28x28_backward|maxpool1_fwd_bwd"
	"MaxPool2d 16x14x14 fwd+bwd|./tensorlib|BenchmarkMaxPool2d/b64_16x14x14_backward|maxpool2_fwd_bwd"
	"ReLU 64x8x28x28|./tensorlib|BenchmarkReLU|relu"
	"CNN step|./nnlib|BenchmarkTrainStep/b64_no_hooks|cnn_step"
	"CNN step, forward hooks|./nnlib|BenchmarkTrainStep/b64_forward_hook_every_module|cnn_step_forward_hooks"
	"CNN step, backward hooks|./nnlib|BenchmarkTrainStep/b64_full_backward_hook_every_module|cnn_step_backward_hooks"
	"CNN step pair, interleaved|./nnlib|BenchmarkForwardHookOverhead|cnn_step_hook_overhead"
	"ResNet-18 32x32 b32 step|./models|BenchmarkResNet18TrainStep/b32_32x32|resnet18_step"
	"GPT block step|./models|BenchmarkGPTBlockStep/d128_h4_t64_b16|gpt_block_step"
)

tags="" count=3 benchtime=1 filter=""
while [ $# -gt 0 ]; do
	case "$1" in
	-tags) tags="$2"; shift 2 ;;
	-count) count="$2"; shift 2 ;;
	-benchtime) benchtime="$2"; shift 2 ;;
	-h | --help) sed -n '2,16p' "$0"; exit 0 ;;
	*) filter="$1"; shift ;;
	esac
done

python=/usr/bin/python3
if ! "$python" -c 'import torch' 2>/dev/null; then
	echo "installing python3-torch with apt-get" >&2
	apt-get update -qq && apt-get install -y -qq python3-torch >/dev/null
fi

export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-2}"

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

# Build each package's test binary once.
declare -A bins
for row in "${rows[@]}"; do
	IFS='|' read -r _ pkg _ _ <<<"$row"
	if [ -z "${bins[$pkg]:-}" ]; then
		bins[$pkg]="$work/$(echo "$pkg" | tr '/.' '__').test"
		go test -c -o "${bins[$pkg]}" ${tags:+-tags "$tags"} "$pkg"
	fi
done
torchnames=$(for row in "${rows[@]}"; do IFS='|' read -r _ _ _ t <<<"$row"; [ "$t" = - ] || echo "$t"; done | awk '!seen[$0]++')

# Each round runs every Go benchmark once (one at a time, with an anchored
# pattern so nothing else runs), then every PyTorch workload once. Lines are
# "name ns-per-op X", X being GFLOP/s where the Go benchmark reports it,
# flops per op on the PyTorch side, and the hook overhead in percent for the
# interleaved hook benchmark on both.
: >"$work/go.txt"
: >"$work/torch.txt"
for round in $(seq "$count"); do
	for row in "${rows[@]}"; do
		IFS='|' read -r _ pkg bench _ <<<"$row"
		pattern=$(awk -F/ '{for (i = 1; i <= NF; i++) printf "%s^%s$", (i > 1 ? "/" : ""), $i}' <<<"$bench")
		echo "round $round/$count go: $bench" >&2
		(cd "$pkg" && "${bins[$pkg]}" -test.run '^$' -test.bench "$pattern" -test.count 1 -test.benchtime "${benchtime}s") |
			awk -v name="$bench" '
				$1 ~ /^Benchmark/ {
					sub(/-[0-9]+$/, "", $1)
					if ($1 != name) next
					ns = ""; rate = ""
					for (i = 3; i < NF; i++) {
						if ($(i+1) == "ns/op") ns = $i
						if ($(i+1) == "GFLOP/s" || $(i+1) == "%overhead") rate = $i
					}
					if (ns != "") print name, ns, rate
				}' >>"$work/go.txt"
	done
	if [ -n "$torchnames" ]; then
		echo "round $round/$count torch: $(echo $torchnames)" >&2
		# shellcheck disable=SC2086
		"$python" bench/torch_bench.py --benchtime "$benchtime" --count 1 $torchnames >>"$work/torch.txt"
	fi
done

# best: the fastest round of each name, with its rate (go) or flops (torch).
best() {
	awk '{ if (!($1 in ns) || $2 + 0 < ns[$1] + 0) { ns[$1] = $2; extra[$1] = $3 } }
		END { for (n in ns) print n, ns[n], extra[n] }' "$1"
}
best "$work/go.txt" >"$work/go.best"
best "$work/torch.txt" >"$work/torch.best"

# table.txt: label|go ns|go GFLOP/s|torch ns|flops per op, one line a row.
: >"$work/table.txt"
for row in "${rows[@]}"; do
	IFS='|' read -r label _ bench torchname <<<"$row"
	g=$(awk -v n="$bench" '$1 == n { print $2 "|" $3 }' "$work/go.best")
	t=$(awk -v n="$torchname" '$1 == n { print $2 "|" $3 }' "$work/torch.best")
	echo "$label|${g:-|}|${t:-|}" >>"$work/table.txt"
done

echo
echo "gohooks ($(go env GOOS)/$(go env GOARCH)${tags:+, tags $tags}) vs PyTorch $("$python" -c 'import torch; print(torch.__version__)'), 2 threads"
echo "$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(date -u +%Y-%m-%d)"
echo
awk -F'|' '
	function dur(ns) {
		if (ns == "") return "-"
		if (ns >= 1e6) return sprintf("%.2f ms", ns / 1e6)
		if (ns >= 1e3) return sprintf("%.1f us", ns / 1e3)
		return sprintf("%.0f ns", ns)
	}
	function rate(f, ns) { return (f > 0 && ns > 0) ? sprintf("%.1f", f / ns) : "-" }
	function pct(a, b) { return sprintf("%+.1f%%", 100 * (a / b - 1)) }
	BEGIN { printf "%-26s %12s %12s %9s %9s %8s\n", "workload", "gohooks", "PyTorch", "GFLOP/s", "(torch)", "ratio" }
	{
		label = $1; g[label] = $2; gr[label] = $3; t[label] = $4; f[label] = $5
		if (label == "CNN step pair, interleaved") {
			# Its third fields are overheads, shown in the summary.
			$3 = ""; $5 = ""
		}
		if (label == "FMA peak, all cores") {
			# Reports a rate, not a time worth comparing.
			printf "%-26s %12s %12s %9s %9s %8s\n", label, "-", "-", ($3 == "" ? "-" : $3), "-", "-"
			next
		}
		ratio = ($2 > 0 && $4 > 0) ? sprintf("%.2fx", $2 / $4) : "-"
		printf "%-26s %12s %12s %9s %9s %8s\n", label, dur($2), dur($4), rate($5, $2), rate($5, $4), ratio
	}
	function hooks(label, what,   line) {
		if (g[label] == "" || g["CNN step"] == "") return
		line = sprintf("  %-26s gohooks %s", what, pct(g[label], g["CNN step"]))
		if (t[label] != "" && t["CNN step"] != "") line = line sprintf(", PyTorch %s", pct(t[label], t["CNN step"]))
		print line
	}
	END {
		print ""
		print "ratio = gohooks time / PyTorch time (below 1 means gohooks is faster); best of '"$count"' rounds of '"$benchtime"'s each."
		if (g["CNN step, forward hooks"] != "" || g["CNN step, backward hooks"] != "" || g["CNN step pair, interleaved"] != "") {
			print "\nhook overhead on the CNN step (time with hooks / without, minus 1, each side):"
			print "  (rows above, separate processes: noisy when other processes load the machine)"
			hooks("CNN step, forward hooks", "forward hook every module")
			hooks("CNN step, backward hooks", "full backward hooks")
		}
		if (g["CNN step pair, interleaved"] != "") {
			print "  forward hook every module, interleaved in one process (each round):"
			while ((getline line < gofile) > 0) {
				split(line, a, " ")
				if (a[1] == "BenchmarkForwardHookOverhead") gl = gl sprintf(" %+.1f%%", a[3])
			}
			while ((getline line < torchfile) > 0) {
				split(line, a, " ")
				if (a[1] == "cnn_step_hook_overhead") tl = tl sprintf(" %+.1f%%", a[3])
			}
			printf "    gohooks%s\n", gl
			if (tl != "") printf "    PyTorch%s\n", tl
		}
		peak = gr["FMA peak, all cores"]
		if (peak > 0) {
			print "\nGEMM rate as a share of the FMA peak measured in this run (" peak " GFLOP/s):"
			for (n = 128; n <= 1024; n *= 2) {
				l = "GEMM " n
				if (g[l] == "" || f[l] == "") continue
				line = sprintf("  %-26s gohooks %.0f%%", l, 100 * f[l] / g[l] / peak)
				if (t[l] != "") line = line sprintf(", PyTorch %.0f%%", 100 * f[l] / t[l] / peak)
				print line
			}
		}
	}' gofile="$work/go.txt" torchfile="$work/torch.txt" "$work/table.txt"
