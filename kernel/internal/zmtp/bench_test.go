package zmtp

import (
	"context"
	"io"
	"net"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

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

// BenchmarkRouterRoundTrip is BenchmarkZMQRoundTrip with a ROUTER that
// listens through this package's transport.
func BenchmarkRouterRoundTrip(b *testing.B) {
	router, _ := echoRouter(b, time.Second)
	dealerRoundTrips(b, router.Addr().String())
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
