package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/kernel"
)

func TestHelpShowsOnlyOurCommandsAndFlags(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "help"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{arg}, &stdout, &stderr); code != 0 || stdout.String() != usage || stderr.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", arg, code, stdout.String(), stderr.String())
		}
	}
	for _, args := range [][]string{{"install", "--help"}, {"help", "install"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		var flags []string
		for _, line := range strings.Split(stderr.String(), "\n") {
			if f, ok := strings.CutPrefix(line, "  -"); ok {
				flags = append(flags, strings.Fields(f)[0])
			}
		}
		if got := strings.Join(flags, " "); got != "prefix sys-prefix user" {
			t.Errorf("%v lists flags %q, want only prefix, sys-prefix and user:\n%s", args, got, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(nil, &stdout, &stderr); code != 2 || stderr.String() != usage {
		t.Errorf("no command: exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"frobnicate"}, &stdout, &stderr); code != 2 || !strings.HasPrefix(stderr.String(), `gohooks: unknown command "frobnicate"`) {
		t.Errorf("unknown command: exit %d, stderr %q", code, stderr.String())
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"version", "--version"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{arg}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d", arg, code)
		}
		want := fmt.Sprintf("gohooks %s (%s, %s/%s)\n", versionString(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		if stdout.String() != want || !regexp.MustCompile(`^gohooks \S+ \(go`).MatchString(stdout.String()) {
			t.Errorf("%s printed %q, want %q", arg, stdout.String(), want)
		}
	}
}

func TestInstallPicksTheDataDirectory(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("JUPYTER_DATA_DIR", filepath.Join(tmp, "data"))
	t.Setenv("CONDA_PREFIX", "")
	t.Setenv("VIRTUAL_ENV", filepath.Join(tmp, "venv"))
	for _, c := range []struct {
		args []string
		dir  string
	}{
		{nil, filepath.Join(tmp, "data")},
		{[]string{"--user"}, filepath.Join(tmp, "data")},
		{[]string{"--prefix", filepath.Join(tmp, "prefix")}, filepath.Join(tmp, "prefix", "share", "jupyter")},
		{[]string{"--sys-prefix"}, filepath.Join(tmp, "venv", "share", "jupyter")},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"install"}, c.args...), &stdout, &stderr); code != 0 {
			t.Fatalf("install %v: exit %d: %s", c.args, code, stderr.String())
		}
		spec := filepath.Join(c.dir, "kernels", "gohooks")
		if !strings.Contains(stdout.String(), spec) {
			t.Errorf("install %v said %q, want it to name %s", c.args, stdout.String(), spec)
		}
		var ks struct{ Argv []string }
		b, err := os.ReadFile(filepath.Join(spec, "kernel.json"))
		if err != nil || json.Unmarshal(b, &ks) != nil || len(ks.Argv) != 3 || !filepath.IsAbs(ks.Argv[0]) || ks.Argv[1] != "kernel" {
			t.Errorf("install %v: kernel.json %s %v", c.args, b, err)
		}
		for _, logo := range []string{"logo-32x32.png", "logo-64x64.png"} {
			f, err := os.Open(filepath.Join(spec, logo))
			if err != nil {
				t.Fatalf("install %v: %v", c.args, err)
			}
			if _, err := png.Decode(f); err != nil {
				t.Errorf("install %v: %s: %v", c.args, logo, err)
			}
			f.Close()
		}
	}
	t.Setenv("VIRTUAL_ENV", "")
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"--sys-prefix"}, 1}, // no environment active
		{[]string{"--user", "--prefix", tmp}, 2},
		{[]string{"extra"}, 2},
		{[]string{"--frobnicate"}, 2},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"install"}, c.args...), &stdout, &stderr); code != c.code {
			t.Errorf("install %v: exit %d, want %d (%s)", c.args, code, c.code, stderr.String())
		}
	}
}

// jupyterClient speaks to a kernel as a front end does, with zmq4 sockets.
type jupyterClient struct {
	t                     *testing.T
	key                   []byte
	shell, control, iopub zmq4.Socket
	iopubIn               chan *kernel.Message // filled by a goroutine
}

// connectionFile writes a connection file for a kernel on free local tcp
// ports and returns its contents and path.
func connectionFile(t *testing.T) (kernel.ConnectionInfo, string) {
	t.Helper()
	info := kernel.ConnectionInfo{
		Transport: "tcp", IP: "127.0.0.1", Key: "secret", SignatureScheme: "hmac-sha256",
		ShellPort: freePort(t), ControlPort: freePort(t), StdinPort: freePort(t), IOPubPort: freePort(t), HBPort: freePort(t),
	}
	file := filepath.Join(t.TempDir(), "kernel.json")
	b, _ := json.Marshal(info)
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return info, file
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func (c *jupyterClient) send(s zmq4.Socket, msgType string, content any) string {
	c.t.Helper()
	id := fmt.Sprintf("%s-%d", msgType, time.Now().UnixNano())
	header, _ := json.Marshal(kernel.Header{MsgID: id, Session: "test", Username: "test", Date: time.Now().UTC().Format(time.RFC3339Nano), MsgType: msgType, Version: kernel.ProtocolVersion})
	body, _ := json.Marshal(content)
	parts := [][]byte{header, []byte("{}"), []byte("{}"), body}
	mac := hmac.New(sha256.New, c.key)
	for _, p := range parts {
		mac.Write(p)
	}
	sig := []byte(hex.EncodeToString(mac.Sum(nil)))
	if err := s.Send(zmq4.NewMsgFrom(append([][]byte{[]byte("<IDS|MSG>"), sig}, parts...)...)); err != nil {
		c.t.Fatal(err)
	}
	return id
}

func (c *jupyterClient) recv(s zmq4.Socket) *kernel.Message {
	c.t.Helper()
	raw, err := s.Recv()
	if err != nil {
		c.t.Fatal(err)
	}
	signer, _ := kernel.NewSigner("hmac-sha256", string(c.key))
	m, err := kernel.Decode(raw.Frames, signer)
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

// reply waits for the reply to id on s and returns its content.
func (c *jupyterClient) reply(s zmq4.Socket, id string) map[string]any {
	c.t.Helper()
	for {
		m := c.recv(s)
		var parent kernel.Header
		json.Unmarshal(m.ParentHeader, &parent)
		if parent.MsgID != id {
			continue
		}
		var content map[string]any
		json.Unmarshal(m.Content, &content)
		return content
	}
}

// The kernel command end to end, with this test binary as the worker: a
// cell, a cell interrupted by SIGINT (Jupyter's other way to interrupt),
// the session kept, and shutdown with restart ends the command.
func TestKernelCommandServesAFrontEnd(t *testing.T) {
	t.Setenv("JUPYTER_DATA_DIR", t.TempDir())
	info, file := connectionFile(t)
	exit := make(chan int, 1)
	var stderr bytes.Buffer
	go func() { exit <- run([]string{"kernel", file}, &bytes.Buffer{}, &stderr) }()

	ctx := context.Background()
	c := &jupyterClient{t: t, key: []byte(info.Key), iopubIn: make(chan *kernel.Message, 100)}
	c.shell = zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("test")))
	c.control = zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("test")))
	c.iopub = zmq4.NewSub(ctx)
	for s, port := range map[zmq4.Socket]int{c.shell: info.ShellPort, c.control: info.ControlPort, c.iopub: info.IOPubPort} {
		defer s.Close()
		for err := s.Dial(fmt.Sprintf("tcp://127.0.0.1:%d", port)); err != nil; err = s.Dial(fmt.Sprintf("tcp://127.0.0.1:%d", port)) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	c.iopub.SetOption(zmq4.OptionSubscribe, "")
	go func() {
		for {
			raw, err := c.iopub.Recv()
			if err != nil {
				return
			}
			signer, _ := kernel.NewSigner("hmac-sha256", info.Key)
			if m, err := kernel.Decode(raw.Frames, signer); err == nil {
				c.iopubIn <- m
			}
		}
	}()
	// Ask until iopub answers too: a subscription takes a moment.
	for ready := false; !ready; {
		if got := c.reply(c.shell, c.send(c.shell, "kernel_info_request", map[string]any{})); got["implementation"] != "gohooks" {
			t.Fatalf("kernel_info_reply %v", got)
		}
		select {
		case <-c.iopubIn:
			ready = true
		case <-time.After(100 * time.Millisecond):
		}
	}

	execute := func(code string) string {
		return c.send(c.shell, "execute_request", map[string]any{"code": code, "silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
	}
	id := execute("x := 6\nx * 7")
	if got := c.reply(c.shell, id); got["status"] != "ok" {
		t.Fatalf("execute_reply %v", got)
	}
	for result := ""; result != "42"; {
		select {
		case m := <-c.iopubIn:
			var parent kernel.Header
			json.Unmarshal(m.ParentHeader, &parent)
			if parent.MsgID == id && m.Header.MsgType == "execute_result" {
				var content struct{ Data map[string]any }
				json.Unmarshal(m.Content, &content)
				if result, _ = content.Data["text/plain"].(string); result != "42" {
					t.Fatalf("execute_result %s", m.Content)
				}
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no execute_result")
		}
	}
	id = execute("for {}")
	time.Sleep(300 * time.Millisecond)
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if got := c.reply(c.shell, id); got["status"] != "error" || got["ename"] != "interrupted" {
		t.Fatalf("after SIGINT: %v", got)
	}
	if got := c.reply(c.shell, execute("x")); got["status"] != "ok" {
		t.Fatalf("the session was lost: %v", got)
	}

	// Tracebacks name a cell by the front end's number (the kernel's
	// execution_count), also after a help cell, which the session never
	// sees, and after the session was restarted.
	failing := "var m map[string]int\nm[\"k\"] = 1"
	wantCell := func(got map[string]any, n int) {
		t.Helper()
		tb, _ := json.Marshal(got["traceback"])
		if got["status"] != "error" || got["execution_count"] != float64(n) || !regexp.MustCompile(fmt.Sprintf(`\bcell %d\b`, n)).Match(tb) {
			t.Fatalf("cell In [%d]: %v", n, got)
		}
	}
	if got := c.reply(c.shell, execute("fmt.Println?")); got["status"] != "ok" || got["execution_count"] != float64(4) {
		t.Fatalf("help cell: %v", got)
	}
	wantCell(c.reply(c.shell, execute(failing)), 5)
	if got := c.reply(c.shell, execute("func deep(n int) int { return deep(n+1) + 1 }\ndeep(0)")); got["ename"] != "session restarted" {
		t.Fatalf("a stack overflow: %v", got)
	}
	wantCell(c.reply(c.shell, execute(failing)), 7)

	if got := c.reply(c.control, c.send(c.control, "shutdown_request", map[string]any{"restart": true})); got["status"] != "ok" || got["restart"] != true {
		t.Fatalf("shutdown_reply %v", got)
	}
	select {
	case code := <-exit:
		if code != 0 {
			t.Fatalf("gohooks kernel exited with %d: %s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("gohooks kernel did not exit after shutdown_request")
	}
}

func TestABackendThatCannotStartFailsEachCellWithTheReason(t *testing.T) {
	b := startBackend(func() (kernel.Backend, error) {
		return nil, errors.New("fork/exec /gone/gohooks: no such file or directory")
	})
	rep := b.Execute(context.Background(), backend.ExecuteRequest{Code: "1"}, nil)
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
