#!/usr/bin/env bash
# Runs the same workloads in gohooks (go test -bench) and in PyTorch
# (bench/torch_bench.py, Debian python3-torch, 2 threads) in one run and
# prints a table of time ratios. Not part of ./test.sh.
#
# usage: bench/compare.sh [-tags TAGS] [-count N] [-benchtime SECONDS]
#                         [-maxload SHARE] [FILTER]
#   -tags openblas   measure the OpenBLAS build of gohooks
#   -count N         pairs of rounds per row (default 5)
#   -benchtime S     seconds per round on both sides (default 1)
#   -maxload SHARE   drop a pair when other processes used more than this
#                    share of the machine's CPU time during either of its
#                    rounds (default 0.10)
#   FILTER           only rows whose label matches this grep -E pattern
# A pair is one gohooks round and one PyTorch round of the same row, run
# back to back (which side goes first alternates), so that both see the
# same machine. Each round records the CPU time that other processes used
# during it: /proc/stat's busy time (steal included) minus the round's own
# CPU time. A row's ratio is the median of its kept pairs' ratios, printed
# with their range; its times are the medians of the kept rounds.
# Both sides run OpenBLAS (when they use it) on OPENBLAS_NUM_THREADS=2 threads
# unless the environment says otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

# One row per workload: label | Go package | Go benchmark (as go test names
# it, without the -GOMAXPROCS suffix) | PyTorch workload in torch_bench.py,
# or - for none. Rows that share a PyTorch workload reuse its timing. The
# summary below the table looks rows up by label. The FMA peak row is
# register-only FMAs on every core, of the widest vector unit the GEMM
# kernels use on this CPU (AVX-512 where they run, else AVX2), and the
# summary gives each GEMM's rate as a share of it.
WORKLOADS=(
	"FMA peak, all cores|./internal/gemm|BenchmarkPeak|-"
	"GEMM 128|./internal/gemm|BenchmarkSgemm/n=128|gemm_128"
	"GEMM 512|./internal/gemm|BenchmarkSgemm/n=512|gemm_512"
	"GEMM 1024|./internal/gemm|BenchmarkSgemm/n=1024|gemm_1024"
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
	"ReLU 64x8x28x28|./tensorlib|BenchmarkElementwise/relu|ew_relu"
	"Add 64x8x28x28|./tensorlib|BenchmarkElementwise/add|ew_add"
	"Mul 64x8x28x28|./tensorlib|BenchmarkElementwise/mul|ew_mul"
	"Exp 64x8x28x28|./tensorlib|BenchmarkElementwise/exp|ew_exp"
	"Tanh 64x8x28x28|./tensorlib|BenchmarkElementwise/tanh|ew_tanh"
	"Sigmoid 64x8x28x28|./tensorlib|BenchmarkElementwise/sigmoid|ew_sigmoid"
	"GELU 64x8x28x28|./tensorlib|BenchmarkElementwise/gelu|ew_gelu"
	"Log 64x8x28x28|./tensorlib|BenchmarkElementwise/log|ew_log"
	"Softmax 16x4x64x64|./tensorlib|BenchmarkSoftmax/16x4x64x64|softmax_att"
	"LogSoftmax 16x4x64x64|./tensorlib|BenchmarkSoftmax/16x4x64x64_log|log_softmax_att"
	"LogSoftmax 64x10|./tensorlib|BenchmarkSoftmax/64x10_log|log_softmax_logits"
	"CrossEntropy 64x10 fwd+bwd|./nnlib|BenchmarkCrossEntropy/b64_c10|cross_entropy"
	"Linear 784->10 fwd+bwd|./tensorlib|BenchmarkLinear/b64_784to10_backward|linear_fwd_bwd"
	"Linear 512->512 fwd+bwd|./tensorlib|BenchmarkLinear/b64_512to512_backward|linear512_fwd_bwd"
	"CNN step|./nnlib|BenchmarkTrainStep/b64_no_hooks|cnn_step"
	"CNN step, forward hooks|./nnlib|BenchmarkTrainStep/b64_forward_hook_every_module|cnn_step_forward_hooks"
	"CNN step, backward hooks|./nnlib|BenchmarkTrainStep/b64_full_backward_hook_every_module|cnn_step_backward_hooks"
	"CNN step pair, interleaved|./nnlib|BenchmarkForwardHookOverhead|cnn_step_hook_overhead"
	"ResNet-18 32x32 b32 step|./models|BenchmarkResNet18TrainStep/b32_32x32|resnet18_step"
	"GPT block step|./models|BenchmarkGPTBlockStep/d128_h4_t64_b16|gpt_block_step"
	"LayerNorm d128 fwd+bwd|./nnlib|BenchmarkLayers/layernorm_b16_t64_d128|layer_norm"
	"LSTM h128 16 steps fwd+bwd|./nnlib|BenchmarkLayers/lstm_l16_b32_h128|lstm"
	"CNN step, batch 1|./nnlib|BenchmarkTrainStepBatch/b1|cnn_step_b1"
	"CNN step, batch 8|./nnlib|BenchmarkTrainStepBatch/b8|cnn_step_b8"
	"CNN step, batch 256|./nnlib|BenchmarkTrainStepBatch/b256|cnn_step_b256"
	"SiLU 64x8x28x28|./tensorlib|BenchmarkMoreOps/silu|mop_silu"
	"Clamp 64x8x28x28|./tensorlib|BenchmarkMoreOps/clamp|mop_clamp"
	"Add bias 8x1x1|./tensorlib|BenchmarkMoreOps/add_bias|mop_add_bias"
	"Softmax dim 1 fwd+bwd|./tensorlib|BenchmarkMoreOps/softmax_dim1_bwd|mop_softmax_dim1_bwd"
	"Max along rows 512x784|./tensorlib|BenchmarkMoreOps/amax_rows|mop_amax_rows"
	"Var along rows 512x784|./tensorlib|BenchmarkMoreOps/var_rows|mop_var_rows"
	"Mean over dim 0 512x784|./tensorlib|BenchmarkMoreOps/mean_dim0|mop_mean_dim0"
	"Upsample nearest x2|./tensorlib|BenchmarkOps/upsample_nearest|op_upsample_nearest"
	"Upsample bilinear fwd+bwd|./tensorlib|BenchmarkOps/upsample_bilinear_bwd|op_upsample_bilinear_bwd"
	"MaxPool2d k3s2p1 fwd+bwd|./tensorlib|BenchmarkOps/maxpool_k3s2p1_bwd|op_maxpool_k3s2p1_bwd"
	"AdaptiveAvgPool 1x1 f+b|./tensorlib|BenchmarkOps/adaptive_avgpool_1x1_bwd|op_adaptive_avgpool_1x1_bwd"
	"Embedding fwd+bwd|./nnlib|BenchmarkLayers/embedding_10000x128_i64x64|op_embedding_bwd"
	"Cat 2x64x8x28x28 dim 1|./tensorlib|BenchmarkOps/cat|op_cat"
	"Transpose(1,3) copy|./tensorlib|BenchmarkOps/transpose13|op_transpose13"
	"Batched MatMul fwd+bwd|./tensorlib|BenchmarkOps/bmm_bwd|op_bmm_bwd"
	"Batched q@k^T|./tensorlib|BenchmarkOps/bmm_qkT|op_bmm_qkT"
	"Dropout 64x8x28x28|./tensorlib|BenchmarkOps/dropout|op_dropout"
)

tags="" count=5 benchtime=1 maxload=0.10 filter=""
while [ $# -gt 0 ]; do
	case "$1" in
	-tags) tags="$2"; shift 2 ;;
	-count) count="$2"; shift 2 ;;
	-benchtime) benchtime="$2"; shift 2 ;;
	-maxload) maxload="$2"; shift 2 ;;
	-h | --help) sed -n '2,26p' "$0"; exit 0 ;;
	*) filter="$1"; shift ;;
	esac
done

. bench/torch.sh

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

# The PyTorch side is one long-lived process (torch_bench.py --serve) that
# answers "NAME BENCHTIME" with one round: "NAME NS EXTRA OTHER".
# torch_round sets t to "NS EXTRA OTHER"; it runs in this shell, since the
# coprocess's descriptors are not open in subshells.
coproc TORCH { "$python" bench/torch_bench.py --serve; }
torch_round() {
	echo "$1 $benchtime" >&"${TORCH[1]}"
	local name
	read -r name t <&"${TORCH[0]}"
}

hz=$(getconf CLK_TCK)
# jiffies prints the busy (steal included) and total jiffies of all CPUs.
jiffies() { awk '/^cpu / { b = $2 + $3 + $4 + $7 + $8 + $9; print b, b + $5 + $6; exit }' /proc/stat; }

# go_round runs one Go benchmark once (an anchored pattern, so nothing else
# runs) and prints "NS EXTRA OTHER": EXTRA is the GFLOP/s or %overhead the
# benchmark reports, OTHER the share of CPU time other processes used.
go_round() {
	local pkg=$1 bench=$2 pattern b0 t0 b1 t1 cpu
	pattern=$(awk -F/ '{for (i = 1; i <= NF; i++) printf "%s^%s$", (i > 1 ? "/" : ""), $i}' <<<"$bench")
	read -r b0 t0 < <(jiffies)
	cpu=$( { TIMEFORMAT='%3U %3S'; time (cd "$pkg" && "${bins[$pkg]}" -test.run '^$' -test.bench "$pattern" -test.count 1 -test.benchtime "${benchtime}s" >"$work/out" 2>&1); } 2>&1)
	read -r b1 t1 < <(jiffies)
	awk -v name="$bench" -v cpu="$cpu" -v db=$((b1 - b0)) -v dt=$((t1 - t0)) -v hz="$hz" '
		$1 ~ /^Benchmark/ {
			sub(/-[0-9]+$/, "", $1)
			if ($1 != name) next
			ns = ""; extra = "-"
			for (i = 3; i < NF; i++) {
				if ($(i+1) == "ns/op") ns = $i
				if ($(i+1) == "GFLOP/s" || $(i+1) == "%overhead") extra = $i
			}
		}
		END {
			split(cpu, c, " ")
			other = dt > 0 ? (db / hz - c[1] - c[2]) / (dt / hz) : 0
			if (other < 0) other = 0
			if (ns != "") printf "%s %s %.3f\n", ns, extra, other
		}' "$work/out"
}

# pairs.txt: label round go_ns go_extra go_other torch_ns torch_extra torch_other
# (labels with spaces replaced by _), one line a pair; "-" for a missing side.
: >"$work/pairs.txt"
for round in $(seq "$count"); do
	for row in "${rows[@]}"; do
		IFS='|' read -r label pkg bench torchname <<<"$row"
		echo "round $round/$count: $label" >&2
		g="- - -" t="- - -"
		if [ $((round % 2)) -eq 1 ]; then
			g=$(go_round "$pkg" "$bench")
			[ "$torchname" = - ] || torch_round "$torchname"
		else
			[ "$torchname" = - ] || torch_round "$torchname"
			g=$(go_round "$pkg" "$bench")
		fi
		echo "${label// /_} $round ${g:-- - -} ${t:-- - -}" >>"$work/pairs.txt"
	done
done
echo "quit 0" >&"${TORCH[1]}" 2>/dev/null || true

echo
echo "gohooks ($(go env GOOS)/$(go env GOARCH)${tags:+, tags $tags}) vs PyTorch $("$python" -c 'import torch; print(torch.__version__)'), 2 threads"
echo "$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
labels=$(for row in "${rows[@]}"; do echo "${row%%|*}"; done)
awk -v maxload="$maxload" -v count="$count" -v benchtime="$benchtime" -v labels="$labels" '
	function dur(ns) {
		if (ns == "" || ns == "-") return "-"
		if (ns >= 1e6) return sprintf("%.2f ms", ns / 1e6)
		if (ns >= 1e3) return sprintf("%.1f us", ns / 1e3)
		return sprintf("%.0f ns", ns)
	}
	# median of the n values a[1..n] (sorted in place).
	function median(a, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j+1] = a[j]; a[j+1] = x }
		if (n == 0) return ""
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	{
		l = $1; n = ++total[l]
		gns[l, n] = $3; gx[l, n] = $4; gload[l, n] = $5
		tns[l, n] = $6; tx[l, n] = $7; tload[l, n] = $8
	}
	END {
		nl = split(labels, order, "\n")
		printf "%-26s %10s %10s %8s %8s %7s %11s %6s %6s\n", "workload", "gohooks", "PyTorch", "GFLOP/s", "(torch)", "ratio", "range", "pairs", "load"
		for (li = 1; li <= nl; li++) {
			label = order[li]; l = label; gsub(/ /, "_", l)
			k = 0; kg = 0; kt = 0; kx = 0; nload = 0; delete r; delete gs; delete ts; delete xs; delete loads
			# With every pair loaded, the row is computed from all of them
			# and marked.
			all = 1
			for (i = 1; i <= total[l]; i++) {
				ld = 0
				if (gns[l, i] != "-") ld = gload[l, i]
				if (tns[l, i] != "-" && tload[l, i] > ld) ld = tload[l, i]
				loads[++nload] = ld
				if (ld <= maxload) all = 0
			}
			load = median(loads, nload)
			for (i = 1; i <= total[l]; i++) {
				hasg = gns[l, i] != "-"; hast = tns[l, i] != "-"
				if (!all && ((hasg && gload[l, i] > maxload) || (hast && tload[l, i] > maxload))) continue
				if (hasg) { gs[++kg] = gns[l, i]; if (gx[l, i] != "-") xs[++kx] = gx[l, i] }
				if (hast) ts[++kt] = tns[l, i]
				if (hasg && hast) r[++k] = gns[l, i] / tns[l, i]
				if (label == "CNN step pair, interleaved") { gov = gov sprintf(" %+.1f%%", gx[l, i]); tov = tov sprintf(" %+.1f%%", tx[l, i]) }
				if (tflops[label] == "" && tx[l, i] != "-") tflops[label] = tx[l, i]
			}
			g = median(gs, kg); t = median(ts, kt); x = median(xs, kx)
			gmed[label] = g; tmed[label] = t; xmed[label] = x
			ratio = "-"; rng = "-"
			if (k > 0) {
				ratio = sprintf("%.2fx", median(r, k))
				rng = k > 1 ? sprintf("%.2f-%.2f", r[1], r[k]) : "-"
			}
			if (label == "FMA peak, all cores") { g = ""; t = "" }
			f = tflops[label]
			# The rate of the Go side: as its benchmark reports it, else from the
			# flop count of the PyTorch workload (the same work).
			xr = (label == "CNN step pair, interleaved" || x == "") ? "-" : sprintf("%.1f", x)
			if (xr == "-" && label != "CNN step pair, interleaved" && f > 0 && g > 0) xr = sprintf("%.1f", f / g)
			tr = (f > 0 && t > 0 && label != "CNN step pair, interleaved") ? sprintf("%.1f", f / t) : "-"
			kept = all ? 0 : (label == "FMA peak, all cores" ? kg : k)
			if (all) { anyall = 1; ratio = ratio "*" }
			printf "%-26s %10s %10s %8s %8s %7s %11s %6s %5.0f%%\n", label, dur(g), dur(t), xr, tr, ratio, rng, sprintf("%d/%d", kept, total[l]), 100 * load
		}
		print ""
		print "ratio: median over the kept pairs of gohooks time / PyTorch time (below 1"
		print "means gohooks is faster), range: lowest and highest kept pair; pairs: kept"
		print "of run. A pair is dropped when other processes used more than " maxload * 100 "% of the"
		print "CPU time during either round. " count " pairs of " benchtime "-s rounds a row; times are"
		print "medians of the kept rounds. load: median over the pairs of the row of the larger"
		print "share of CPU time other processes used during its two rounds."
		if (anyall) print "*: every pair of the row was loaded; its figures come from all of them."
		if (gov != "") {
			print "\nforward hook on every module, overhead per kept round (two networks"
			print "stepping in turn in one process, median step times):"
			print "  gohooks" gov
			print "  PyTorch" tov
		}
		peak = xmed["FMA peak, all cores"]
		if (peak > 0) {
			printf "\nGEMM rate as a share of the FMA peak measured in this run (%.1f GFLOP/s):\n", peak
			for (n = 128; n <= 1024; n *= 2) {
				l = "GEMM " n
				if (xmed[l] == "") continue
				line = sprintf("  %-26s gohooks %.0f%%", l, 100 * xmed[l] / peak)
				if (tmed[l] > 0 && tflops[l] > 0) line = line sprintf(", PyTorch %.0f%%", 100 * tflops[l] / tmed[l] / peak)
				print line
			}
		}
	}' "$work/pairs.txt"
