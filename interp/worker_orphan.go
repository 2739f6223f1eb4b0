package interp

import (
	"os"
	"time"
)

// parentPoll is how often the worker checks that the process that started
// it is still there.
const parentPoll = 250 * time.Millisecond

// exitWithParent ends the worker when the process that started it (the
// kernel, the console) is gone, whatever the running cell does: the check
// runs on a goroutine of its own, which the Go scheduler preempts a
// spinning cell for (a cell of compiled code that never returns, or an
// interpreted `for {}`). On Linux the worker also gets SIGKILL at once
// from the parent-death signal set when it was started (startWorker);
// this check covers what that does not: other systems, and a parent
// killed between the fork and the exec.
//
// A process whose parent dies is given another parent (init, or a
// subreaper), so a changed parent process id means the kernel is gone.
func exitWithParent() {
	ppid := os.Getppid()
	go func() {
		for {
			time.Sleep(parentPoll)
			if os.Getppid() != ppid {
				os.Exit(3)
			}
		}
	}()
}
