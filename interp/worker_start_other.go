//go:build !linux

package interp

import "os/exec"

// startWorker starts the worker process; without a parent-death signal,
// the worker's own check of its parent (exitWithParent) ends it with the
// kernel.
func startWorker(cmd *exec.Cmd) error {
	return cmd.Start()
}
