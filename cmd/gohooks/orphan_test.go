package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gohooks/gohooks/kernel"
)

// The test binary is also `gohooks kernel` (TestMain makes it the worker).
func init() {
	if len(os.Args) > 2 && os.Args[1] == "kernel" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
}

// childOf returns the process id of a child of pid, or 0.
func childOf(pid int) int {
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			id, _ := strconv.Atoi(filepath.Base(filepath.Dir(d)))
			return id
		}
	}
	return 0
}

// exited reports whether pid is gone or a zombie.
func exited(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(f) > 0 && (f[0] == "Z" || f[0] == "X")
}

// startKernel starts this test binary as `gohooks kernel` and returns once
// it listens on its shell port, with a channel closed when it has exited. A kernel that exits first (another test
// took one of its ports between freePort and the bind) is started again on
// new ports.
func startKernel(t *testing.T) (kernel.ConnectionInfo, *exec.Cmd, <-chan struct{}) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for try := 1; ; try++ {
		info, file := connectionFile(t)
		k := exec.Command(exe, "kernel", file)
		k.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+t.TempDir())
		var stderr bytes.Buffer
		k.Stderr = &stderr
		if err := k.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { k.Wait(); close(done) }()
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", info.ShellPort)); err == nil {
				c.Close()
				return info, k, done
			}
			select {
			case <-done:
				if try == 3 {
					t.Fatalf("the kernel exited before it listened: %s", stderr.String())
				}
			default:
				if time.Now().After(deadline) {
					k.Process.Kill()
					t.Fatalf("the kernel did not listen within 30 s: %s", stderr.String())
				}
				continue
			}
			break
		}
	}
}

// kill -9 of the kernel process while a cell runs `for {}` ends its worker
// too: nothing is left spinning.
func TestKillingTheKernelEndsItsWorkerWhileACellSpins(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc")
	}
	info, k, exitedKernel := startKernel(t)
	defer k.Process.Kill()

	c := &jupyterClient{t: t, key: []byte(info.Key)}
	c.shell = zmq4.NewDealer(context.Background(), zmq4.WithID(zmq4.SocketIdentity("test")))
	defer c.shell.Close()
	if err := c.shell.Dial(fmt.Sprintf("tcp://127.0.0.1:%d", info.ShellPort)); err != nil {
		t.Fatal(err)
	}
	if got := c.reply(c.shell, c.send(c.shell, "execute_request", map[string]any{"code": "x := 1", "silent": false})); got["status"] != "ok" {
		t.Fatalf("execute_reply %v", got)
	}
	worker := childOf(k.Process.Pid)
	if worker == 0 {
		t.Fatal("the kernel has no worker process")
	}
	defer syscall.Kill(worker, syscall.SIGKILL)
	c.send(c.shell, "execute_request", map[string]any{"code": "for {}", "silent": false})
	time.Sleep(500 * time.Millisecond)
	if exited(worker) {
		t.Fatal("the worker exited before the kernel was killed")
	}
	k.Process.Signal(syscall.SIGKILL)
	<-exitedKernel
	for deadline := time.Now().Add(3 * time.Second); !exited(worker); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("worker %d still runs 3 s after its kernel was killed", worker)
		}
	}
}

// A kernel whose parent dies without shutting it down (a front end
// killed) exits with its worker instead of running on, orphaned. The
// kernel is this test binary (init above), started by a shell that exits
// a second later.
func TestKernelExitsWithItsParent(t *testing.T) {
	t.Setenv("JUPYTER_DATA_DIR", t.TempDir())
	info, file := connectionFile(t)
	out, err := exec.Command("sh", "-c", `"$0" kernel "$1" >/dev/null 2>&1 & echo $!; sleep 1`, os.Args[0], file).Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("kernel pid %q: %v", out, err)
	}
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	// The kernel serves first: it answers on its shell port.
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", info.ShellPort))
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the kernel never listened")
		}
		time.Sleep(20 * time.Millisecond)
	}
	for !exited(pid) {
		if time.Now().After(deadline) {
			t.Fatal("the orphaned kernel still runs")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
