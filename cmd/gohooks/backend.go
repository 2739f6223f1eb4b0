package main

import (
	"context"
	"errors"
	"os"
	"runtime/debug"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/interp"
	"github.com/gohooks/gohooks/kernel"
)

// newBackend starts the Go session the kernel hands cells to: a worker
// process (this binary, `gohooks worker`) driven over pipes, so a crash in
// a cell never takes the kernel down.
func newBackend() (kernel.Backend, error) {
	return interp.NewClient(interp.ClientOptions{})
}

// startBackend runs start (newBackend) in the background: the kernel
// binds its sockets and answers kernel_info while the worker process
// starts. The backend it returns waits for the worker on first use; if the
// worker could not start, every cell fails with the reason.
func startBackend(start func() (kernel.Backend, error)) kernel.Backend {
	b := &startingBackend{ready: make(chan struct{})}
	go func() {
		defer close(b.ready)
		b.b, b.err = start()
	}()
	return b
}

type startingBackend struct {
	ready chan struct{}
	b     kernel.Backend
	err   error
}

func (s *startingBackend) get() (kernel.Backend, error) {
	<-s.ready
	return s.b, s.err
}

func (s *startingBackend) Execute(ctx context.Context, req backend.ExecuteRequest, sink backend.Sink) backend.ExecuteReply {
	b, err := s.get()
	if err != nil {
		msg := "the Go session could not start: " + err.Error()
		return backend.ExecuteReply{Err: &backend.Error{Name: "session", Value: msg, Traceback: []string{msg}}}
	}
	return b.Execute(ctx, req, sink)
}

func (s *startingBackend) Complete(code string, cursor int) backend.Completion {
	if b, err := s.get(); err == nil {
		return b.Complete(code, cursor)
	}
	return backend.Completion{CursorStart: cursor, CursorEnd: cursor}
}

func (s *startingBackend) Inspect(code string, cursor, detailLevel int) backend.Inspection {
	if b, err := s.get(); err == nil {
		return b.Inspect(code, cursor, detailLevel)
	}
	return backend.Inspection{}
}

func (s *startingBackend) IsComplete(code string) backend.Completeness {
	if b, err := s.get(); err == nil {
		return b.IsComplete(code)
	}
	return backend.Completeness{Status: "unknown"}
}

// The kernel finds comms by asking whether its backend is a
// kernel.CommBackend, so the starting backend must be one too: the worker
// client behind it is.
var _ kernel.CommBackend = (*startingBackend)(nil)

func (s *startingBackend) Comm(ctx context.Context, m backend.CommMessage, sink backend.Sink) error {
	b, err := s.get()
	if err != nil {
		return err
	}
	cb, ok := b.(kernel.CommBackend)
	if !ok {
		return errNoComms
	}
	return cb.Comm(ctx, m, sink)
}

func (s *startingBackend) CommInfo(target string) map[string]string {
	if b, err := s.get(); err == nil {
		if cb, ok := b.(kernel.CommBackend); ok {
			return cb.CommInfo(target)
		}
	}
	return map[string]string{}
}

var errNoComms = errors.New("the Go session has no comms")

func (s *startingBackend) Restart() error {
	b, err := s.get()
	if err != nil {
		return err
	}
	return b.Restart()
}

func (s *startingBackend) Close() error {
	if b, err := s.get(); err == nil {
		return b.Close()
	}
	return nil
}

// workerGCPercent is the worker's garbage-collection target unless GOGC
// is set. Training loops allocate a fresh tensor per op and keep little
// alive, so collecting half as often saves more than it costs in memory: the
// notebook CNN's training step took a median 5.3 ms at 200 against 5.9 ms at
// Go's default of 100 (eight interleaved rounds in one process).
const workerGCPercent = 200

// runWorker serves the Go session over stdin and stdout.
func runWorker(args []string) error {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(workerGCPercent)
	}
	return interp.ServeWorker(os.Stdin, os.Stdout)
}
