package gemm

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"
)

// BenchmarkSgemmShare measures n×n products as a share of the FMA peak
// measured in the same process just before and after: each iteration times
// the peak loop on every core, then the product, then the peak again, and
// the reported "%peak" is the median over the iterations of the product's
// rate divided by the mean of the two peaks around it. On a shared machine,
// where the peak itself moves with other processes' load, this is a fairer
// measure than GFLOP/s; run it with -benchtime 20x or so.
func BenchmarkSgemmShare(b *testing.B) {
	if run, _, _ := peakLoop(); run == nil {
		b.Skip("no AVX2 and FMA")
	}
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			p := newProblem(rand.New(rand.NewPCG(1, 1)), false, false, n, n, n, 0, 1, 0)
			flops := 2 * float64(n) * float64(n) * float64(n)
			measureShare(b, flops, func() {
				Sgemm(p.transA, p.transB, p.m, p.n, p.k, p.alpha, p.a, p.lda, p.b, p.ldb, p.beta, p.c, p.ldc)
			})
		})
	}
}

// measureShare times run, which does flops flops, between two runs of the
// peak loop of about a gigaflop each (2.5 ms at 400 GFLOP/s), b.N times,
// and reports the median share.
func measureShare(b *testing.B, flops float64, run func()) {
	reps := max(1, int(1e9/flops))
	many := func() {
		for range reps {
			run()
		}
	}
	many()
	var shares, cpuShares, rates, peaks []float64
	b.ResetTimer()
	for range b.N {
		c0 := cpuTime()
		before := peakRate(reps * int(flops))
		c1 := cpuTime()
		t := time.Now()
		many()
		rate := float64(reps) * flops / time.Since(t).Seconds() / 1e9
		c2 := cpuTime()
		peak := (before + peakRate(reps*int(flops))) / 2
		c3 := cpuTime()
		shares = append(shares, rate/peak)
		// The same per second of CPU time: what other processes' load
		// does to the wall clock drops out, waiting for a descheduled
		// goroutine does not count (unless polling).
		peakCPU := (c1 - c0 + c3 - c2) / 2
		cpuShares = append(cpuShares, peakCPU/(c2-c1))
		rates = append(rates, rate)
		peaks = append(peaks, peak)
	}
	b.ReportMetric(100*median(shares), "%peak")
	b.ReportMetric(100*median(cpuShares), "%peakCPU")
	b.ReportMetric(median(rates), "GFLOP/s")
	b.ReportMetric(median(peaks), "peakGFLOP/s")
}

// peakRate runs about flops flops of the peak loop spread over every core
// and returns its rate in GFLOP/s.
func peakRate(flops int) float64 {
	procs := runtime.GOMAXPROCS(0)
	run, per, _ := peakLoop()
	if run == nil {
		return 0
	}
	rounds := max(1, flops/procs/per)
	var wg sync.WaitGroup
	t := time.Now()
	wg.Add(procs)
	for range procs {
		go func() {
			defer wg.Done()
			run(rounds)
		}()
	}
	wg.Wait()
	return float64(procs*rounds*per) / time.Since(t).Seconds() / 1e9
}

// cpuTime is the CPU time the process has used, in seconds.
func cpuTime() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := slices.Clone(x)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkSharedPanels compares the two ways of splitting big products
// across the cores in one process, on those of 512³, 1024³ and ResNet-18's
// products that share panels: each iteration times about 10 ms of products with
// shared panels of B and as many in chunks that each goroutine packs for
// itself (in alternating order), and "chunked/shared" is the median ratio
// of the times (above 1: sharing is faster).
func BenchmarkSharedPanels(b *testing.B) {
	if len(kernels) == 0 || runtime.GOMAXPROCS(0) < 2 {
		b.Skip("no micro-kernel or one core")
	}
	defer func() { sharePanels = true }()
	var shapes []shape
	squares := []shape{{"n=512", false, false, 512, 512, 512}, {"n=1024", false, false, 1024, 1024, 1024}}
	for _, s := range append(squares, resnetShapes...) {
		p := &problem{transA: s.transA, transB: s.transB, m: s.m, n: s.n, k: s.k}
		if parts, _ := split(&kernels[0], p); useShared(&kernels[0], p, parts) {
			shapes = append(shapes, s)
		}
	}
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			p := newProblem(rand.New(rand.NewPCG(1, 1)), s.transA, s.transB, s.m, s.n, s.k, 0, 1, 0)
			reps := max(1, int(1e9/(2*float64(s.m)*float64(s.n)*float64(s.k))))
			timed := func(shared bool) float64 {
				sharePanels = shared
				t := time.Now()
				for range reps {
					Sgemm(p.transA, p.transB, p.m, p.n, p.k, p.alpha, p.a, p.lda, p.b, p.ldb, p.beta, p.c, p.ldc)
				}
				return time.Since(t).Seconds()
			}
			timed(true)
			timed(false)
			var ratios []float64
			b.ResetTimer()
			for i := range b.N {
				var shared, chunked float64
				if i%2 == 0 {
					shared, chunked = timed(true), timed(false)
				} else {
					chunked, shared = timed(false), timed(true)
				}
				ratios = append(ratios, chunked/shared)
			}
			b.ReportMetric(median(ratios), "chunked/shared")
		})
	}
}
