package interp

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// parentDeathSignal is set on every worker started; the tests of the
// parent check turn it off, to see that check work alone.
var parentDeathSignal = true

// startWorker starts the worker process cmd in a process group of its own
// (a Ctrl-C in the terminal, or a signal Jupyter sends to the kernel's
// group, reaches the kernel, which interrupts the cell, not the worker,
// which would die of it), with SIGKILL as its parent-death signal: it
// dies with the kernel, even in the middle of a cell that never yields.
//
// Linux sends the parent-death signal when the thread that forked the
// child exits, not the process; Go ends threads now and then (a goroutine
// that exits locked to its thread takes the thread with it). So every
// worker is forked by one goroutine locked to its thread for the life of
// the process.
func startWorker(cmd *exec.Cmd) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	if parentDeathSignal {
		cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	}
	forkOnce.Do(func() { go forker() })
	r := forkRequest{cmd: cmd, err: make(chan error, 1)}
	forks <- r
	return <-r.err
}

type forkRequest struct {
	cmd *exec.Cmd
	err chan error
}

var (
	forkOnce sync.Once
	forks    = make(chan forkRequest)
)

// forker starts the workers from a thread that never exits.
func forker() {
	runtime.LockOSThread()
	for r := range forks {
		r.err <- r.cmd.Start()
	}
}
