package kernel

import (
	"context"
	"io"
	"log"
	"testing"
	"time"

	"github.com/gohooks/gohooks/kernel/internal/zmtp/zmtptest"
)

// BenchmarkExecuteRoundTrip measures a trivial cell through the kernel's
// real sockets with a backend that answers at once: execute_request sent to
// execute_reply and idle received, signed and checked on both sides. It is
// the kernel's own share of a round trip, without the worker and without a
// Python client: the client is a bare ZMTP peer, so that only the kernel's
// side is zmq4.
func BenchmarkExecuteRoundTrip(b *testing.B) {
	info := ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", Key: testKey, SignatureScheme: "hmac-sha256"}
	backend := newFakeBackend()
	k, err := New(info, backend, Options{HistoryFile: "-", Log: log.New(io.Discard, "", 0)})
	if err != nil {
		b.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- k.Run(context.Background()) }()
	defer func() { k.stop(); <-done }()
	go func() {
		for range backend.started { // the fake backend reports each cell here
		}
	}()
	tk := &testKernel{t: b, k: k, signer: k.signer, session: newMsgID()}
	shell := zmtptest.Dial(b, tk.k.shell.Addr().String(), "DEALER", "bench")
	iopub := zmtptest.Dial(b, tk.k.iopub.Addr().String(), "SUB", "")
	iopub.Send("\x01")
	for !tk.k.iopub.Subscribed() {
		time.Sleep(time.Millisecond)
	}
	content := map[string]any{"code": "result 1", "silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true}
	for b.Loop() {
		id, frames := tk.frames("execute_request", content)
		if err := shell.WriteFrames(frames, false); err != nil {
			b.Fatal(err)
		}
		if m := recvMessage(shell, tk.signer); parentID(m) != id || m.Header.MsgType != "execute_reply" {
			b.Fatalf("got %s", m.Header.MsgType)
		}
		for {
			m := recvMessage(iopub, tk.signer)
			if parentID(m) == id && m.Header.MsgType == "status" && state(m) == "idle" {
				break
			}
		}
	}
}
