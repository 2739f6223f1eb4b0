package main

import (
	"os"

	"github.com/gohooks/gohooks/interp"
	"github.com/gohooks/gohooks/kernel"
)

// newBackend starts the Go session the kernel hands cells to: a worker
// process (this binary, `gohooks worker`) driven over pipes, so a crash in
// a cell never takes the kernel down.
func newBackend() (kernel.Backend, error) {
	return interp.NewClient(interp.ClientOptions{})
}

// runWorker serves the Go session over stdin and stdout.
func runWorker(args []string) error {
	return interp.ServeWorker(os.Stdin, os.Stdout)
}
