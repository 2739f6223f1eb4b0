package main

import (
	"context"
	"errors"
	"testing"

	"github.com/gohooks/gohooks/interp"
	"github.com/gohooks/gohooks/kernel"
)

func TestABackendThatCannotStartFailsEachCellWithTheReason(t *testing.T) {
	b := startBackend(func() (kernel.Backend, error) {
		return nil, errors.New("fork/exec /gone/gohooks: no such file or directory")
	})
	rep := b.Execute(context.Background(), interp.ExecuteRequest{Code: "1"}, nil)
	if rep.Err == nil || rep.Err.Value != "the Go session could not start: fork/exec /gone/gohooks: no such file or directory" {
		t.Fatalf("Execute: %+v", rep.Err)
	}
	if c := b.Complete("fmt.Pr", 6); c.CursorStart != 6 || c.CursorEnd != 6 || len(c.Matches) != 0 {
		t.Fatalf("Complete: %+v", c)
	}
	if c := b.IsComplete("x"); c.Status != "unknown" {
		t.Fatalf("IsComplete: %+v", c)
	}
	if b.Restart() == nil {
		t.Fatal("Restart succeeded")
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
}
