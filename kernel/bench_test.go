package kernel

import (
	"context"
	"testing"

	"github.com/go-zeromq/zmq4"
)

// BenchmarkExecuteRoundTrip measures a trivial cell through the kernel's
// real sockets with a backend that answers at once: execute_request sent to
// execute_reply and idle received, signed and checked on both sides. It is
// the kernel's own share of a round trip, without the worker and without a
// Python client.
func BenchmarkExecuteRoundTrip(b *testing.B) {
	tk := startKernel(b, Options{})
	go func() {
		for range tk.backend.started { // the fake backend reports each cell here
		}
	}()
	for b.Loop() {
		tk.execute("result 1", nil)
	}
}

// BenchmarkZMQRoundTrip measures what go-zeromq/zmq4 costs alone: a
// five-frame message from a DEALER to a ROUTER over TCP on loopback and
// back, in one process. A kernel round trip needs at least one of these.
func BenchmarkZMQRoundTrip(b *testing.B) {
	ctx := context.Background()
	router := zmq4.NewRouter(ctx)
	defer router.Close()
	if err := router.Listen("tcp://127.0.0.1:0"); err != nil {
		b.Fatal(err)
	}
	dealer := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity("client")))
	defer dealer.Close()
	if err := dealer.Dial("tcp://" + router.Addr().String()); err != nil {
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
