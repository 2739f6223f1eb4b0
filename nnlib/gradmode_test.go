package nnlib_test

import (
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// twoTrainings is a probe trained inside a forward hook of one model, and a
// second model trained on its own.
type twoTrainings struct {
	watched, probe, other *nnlib.Module
	x, yProbe, yOther     *tensorlib.Tensor
}

func newTwoTrainings() *twoTrainings {
	tensorlib.ManualSeed(3)
	return &twoTrainings{
		watched: nnlib.Sequential(nnlib.Linear(4, 8), nnlib.ReLU()),
		probe:   nnlib.Linear(8, 2),
		other:   nnlib.Sequential(nnlib.Linear(4, 16), nnlib.Tanh(), nnlib.Linear(16, 2)),
		x:       tensorlib.Randn(32, 4),
		yProbe:  tensorlib.Randn(32, 2),
		yOther:  tensorlib.Randn(32, 2),
	}
}

// trainProbe runs the watched model steps times; each forward trains the
// probe one step on the watched model's output.
func (tt *twoTrainings) trainProbe(steps int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("training the probe: %v", r)
		}
	}()
	opt := nnlib.NewSGD(tt.probe.Parameters(), 0.05)
	tt.watched.RegisterForwardHook(func(m *nnlib.Module, in []*tensorlib.Tensor, out *tensorlib.Tensor) *tensorlib.Tensor {
		loss := nnlib.MSELoss(tt.probe.Forward(out.Detach()), tt.yProbe)
		opt.ZeroGrad()
		loss.Backward()
		opt.Step()
		return nil
	})
	for range steps {
		tt.watched.Forward(tt.x)
	}
	return nil
}

func (tt *twoTrainings) trainOther(steps int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("training the other model: %v", r)
		}
	}()
	opt := nnlib.NewSGD(tt.other.Parameters(), 0.05)
	for range steps {
		loss := nnlib.MSELoss(tt.other.Forward(tt.x), tt.yOther)
		opt.ZeroGrad()
		loss.Backward()
		opt.Step()
	}
	return nil
}

func (tt *twoTrainings) weights() []float32 {
	var w []float32
	for _, p := range append(tt.probe.Parameters(), tt.other.Parameters()...) {
		w = append(w, p.Data()...)
	}
	return w
}

// A backward pass stops recording for its own graph only: a probe trained
// in a hook while another model runs backward in another goroutine ends
// with the weights it gets when the two run one after the other.
func TestTrainingConcurrentlyGivesTheSequentialResults(t *testing.T) {
	const steps = 300
	seq := newTwoTrainings()
	if err := seq.trainProbe(steps); err != nil {
		t.Fatal(err)
	}
	if err := seq.trainOther(steps); err != nil {
		t.Fatal(err)
	}

	con := newTwoTrainings()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); errs[0] = con.trainProbe(steps) }()
	go func() { defer wg.Done(); errs[1] = con.trainOther(steps) }()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	want, got, initial := seq.weights(), con.weights(), newTwoTrainings().weights()
	changed := false
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("weight %d: %v concurrently, %v one after the other", i, got[i], want[i])
		}
		changed = changed || want[i] != initial[i]
	}
	if !changed {
		t.Fatal("training changed no weight")
	}
}
