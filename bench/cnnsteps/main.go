// Command cnnsteps trains the notebook CNN (conv 1→8, ReLU, max pool,
// conv 8→16, ReLU, max pool, linear 784→10; Adam, cross-entropy) for a
// number of steps on the embedded Fashion-MNIST sample and prints the
// process's resident set size before the first step and at its peak, as
// bench/memory.sh compares with PyTorch's.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func main() {
	steps := flag.Int("steps", 100, "training steps")
	batch := flag.Int("batch", 64, "images per step (at most 1000)")
	flag.Parse()
	if *steps < 1 || *batch < 1 || *batch > 1000 {
		fmt.Fprintln(os.Stderr, "cnnsteps: -steps must be at least 1 and -batch from 1 to 1000")
		os.Exit(2)
	}
	x, y := nnlib.FashionMNIST().Batch(0, *batch)
	tensorlib.ManualSeed(1)
	net := nnlib.Sequential(
		nnlib.Conv2d(1, 8, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Conv2d(8, 16, 3, nnlib.Padding(1)), nnlib.ReLU(), nnlib.MaxPool2d(2),
		nnlib.Flatten(), nnlib.Linear(16*7*7, 10),
	)
	opt := nnlib.NewAdam(net.Parameters(), 1e-3)
	before := status("VmRSS")
	for i := 0; i < *steps; i++ {
		loss := nnlib.CrossEntropyLoss(net.Forward(x), y)
		opt.ZeroGrad()
		loss.Backward()
		opt.Step()
	}
	fmt.Printf("gohooks %d %d %.1f %.1f\n", *steps, *batch, before, status("VmHWM"))
}

// status returns a size field of /proc/self/status in MiB (0 if absent).
func status(field string) float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 64)
		if err != nil {
			return 0
		}
		return kb / 1024
	}
	return 0
}
