package kernel

import (
	"context"
	"errors"
	"log"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
)

// socket is one of the kernel's five go-zeromq/zmq4 sockets, listening
// through the kernel's transport (transport.go).
type socket struct {
	z    zmq4.Socket
	mu   sync.Mutex // one sender at a time
	flow *pubFlow   // PUB only
}

// listenSocket makes a socket of the given type and binds it to network
// ("tcp" or "unix") and addr.
func listenSocket(ctx context.Context, typ zmq4.SocketType, network, addr string, rules connRules) (*socket, error) {
	if typ == zmq4.Pub {
		rules.flow = newPubFlow(rules.sendTimeout)
	}
	ctx = withConnRules(ctx, rules)
	zlog := zmq4.WithLogger(log.New(logAdapter(rules.logf), "zmq4: ", 0))
	var z zmq4.Socket
	switch typ {
	case zmq4.Router:
		z = zmq4.NewRouter(ctx, zlog, zmq4.WithTimeout(rules.sendTimeout))
	case zmq4.Pub:
		z = zmq4.NewPub(ctx, zlog, zmq4.WithTimeout(rules.sendTimeout))
	case zmq4.Rep:
		z = zmq4.NewRep(ctx, zlog, zmq4.WithTimeout(rules.sendTimeout))
	default:
		return nil, errors.New("kernel: no socket of type " + string(typ))
	}
	scheme := kernelTCP
	if network == "unix" {
		scheme = kernelIPC
	}
	if err := z.Listen(scheme + "://" + addr); err != nil {
		z.Close()
		return nil, err
	}
	return &socket{z: z, flow: rules.flow}, nil
}

// port is the TCP port bound, or 0.
func (s *socket) port() int {
	if a, ok := s.z.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

// send sends one message; on a ROUTER its first frame names the peer.
func (s *socket) send(frames [][]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.z.Send(zmq4.NewMsgFrom(frames...))
}

// publish sends messages in order and returns the first error. It waits
// while a subscriber is far behind (pubFlow).
func (s *socket) publish(msgs ...[][]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	for _, m := range msgs {
		if s.flow != nil {
			s.flow.send()
		}
		if err := s.z.Send(zmq4.NewMsgFrom(m...)); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// serve receives messages until ctx ends and hands each to handle (on a
// ROUTER, with the sender's routing id first).
func (s *socket) serve(ctx context.Context, logf func(string, ...any), name string, handle func([][]byte)) {
	for {
		msg, err := s.z.Recv()
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			logf("%s: receive: %v", name, err)
			time.Sleep(10 * time.Millisecond)
			continue
		}
		handle(msg.Frames)
	}
}

// subscribed reports whether a peer of this PUB socket has subscribed.
func (s *socket) subscribed() bool {
	t, ok := s.z.(zmq4.Topics)
	return ok && len(t.Topics()) > 0
}

func (s *socket) close() { s.z.Close() }

// logAdapter routes zmq4's log lines to the kernel's log.
type logAdapter func(format string, args ...any)

func (l logAdapter) Write(p []byte) (int, error) {
	l("%s", strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}
