package kernel

import (
	"context"
	"io"
	"log"
	"net"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
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
	shell := dialRaw(b, tk.k.shell, "DEALER", "bench")
	iopub := dialRaw(b, tk.k.iopub, "SUB", "")
	iopub.send("\x01")
	for !tk.k.iopub.subscribed() {
		time.Sleep(time.Millisecond)
	}
	content := map[string]any{"code": "result 1", "silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true}
	for b.Loop() {
		id, frames := tk.frames("execute_request", content)
		if err := shell.writeFrames(frames, false); err != nil {
			b.Fatal(err)
		}
		if m := shell.recvMessage(tk.signer); parentID(m) != id || m.Header.MsgType != "execute_reply" {
			b.Fatalf("got %s", m.Header.MsgType)
		}
		for {
			m := iopub.recvMessage(tk.signer)
			if parentID(m) == id && m.Header.MsgType == "status" && state(m) == "idle" {
				break
			}
		}
	}
}

// BenchmarkZMQRoundTrip measures what go-zeromq/zmq4 costs alone: a
// five-frame message from a DEALER to a ROUTER over TCP on loopback and
// back, in one process.
func BenchmarkZMQRoundTrip(b *testing.B) {
	ctx := context.Background()
	router := zmq4.NewRouter(ctx)
	defer router.Close()
	if err := router.Listen("tcp://127.0.0.1:0"); err != nil {
		b.Fatal(err)
	}
	go func() {
		for {
			m, err := router.Recv()
			if err != nil {
				return
			}
			if router.Send(m) != nil {
				return
			}
		}
	}()
	dealerRoundTrips(b, router.Addr().String())
}

// BenchmarkRouterRoundTrip is BenchmarkZMQRoundTrip with the kernel's
// ROUTER, which listens through the kernel's transport (transport.go).
func BenchmarkRouterRoundTrip(b *testing.B) {
	router, _ := echoRouter(b, time.Second)
	dealerRoundTrips(b, router.z.Addr().String())
}

// dealerRoundTrips sends a five-frame message from a zmq4 DEALER to the
// echoing ROUTER at addr and waits for it to come back, b.N times.
func dealerRoundTrips(b *testing.B, addr string) {
	dealer := zmq4.NewDealer(context.Background(), zmq4.WithID(zmq4.SocketIdentity("client")))
	defer dealer.Close()
	if err := dealer.Dial("tcp://" + addr); err != nil {
		b.Fatal(err)
	}
	msg := zmq4.NewMsgFrom([]byte("<IDS|MSG>"), []byte("0123456789abcdef"), []byte(`{"msg_type":"execute_request"}`), []byte("{}"), []byte(`{"code":"1"}`))
	for b.Loop() {
		if err := dealer.Send(msg); err != nil {
			b.Fatal(err)
		}
		if _, err := dealer.Recv(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTCPRoundTrip is the floor under both: 100 bytes over loopback
// TCP and back, between two goroutines of one process.
func BenchmarkTCPRoundTrip(b *testing.B) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		io.Copy(c, c)
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	buf := make([]byte, 100)
	for b.Loop() {
		if _, err := c.Write(buf); err != nil {
			b.Fatal(err)
		}
		if _, err := io.ReadFull(c, buf); err != nil {
			b.Fatal(err)
		}
	}
}
