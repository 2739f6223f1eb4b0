// Command cnnsteps trains the notebook CNN (conv 1→8, ReLU, max pool,
// conv 8→16, ReLU, max pool, linear 784→10; Adam, cross-entropy) for a
// number of steps on the embedded Fashion-MNIST sample and prints the
// process's resident set size before the first step and at its peak, as
// bench/memory.sh compares with PyTorch's. With -cpuprofile it first runs
// ten steps, then writes a CPU profile of the -steps steps that follow and
// prints their mean time instead (bench/where.sh).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

func main() {
	steps := flag.Int("steps", 100, "training steps")
	batch := flag.Int("batch", 64, "images per step (at most 1000)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the steps after ten warm-up steps to this file")
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
	step := func() {
		loss := nnlib.CrossEntropyLoss(net.Forward(x), y)
		opt.ZeroGrad()
		loss.Backward()
		opt.Step()
	}
	if *cpuProfile != "" {
		if err := profileSteps(*cpuProfile, *steps, step); err != nil {
			fmt.Fprintln(os.Stderr, "cnnsteps:", err)
			os.Exit(1)
		}
		return
	}
	before := status("VmRSS")
	for i := 0; i < *steps; i++ {
		step()
	}
	fmt.Printf("gohooks %d %d %.1f %.1f\n", *steps, *batch, before, status("VmHWM"))
}

// profileSteps runs ten warm-up steps, then steps steps under the CPU
// profiler writing to path, and prints their mean wall time.
func profileSteps(path string, steps int, step func()) error {
	for range 10 {
		step()
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return err
	}
	start := time.Now()
	for range steps {
		step()
	}
	elapsed := time.Since(start)
	pprof.StopCPUProfile()
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Printf("wall ms per step: %.3f\n", float64(elapsed.Microseconds())/1000/float64(steps))
	return nil
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
