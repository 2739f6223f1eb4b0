package interp

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// With GOHOOKS_TEST_PARENT set, the test binary is a parent that starts a
// worker without the parent-death signal, prints the worker's process id,
// runs a cell that never yields in it, and waits to be killed.
func init() {
	if os.Getenv("GOHOOKS_TEST_PARENT") != "1" {
		return
	}
	parentDeathSignal = false
	exe, _ := os.Executable()
	c, err := NewClient(ClientOptions{Executable: exe, Args: []string{}, Env: []string{"GOHOOKS_TEST_PARENT=", "GOHOOKS_TEST_WORKER=1"}})
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	fmt.Println(c.w.cmd.Process.Pid)
	c.Execute(context.Background(), ExecuteRequest{Code: "for {}"}, &recorder{})
	os.Exit(1)
}

// processGone reports whether pid has exited (gone, or a zombie nobody
// reaped yet).
func processGone(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == syscall.ESRCH
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(f) > 0 && (f[0] == "Z" || f[0] == "X")
}

// A worker whose parent is killed while a cell spins in `for {}` exits by
// its own check of its parent, without the help of the parent-death
// signal.
func TestWorkerExitsWhenItsParentDiesWhileACellSpins(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	parent := exec.Command(exe, "-test.run=^$")
	parent.Env = append(os.Environ(), "GOHOOKS_TEST_PARENT=1")
	out, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		parent.Process.Kill()
		t.Fatalf("the parent printed %q: %v", line, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		parent.Process.Kill()
		t.Fatalf("the parent printed %q", line)
	}
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	time.Sleep(500 * time.Millisecond) // the cell spins
	if processGone(pid) {
		t.Fatal("the worker exited before its parent was killed")
	}
	parent.Process.Kill()
	parent.Wait()
	deadline := time.Now().Add(10 * parentPoll)
	for !processGone(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("worker %d still runs %v after its parent was killed", pid, 10*parentPoll)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
