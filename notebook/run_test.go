package notebook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
)

// fakeBackend runs a cell by looking its source up in a table of scripts
// that call the sink as a real session would.
type fakeBackend struct {
	cells  map[string]func(ctx context.Context, s backend.Sink) backend.ExecuteReply
	ran    []string
	counts []int
}

func (f *fakeBackend) Execute(ctx context.Context, req backend.ExecuteRequest, s backend.Sink) backend.ExecuteReply {
	f.ran = append(f.ran, req.Code)
	f.counts = append(f.counts, req.ExecutionCount)
	if !req.StoreHistory || req.Silent {
		return backend.ExecuteReply{Err: &backend.Error{Name: "test", Value: "cells must be stored in history and not silent"}}
	}
	run, ok := f.cells[req.Code]
	if !ok {
		return backend.ExecuteReply{Err: &backend.Error{Name: "test", Value: "unknown cell " + req.Code}}
	}
	return run(ctx, s)
}

func text(s string) display.Bundle { return display.Bundle{Data: map[string]any{"text/plain": s}} }

func scriptedBackend() *fakeBackend {
	return &fakeBackend{cells: map[string]func(context.Context, backend.Sink) backend.ExecuteReply{
		"streams": func(_ context.Context, s backend.Sink) backend.ExecuteReply {
			s.Stream("stdout", "a")
			s.Stream("stdout", "b\n")
			s.Stream("stderr", "warn\n")
			s.Stream("stdout", "c\n")
			s.Stream("stdout", "d")
			return backend.ExecuteReply{}
		},
		"curve": func(_ context.Context, s backend.Sink) backend.ExecuteReply {
			s.Display(text("loss 1"), "d1", false)
			s.Stream("stdout", "epoch 1\n")
			s.Display(text("loss 2"), "d1", true)
			r := display.Bundle{Data: map[string]any{"text/plain": "done", "text/html": "<b>done</b>"}}
			return backend.ExecuteReply{Result: &r}
		},
		"clear": func(_ context.Context, s backend.Sink) backend.ExecuteReply {
			s.Stream("stdout", "old\n")
			s.ClearOutput(false)
			s.Stream("stdout", "older\n")
			s.ClearOutput(true)
			s.Display(text("loss 3"), "d1", true) // updates the previous cell, keeps the pending clear
			s.Stream("stdout", "new\n")
			s.Display(display.Bundle{
				Data:     map[string]any{"image/png": "iVBORw0KGgo=", "text/plain": "<image 1x1>"},
				Metadata: map[string]any{"image/png": map[string]any{"width": 1, "height": 1}},
			}, "", false)
			return backend.ExecuteReply{}
		},
		"boom": func(_ context.Context, s backend.Sink) backend.ExecuteReply {
			s.Stream("stdout", "before\n")
			return backend.ExecuteReply{Err: &backend.Error{
				Name: "panic", Value: "tensorlib: Div: division by zero",
				Traceback: []string{"panic: tensorlib: Div: division by zero", "  at line 1"},
			}}
		},
		"after": func(_ context.Context, s backend.Sink) backend.ExecuteReply {
			r := text("after")
			return backend.ExecuteReply{Result: &r}
		},
	}}
}

// Running stores what Jupyter stores: merged streams, displays updated in
// place across cells, clear_output with and without wait, results with
// their execution count, and the error that stops the run; later cells are
// left without outputs.
func TestRunStoresOutputsAsJupyter(t *testing.T) {
	nb, err := ReadFile("testdata/run-in.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	b := scriptedBackend()
	err = Run(context.Background(), nb, b, Options{Progress: &progress, Name: "run-in.ipynb"})
	var ce *CellError
	if !errors.As(err, &ce) || ce.Index != 4 || ce.Count != 4 || ce.Err.Name != "panic" {
		t.Fatalf("Run error = %v, want the error of cell 5 (In [4])", err)
	}
	if strings.Join(b.ran, ",") != "streams,curve,clear,boom" || fmt.Sprint(b.counts) != "[1 2 3 4]" {
		t.Errorf("ran %v with execution counts %v", b.ran, b.counts)
	}
	var out bytes.Buffer
	if err := Write(&out, nb); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/run-out.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("outputs differ from testdata/run-out.ipynb:\n%s", diff(string(want), out.String()))
	}
	lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "run-in.ipynb [1/5] In [1] ok") ||
		!strings.Contains(lines[3], "[4/5] In [4] error: panic: tensorlib: Div: division by zero") {
		t.Errorf("progress lines:\n%s", progress.String())
	}
}

func TestRunAllowErrorsRunsToTheEnd(t *testing.T) {
	nb, err := ReadFile("testdata/run-in.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), nb, scriptedBackend(), Options{AllowErrors: true}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	last := nb.Cells[5]
	if *last.ExecutionCount != 5 || len(last.Outputs) != 1 || last.Outputs[0].Data["text/plain"] != "after" || *last.Outputs[0].ExecutionCount != 5 {
		t.Errorf("last cell = count %v outputs %+v", *last.ExecutionCount, last.Outputs)
	}
	if o := nb.Cells[4].Outputs; len(o) != 2 || o[1].Type != ErrorOutput {
		t.Errorf("failed cell outputs = %+v", o)
	}
}

// A cell that overruns the timeout is cancelled through its context and
// gets a Timeout error instead of whatever the session answered.
func TestRunTimeoutCancelsTheCell(t *testing.T) {
	nb := New()
	nb.Cells = []*Cell{NewCode("spin"), NewCode("after")}
	b := scriptedBackend()
	b.cells["spin"] = func(ctx context.Context, s backend.Sink) backend.ExecuteReply {
		s.Stream("stdout", "working\n")
		<-ctx.Done()
		return backend.ExecuteReply{Err: &backend.Error{Name: "interrupted", Value: "context canceled"}}
	}
	err := Run(context.Background(), nb, b, Options{Timeout: 20 * time.Millisecond})
	var ce *CellError
	if !errors.As(err, &ce) || ce.Err.Name != "Timeout" {
		t.Fatalf("Run error = %v, want a Timeout cell error", err)
	}
	o := nb.Cells[0].Outputs
	if len(o) != 2 || o[0].Text != "working\n" || o[1].EName != "Timeout" || !strings.Contains(o[1].EValue, "20ms") {
		t.Errorf("outputs = %+v %+v", o[0], o[len(o)-1])
	}
}

// A session that ignores cancellation ends the run after the grace period.
func TestRunGivesUpOnAStuckSession(t *testing.T) {
	nb := New()
	nb.Cells = []*Cell{NewCode("stuck")}
	release := make(chan struct{})
	defer close(release)
	b := scriptedBackend()
	b.cells["stuck"] = func(ctx context.Context, s backend.Sink) backend.ExecuteReply {
		<-release
		return backend.ExecuteReply{}
	}
	err := Run(context.Background(), nb, b, Options{Timeout: 10 * time.Millisecond, Grace: 10 * time.Millisecond})
	var ce *CellError
	if err == nil || errors.As(err, &ce) || !strings.Contains(err.Error(), "did not stop") {
		t.Fatalf("Run error = %v, want the session-did-not-stop error", err)
	}
}

// Output that arrives after a cell finished (a goroutine still printing)
// does not land in a later cell.
func TestRunIgnoresOutputBetweenCells(t *testing.T) {
	nb := New()
	nb.Cells = []*Cell{NewCode("leak"), NewCode("after")}
	var leaked backend.Sink
	b := scriptedBackend()
	b.cells["leak"] = func(ctx context.Context, s backend.Sink) backend.ExecuteReply {
		leaked = s
		return backend.ExecuteReply{}
	}
	b.cells["after"] = func(ctx context.Context, s backend.Sink) backend.ExecuteReply {
		return backend.ExecuteReply{}
	}
	if err := Run(context.Background(), nb, b, Options{}); err != nil {
		t.Fatal(err)
	}
	leaked.Stream("stdout", "late\n")
	for _, c := range nb.Cells {
		if len(c.Outputs) != 0 {
			t.Errorf("cell %q got outputs %+v", c.Source, c.Outputs)
		}
	}
}
